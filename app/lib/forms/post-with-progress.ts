import {
  data,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  redirect,
  redirectDocument,
  replace,
} from "react-router";

export type UploadProgress = { loaded: number; total: number };

/** The browser lost the connection (or the server dropped it) before the answer came. */
export class UploadConnectionError extends Error {}

/** Cancelled with `abort()`, or the page navigated away. */
export class UploadAbortedError extends Error {
  override name = "AbortError";
}

/**
 * Posts a form to the route action that `request` targets, as React Router's own submission
 * does (its single-fetch `.data` URL, turbo-stream answer), but with XMLHttpRequest, which
 * reports upload progress and can be aborted; `fetch` can do neither. For a `clientAction`:
 * it returns the action's data, or throws its redirect (React Router then navigates) or its
 * error response, exactly as `serverAction()` would. See docs/decisions/0017-object-storage.md.
 */
export function postWithProgress(
  request: Request,
  body: FormData,
  {
    onProgress,
    onSent,
    signal,
  }: {
    onProgress: (progress: UploadProgress) => void;
    /** The whole body is sent; the server is reading or saving it. */
    onSent: () => void;
    signal: AbortSignal;
  },
): Promise<unknown> {
  const xhr = new XMLHttpRequest();
  const answered = new Promise<XMLHttpRequest>((resolve, reject) => {
    xhr.open("POST", singleFetchUrl(request.url));
    xhr.responseType = "blob";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new UploadConnectionError("The connection was lost"));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new UploadAbortedError("The upload was cancelled"));
    if (signal.aborted) return reject(new UploadAbortedError("The upload was cancelled"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
  return answered.then(actionResult);
}

/** React Router's data URL of a document URL: `/a/b?x` -> `/a/b.data?x`, `/` -> `/_root.data`. */
function singleFetchUrl(documentUrl: string) {
  const url = new URL(documentUrl, window.location.origin);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url;
}

/** The action's answer as React Router's single fetch decodes it for one route. */
async function actionResult(xhr: XMLHttpRequest): Promise<unknown> {
  const response = new Response(xhr.response as Blob, { status: xhr.status });
  // An answer from before React Router (a proxy, the body limit) is an error page.
  if (xhr.status >= 400 && !xhr.getResponseHeader("X-Remix-Response")) {
    throw data(await response.text(), { status: xhr.status });
  }
  if (!response.body) return undefined;
  const { value } = await decodeViaTurboStream(response.body, window);
  const result = value as {
    redirect?: string;
    status?: number;
    reload?: boolean;
    replace?: boolean;
    data?: unknown;
    error?: unknown;
  };
  if (typeof result.redirect === "string") {
    const go = result.reload ? redirectDocument : result.replace ? replace : redirect;
    throw go(result.redirect, result.status);
  }
  if ("error" in result) throw result.error;
  return result.data;
}
