import type { HeadersFunction } from "react-router";

/** The header telling a rate-limited client when to try again (none without a wait). */
export function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds ? { "Retry-After": String(seconds) } : {};
}

/**
 * A route's `headers` export for a form that can be rate limited: React Router sends an
 * action's headers with a page only through this export (cookies excepted).
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const seconds = actionHeaders.get("Retry-After");
  if (seconds) headers.set("Retry-After", seconds);
  return headers;
};
