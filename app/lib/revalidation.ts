import type { ShouldRevalidateFunction } from "react-router";

/**
 * For loaders whose data does not depend on the search string: a change of only the query
 * (the catalogue's filters) needs no new request. Submissions still revalidate.
 */
export const skipSearchOnlyChanges: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);
