import type { AppLoadContext } from "react-router";

type RouteParams = Record<string, string>;

/**
 * What React Router gives a route module's loader or action on the server (`Route.LoaderArgs`,
 * `Route.ActionArgs`): the request, its URL, the path's params, the matched pattern and the
 * load context (this app passes none).
 */
export type RouteArgs<Params extends RouteParams = RouteParams> = {
  request: Request;
  url: URL;
  params: Params;
  pattern: string;
  context: AppLoadContext;
};

/** Arguments for calling a loader or action directly, as React Router would call it. */
export function routeArgs(request: Request): RouteArgs<Record<string, never>>;
export function routeArgs<Params extends RouteParams>(
  request: Request,
  params: Params,
): RouteArgs<Params>;
export function routeArgs(request: Request, params: RouteParams = {}): RouteArgs {
  const url = new URL(request.url);
  // No route module reads the pattern; the request's own path stands in for it.
  return { request, url, params, pattern: url.pathname, context: {} };
}

/**
 * A loader or action of any route module, as a table of cases holds it. Each module types its
 * own params (`{ slug: string }`, `{ "*": string }`), so the table compares them as TypeScript
 * compares a method's parameters: either way round.
 */
export type RouteFunction = { call(args: RouteArgs): unknown }["call"];
