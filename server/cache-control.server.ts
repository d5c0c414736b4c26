import type { RequestHandler } from "express";
import onHeaders from "on-headers";

/**
 * A public page kept by the page cache, the same bytes for every visitor (docs/decisions/0049):
 * a browser asks again each time (a 304 costs a few hundred bytes on mobile data), a shared
 * cache (nginx, a CDN) keeps it 30 s and may answer 30 s more from the stale copy while it
 * fetches the new one, so a course edit shows within a minute at most.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=30, stale-while-revalidate=30";

/** Everything else: never kept by anyone, not even the browser's back-forward cache. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Every answer of the application says how it may be cached. The portal's always say private,
 * whatever a route sets; elsewhere an answer that set nothing (a page with a cookie, after a
 * form post, an error page, route data) is private, and the ones that may be kept say so
 * themselves: a public page (the page cache), a course image, robots.txt.
 */
export function privateUnlessStated(isPortal: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const portal = isPortal(req.path);
    onHeaders(res, () => {
      if (portal || !res.hasHeader("Cache-Control")) {
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      }
    });
    next();
  };
}
