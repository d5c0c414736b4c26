import { PassThrough, type Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { checkoutOrigins } from "./features/payments/gateway/gateway.server";
import {
  contentSecurityPolicy,
  createScriptNonce,
  type InlineScripts,
} from "./lib/http/content-security-policy.server";
import { holdScriptsUntilLoaded, inlineScriptHashes } from "./lib/http/scripts-after-load.server";
import { markUnavailable } from "./lib/http/unavailable.server";
import { env } from "./lib/infra/env.server";
import { logger } from "./lib/infra/logger.server";
import { isPortalPath } from "./lib/router/portal-path";

// React Router's default Node entry, plus the Content-Security-Policy and, on the public site in
// production, the browser's code fetched only once the page has loaded (docs/decisions/0026). A
// portal page's inline scripts carry a nonce of its own; a public page is the same bytes for
// every visitor, so any cache may keep it, and its policy lists its inline scripts' hashes
// (docs/decisions/0049).

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

  const nonce = holdsScripts(request) ? undefined : createScriptNonce();
  // Vite's development server injects its own inline scripts; the policy guards production.
  const setPolicy = (inline: InlineScripts) => {
    if (!import.meta.env.PROD) return;
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(inline, env().s3?.publicUrl, checkoutOrigins()),
    );
  };

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every page is sent whole, never as a stream: a part loaded on demand (`lazyPart`) is
        // rendered in place, so the page is complete without JavaScript. The loaders' data is
        // all awaited before rendering, so nothing waits longer for it. React would still move
        // a finished part past 12,800 bytes of page to the end, to be put in place by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          if (nonce) {
            setPolicy({ nonce });
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
            return;
          }
          resolve(
            publicDocument(body).then((html) => {
              setPolicy({ hashes: inlineScriptHashes(html) });
              return new Response(html, { headers: responseHeaders, status: responseStatusCode });
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

/**
 * A public page as sent: complete (the site renders no Suspense boundary, so React writes the
 * whole page at once anyway), with its scripts held until it has loaded.
 */
async function publicDocument(rendered: Readable): Promise<string> {
  return holdScriptsUntilLoaded(await text(rendered));
}
