import * as z from "zod/mini";
import { searchParam } from "~/lib/outside-text";
import type { CatalogueFilters } from "./course-rules";

export type CatalogueView = "grid" | "list";
export type CatalogueQuery = CatalogueFilters & { view: CatalogueView };

const text = searchParam(100, { keepSpaces: true });

const querySchema = z.object({
  q: text,
  category: text,
  level: text,
  view: z.catch(z.enum(["grid", "list"]), "grid"),
});

/** Reads the catalogue's filters from the URL; anything unexpected falls back to "all". */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  return querySchema.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? "",
    level: params.get("level") ?? "",
    view: params.get("view") ?? "grid",
  });
}

/** The URL search string for a query, leaving out defaults so shared links stay short. */
export function catalogueSearch(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.level) params.set("level", query.level);
  if (query.view === "list") params.set("view", "list");
  const search = params.toString();
  return search ? `?${search}` : "";
}
