import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl } from "~/lib/router/list-href";
import { searchParam } from "~/lib/text/outside-text";
import type { CatalogueFilters } from "../course-rules";

export type CatalogueView = "grid" | "list";
export type CatalogueQuery = CatalogueFilters & { view: CatalogueView };

const text = searchParam(100, { keepSpaces: true });

const schema = z.object({
  q: text,
  category: text,
  level: text,
  starting: z.catch(z.enum(["", "60-days"]), ""),
  view: z.catch(z.enum(["grid", "list"]), "grid"),
});
const list = listUrl(href("/courses"), schema, {});

/** Reads the catalogue's filters from the URL; anything unexpected falls back to "all". */
export const parseCatalogueQuery: (params: URLSearchParams) => CatalogueQuery = list.parse;
/** What an empty query string reads as: every course, as a grid. */
export const defaultCatalogueQuery = parseCatalogueQuery(new URLSearchParams());
/** The URL search string for a query, leaving out defaults so shared links stay short. */
export const catalogueSearch = (query: CatalogueQuery): string => list.search(query);
