import { listSearch } from "~/lib/router/list-search";
import { isSingleLine } from "~/lib/text/hidden-characters";
import type { CatalogueFilters } from "../course-rules";

// The catalogue's URL, read by hand rather than with a schema: the page parses it in the
// browser at every filter change, and the public pages load no validation library
// (docs/decisions/0066).

export type CatalogueView = "grid" | "list";
export type CatalogueQuery = CatalogueFilters & { view: CatalogueView };

const TEXT_MAX = 100;

/** A filter's text as typed (spaces kept: the box writes the URL at each key); else none. */
function text(params: URLSearchParams, name: string) {
  const value = params.get(name) ?? "";
  return value.length <= TEXT_MAX && isSingleLine(value) ? value : "";
}

function oneOf<Value extends string>(value: string | null, allowed: readonly Value[]): Value {
  return allowed.find((option) => option === value) ?? (allowed[0] as Value);
}

/** Reads the catalogue's filters from the URL; anything unexpected falls back to "all". */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  return {
    q: text(params, "q"),
    category: text(params, "category"),
    level: text(params, "level"),
    starting: oneOf(params.get("starting"), ["", "60-days"]),
    view: oneOf(params.get("view"), ["grid", "list"]),
  };
}

/** What an empty query string reads as: every course, as a grid. */
export const defaultCatalogueQuery = parseCatalogueQuery(new URLSearchParams());

/** The URL search string for a query, leaving out defaults so shared links stay short. */
export const catalogueSearch = (query: CatalogueQuery): string =>
  listSearch(query, defaultCatalogueQuery);
