import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { failedReadCount } from "~/lib/http/unavailable.server";
import { logger } from "~/lib/infra/logger.server";
import { isPortalPath } from "~/lib/router/portal-path";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./cache-control.server";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type Encoding = "br" | "gzip";
type Representation = Encoding | "identity";

type KeptPage = {
  version: string;
  /** The digest of the HTML: the page's ETag, with a suffix per encoding. */
  digest: string;
  /** The headers the page was rendered with, its Content-Security-Policy among them. */
  headers: Record<string, string>;
  /** The page's bytes as sent in each representation, each compressed once. */
  bodies: Record<Representation, Buffer>;
};

type Options = {
  /** What the pages depend on besides their URL; a page kept under another version is stale. */
  version: () => Promise<string>;
  /** Bytes kept at most (every representation counted), least recently used pages dropped first. */
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
  "cache-control",
  "etag",
]);

/**
 * Keeps the rendered public pages and answers from them, so a page is rendered once per version
 * rather than once per request (docs/decisions/0024), and so that every visitor gets the same
 * bytes and headers, which any cache may keep (docs/decisions/0049): Cache-Control, a strong
 * ETag from the page's digest, and 304 Not Modified to a matching If-None-Match. Only what is
 * the same for every visitor is kept: a GET without cookies (no flash message, no session),
 * answered 200 with a complete HTML document, no Set-Cookie, no Cache-Control of its own, and no
 * failed read while it rendered. Any other answer passes through as it was rendered.
 */
export function cachePublicPages({
  version,
  maxBytes = 16 * 1024 * 1024,
}: Options): RequestHandler {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) =>
      Math.max(
        1,
        Object.values(page.bodies).reduce((sum, body) => sum + body.length, 0),
      ),
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
      answerFromPage(req, res, page);
      return;
    }
    if (req.method !== "GET") return next();
    holdAnswer(res, async (held) => {
      if (!mayKeep(held)) return held.send();
      let kept: KeptPage;
      try {
        kept = await keptPage(current, held);
      } catch (error) {
        logger.error({ err: error }, "Compressing a public page failed");
        return held.send();
      }
      pages.set(key, kept);
      answerFromPage(req, res, kept);
    });
    next();
  };
}

function mayBeCached(req: Request): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    req.headers.cookie === undefined &&
    !isPortalPath(req.path) &&
    !req.path.endsWith(".data")
  );
}

function answerFromPage(req: Request, res: Response, page: KeptPage) {
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  const representation = preferredEncoding(req) ?? "identity";
  res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  // A request with a cookie gets a page of its own (a flash message), never this one.
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("ETag", entityTag(page.digest, representation));
  if (matchesPage(req.headers["if-none-match"], page.digest)) {
    res.status(304).end();
    return;
  }
  const body = page.bodies[representation];
  // Already compressed: the compression layer leaves an encoded answer alone.
  if (representation !== "identity") res.setHeader("Content-Encoding", representation);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

/**
 * A strong validator per representation (RFC 9110, 8.8.3): the same page compressed is other
 * bytes, so it gets another tag.
 */
function entityTag(digest: string, representation: Representation): string {
  const suffix = { identity: "", br: "-br", gzip: "-gz" }[representation];
  return `"${digest}${suffix}"`;
}

/** If-None-Match compares weakly (RFC 9110, 13.1.2): any tag of this page's bytes matches. */
function matchesPage(ifNoneMatch: string | undefined, digest: string): boolean {
  if (!ifNoneMatch) return false;
  const tags = new Set(
    (["identity", "br", "gzip"] as const).map((representation) =>
      entityTag(digest, representation),
    ),
  );
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tags.has(tag));
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

type HeldAnswer = {
  html: Buffer;
  /** The headers set while the page rendered (not those of the layers before this one). */
  headers: Record<string, string>;
  failedRead: boolean;
  /** Sends the answer as it was rendered. */
  send: () => void;
};

/**
 * Holds a rendered page instead of sending it, and hands it to `decide` once it has ended, so
 * that the first visitor of a page gets the same bytes and headers as the next ones (public
 * pages are rendered whole before they are sent anyway: app/entry.server.tsx). An answer that
 * cannot be kept (judged by its status and headers at its first write: a file, a redirect, an
 * error page) is sent as it is written.
 */
function holdAnswer(res: Response, decide: (held: HeldAnswer) => Promise<void>) {
  const earlierHeaders = new Set(res.getHeaderNames());
  const failedReadsBefore = failedReadCount();
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  let holding: boolean | undefined;
  const release = () => {
    res.write = write;
    res.end = end;
  };
  const holds = () => {
    holding ??= mayBeKept(res);
    if (!holding) release();
    return holding;
  };

  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    if (!holds()) return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    chunks.push(bufferOf(chunk, rest[0]));
    return true;
  } as typeof res.write;

  res.end = function (this: Response, ...args: unknown[]) {
    if (!holds()) return (end as (...args: unknown[]) => Response).apply(this, args);
    if (args[0] !== undefined && typeof args[0] !== "function") {
      chunks.push(bufferOf(args[0], args[1]));
    }
    release();
    const html = Buffer.concat(chunks);
    void decide({
      html,
      headers: renderedHeaders(res, earlierHeaders),
      failedRead: failedReadCount() !== failedReadsBefore,
      send: () => res.end(html),
    });
    return this;
  } as typeof res.end;
}

function bufferOf(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  return chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.alloc(0);
}

function renderedHeaders(res: Response, earlierHeaders: Set<string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of res.getHeaderNames()) {
    if (earlierHeaders.has(name) || HEADERS_NOT_KEPT.has(name)) continue;
    const value = res.getHeader(name);
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return headers;
}

/**
 * An answer that may become a kept page, judged on every header it carries (those set before
 * this layer included): a 200 HTML page, no Set-Cookie, no Cache-Control of its own.
 */
function mayBeKept(res: Response): boolean {
  return (
    !res.headersSent &&
    res.statusCode === 200 &&
    String(res.getHeader("content-type") ?? "").startsWith("text/html") &&
    !res.hasHeader("set-cookie") &&
    !res.hasHeader("cache-control")
  );
}

/** A held page is kept if it rendered in full, with no failed read. */
function mayKeep(held: HeldAnswer): boolean {
  return (
    !held.failedRead &&
    // A render cut short (a timeout, an aborted stream) does not end the document.
    held.html.subarray(-64).toString("utf8").trimEnd().endsWith("</html>")
  );
}

/**
 * Brotli 6 and gzip 9: a few milliseconds a page. A page is compressed once per version, but the
 * version moves on with every application (an intake's places change), so in an admissions
 * rush each page is compressed often; brotli 11 would save a tenth of the bytes for about
 * 50 times the time (2 ms against 114 ms for `/`, measured).
 */
async function keptPage(version: string, held: HeldAnswer): Promise<KeptPage> {
  const [br, gzipped] = await Promise.all([
    compressBrotli(held.html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: held.html.length,
      },
    }),
    compressGzip(held.html, { level: 9 }),
  ]);
  return {
    version,
    digest: createHash("sha256").update(held.html).digest("base64url").slice(0, 32),
    headers: held.headers,
    bodies: { identity: held.html, br, gzip: gzipped },
  };
}
