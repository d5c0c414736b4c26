import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { checkoutOrigins } from "./features/payments/gateway.server";
import {
  contentSecurityPolicy,
  createScriptNonce,
} from "./lib/http/content-security-policy.server";
import { scriptsAfterLoad } from "./lib/http/scripts-after-load.server";
import { markUnavailable } from "./lib/http/unavailable.server";
import { env } from "./lib/infra/env.server";
import { logger } from "./lib/infra/logger.server";
import { isPortalPath } from "./lib/router/portal-path";

// React Router's default Node entry, plus the Content-Security-Policy (every inline script the
// router and React render carries this response's nonce) and, on the public site in production,
// the browser's code fetched only once the page has loaded (docs/decisions/0026).

export const streamTimeout = 5_000;

/** Errors React Router caught in a loader, an action or a render: one line, no values. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error }, "Answering a request failed");
};

/**
 * The public site works without its scripts, so they wait for the page; the portal is an app
 * staff use at once, and Vite's development server loads modules of its own.
 */
function holdsScripts(request: Request): boolean {
  return import.meta.env.PROD && !isPortalPath(new URL(request.url).pathname);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (responseStatusCode === 503) markUnavailable(responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = createScriptNonce();
  // Vite's development server injects its own inline scripts; the policy guards production.
  if (import.meta.env.PROD) {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, env().s3?.publicUrl, checkoutOrigins()),
    );
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once rather than a stream.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          const page = holdsScripts(request) ? scriptsAfterLoad(body, nonce) : body;
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is rendered are logged by React Router itself.
          if (shellRendered) logger.error({ err: error }, "Rendering a page failed");
        },
      },
    );
  });
}
