import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { type CatalogueQuery, catalogueSearch, parseCatalogueQuery } from "./catalogue-list-url";

/**
 * The catalogue's filters, kept in the URL as they change. `searchText` is the search box's
 * own text: it answers each key at once, and the URL follows.
 */
export function useCatalogueQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseCatalogueQuery(searchParams);
  const [searchText, setSearchText] = useState(query.q);

  // The filters last asked for, and the URLs asked for that the address bar has not shown yet.
  // The URL lags behind fast typing (or two dropdowns changed in quick succession): an older
  // URL arriving late must neither undo a newer change nor wipe letters typed since.
  const requested = useRef(query);
  const pending = useRef<string[]>([]);
  const search = catalogueSearch(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL when it changes
  useEffect(() => {
    const index = pending.current.lastIndexOf(search);
    if (index >= 0) {
      // One of ours; a newer one may still be on its way.
      pending.current = pending.current.slice(index + 1);
      return;
    }
    // Changed from elsewhere (Clear Filters, the view toggle, a link, Back): follow the URL.
    pending.current = [];
    requested.current = query;
    setSearchText(query.q);
  }, [search]);

  const update = (change: Partial<CatalogueQuery>) => {
    if (change.q !== undefined) setSearchText(change.q);
    requested.current = { ...requested.current, ...change };
    const next = catalogueSearch(requested.current);
    pending.current.push(next);
    setSearchParams(new URLSearchParams(next), { replace: true, preventScrollReset: true });
  };

  return { query, searchText, update };
}
