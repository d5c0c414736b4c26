import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { createScriptNonce, scriptNonceOf } from "~/lib/http/content-security-policy.server";
import { failedReadCount } from "~/lib/http/unavailable.server";
import { logger } from "~/lib/infra/logger.server";
import { isPortalPath } from "~/lib/router/portal-path";
import {
  compressPage,
  type Encoding,
  type NoncedPage,
  pageBytes,
  splitAtNonce,
} from "./precompressed-page.server";

type CachedPage = {
  version: string;
  /** The HTML around its nonces, compressed once (docs/decisions/0027). */
  body: NoncedPage;
  /** The headers the page was rendered with, its Content-Security-Policy among them. */
  headers: Record<string, string>;
  /** The script nonce rendered into the page and the policy, replaced on every answer. */
  nonce: string;
};

type Options = {
  /** What the pages depend on besides their URL; a page kept under another version is stale. */
  version: () => Promise<string>;
  /** Runs for each page answered from the cache, in place of the loaders that did not run. */
  onServedFromCache?: (request: globalThis.Request) => Promise<void>;
  /** Bytes of HTML kept at most, least recently used pages dropped first. */
  maxBytes?: number;
};

// Set by the layers under this one (compression, the server) or per request (the log's id).
const HEADERS_NOT_KEPT = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
]);

/**
 * Keeps the rendered HTML of public pages and answers the next visitor from it, so a page is
 * rendered once per version rather than once per request (docs/decisions/0024). Only what is
 * the same for every visitor is kept: a GET without cookies (no flash message, no session),
 * answered 200 with a complete HTML document, no Set-Cookie, nothing forbidding storage, and no
 * failed read while it rendered. Each answer from the cache gets a fresh script nonce.
 */
export function cachePublicPages({
  version,
  onServedFromCache,
  maxBytes = 16 * 1024 * 1024,
}: Options): RequestHandler {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, cachedBytes(page.body)),
  });

  return async (req, res, next) => {
    if (!mayBeCached(req)) return next();
    let current: string;
    try {
      current = await version();
    } catch {
      // The database is out of reach: the page renders as it can and is not kept.
      return next();
    }
    const key = req.originalUrl;
    const page = pages.get(key);
    if (page?.version === current) {
      answerFromCache(req, res, page);
      await onServedFromCache?.(fetchRequestOf(req));
      return;
    }
    keepWhenComplete(res, (html, headers) => {
      const nonce = scriptNonceOf(headers["content-security-policy"] ?? "");
      if (!nonce) return;
      const body = splitAtNonce(html, nonce);
      pages.set(key, { version: current, body, headers, nonce });
      // Until it is done (or if it cannot be) answers are compressed as they are sent.
      compressPage(body, nonce)
        .then(() => {
          // Kept again, as a new entry so that its size counts the compressed bytes, unless a
          // newer render took its place meanwhile.
          const kept = pages.peek(key);
          if (kept?.body === body) pages.set(key, { ...kept });
        })
        .catch((error: unknown) => logger.error({ err: error }, "Compressing a kept page failed"));
    });
    next();
  };
}

function mayBeCached(req: Request): boolean {
  return (
    req.method === "GET" &&
    req.headers.cookie === undefined &&
    !isPortalPath(req.path) &&
    !req.path.endsWith(".data")
  );
}

function answerFromCache(req: Request, res: Response, page: CachedPage) {
  const nonce = createScriptNonce();
  for (const [name, value] of Object.entries(page.headers)) {
    res.setHeader(name, value.replaceAll(page.nonce, nonce));
  }
  const encoding = page.body.compressed ? preferredEncoding(req) : undefined;
  const body = pageBytes(page.body, nonce, encoding);
  if (encoding) {
    // Already compressed: the compression layer leaves an encoded answer alone.
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.vary("Accept-Encoding");
  }
  res.status(200).end(body);
}

const ENCODINGS: Encoding[] = ["br", "gzip"];
// negotiator takes the order for ties as a second argument (compression passes it too), which
// @types/negotiator does not declare.
type EncodingChoice = (available: string[], preferred: string[]) => string | undefined;

/**
 * The browser's choice by its q-values, brotli where they tie (every current browser takes it),
 * as the compression layer chooses.
 */
function preferredEncoding(req: Request): Encoding | undefined {
  const negotiator = new Negotiator(req);
  const choice = (negotiator.encoding as EncodingChoice).call(negotiator, ENCODINGS, ENCODINGS);
  return ENCODINGS.find((encoding) => encoding === choice);
}

function cachedBytes(body: NoncedPage): number {
  const parts = [...body.segments, ...Object.values(body.compressed ?? {}).flat()];
  return parts.reduce((sum, part) => sum + part.length, 0);
}

/**
 * Collects the page as it is written and hands it to `keep` once it has ended, if it may be
 * kept. Headers are read at the first write, before the compression layer adds its own.
 */
function keepWhenComplete(
  res: Response,
  keep: (html: string, headers: Record<string, string>) => void,
) {
  const earlierHeaders = new Set(res.getHeaderNames());
  const failedReadsBefore = failedReadCount();
  const chunks: Buffer[] = [];
  let headers: Record<string, string> | undefined;
  const write = res.write;
  const end = res.end;

  const collect = (chunk: unknown, encoding: unknown) => {
    headers ??= pageHeaders(res, earlierHeaders);
    if (typeof chunk === "string") {
      chunks.push(
        Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    } else if (chunk instanceof Uint8Array) {
      chunks.push(Buffer.from(chunk));
    }
  };

  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;

  res.end = function (this: Response, ...args: unknown[]) {
    if (args[0] !== undefined && typeof args[0] !== "function") collect(args[0], args[1]);
    headers ??= pageHeaders(res, earlierHeaders);
    const html = Buffer.concat(chunks).toString("utf8");
    if (mayKeep(res, html) && failedReadCount() === failedReadsBefore) keep(html, headers);
    return (end as (...args: unknown[]) => Response).apply(this, args);
  } as typeof res.end;
}

function pageHeaders(res: Response, earlierHeaders: Set<string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of res.getHeaderNames()) {
    if (earlierHeaders.has(name) || HEADERS_NOT_KEPT.has(name)) continue;
    const value = res.getHeader(name);
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return headers;
}

/** Judged on every header the answer carries, those set before this layer included. */
function mayKeep(res: Response, html: string): boolean {
  return (
    res.statusCode === 200 &&
    String(res.getHeader("content-type") ?? "").startsWith("text/html") &&
    res.getHeader("set-cookie") === undefined &&
    !/no-store|private/.test(String(res.getHeader("cache-control") ?? "")) &&
    // A render cut short (a timeout, an aborted stream) does not end the document.
    html.trimEnd().endsWith("</html>")
  );
}

/** The request as loaders see it, for work that must run even when they do not. */
function fetchRequestOf(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new globalThis.Request(new URL(req.originalUrl, "http://localhost"), {
    method: req.method,
    headers,
  });
}
