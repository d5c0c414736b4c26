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

/** For pages whose forms do not change what the loader reads: a submission there loads nothing. */
export const skipAfterOwnSubmissions: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);
