import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express, { type Request as ExpressRequest, type Response } from "express";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/lib/http/content-security-policy.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { isPortalPath } from "~/lib/router/portal-path";
import {
  PRIVATE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  privateUnlessStated,
} from "../../server/cache-control.server";
import { compressResponses } from "../../server/compression.js";
import { cachePublicPages } from "../../server/public-page-cache.server";
import { listenForTest } from "../support/listen";

/**
 * The public page cache as server.js and server/app.ts stack it: the headers every response
 * gets, the real compression, the default Cache-Control, the cache, then a page renderer that
 * writes its document in small chunks as React Router does and counts how often it runs.
 */

/** How a test page answers, by path; a path not listed is an ordinary page. */
type PageBehaviour = {
  status?: number;
  headers?: Record<string, string>;
  contentType?: string;
  /** False: the stream stops before `</html>` (a render cut short). */
  complete?: boolean;
  /** A read the page can do without (the header's Courses menu) fails while it renders. */
  failedRead?: boolean;
  /** Headers set by a layer before the cache, as server/app.ts does for the portal. */
  earlierHeaders?: Record<string, string>;
  /** The headers are sent before the first chunk, so compression has added its own by then. */
  flushHeadersFirst?: boolean;
};

/** A document as the router renders a public page: inline scripts, Naira prices. */
function documentOf(req: ExpressRequest, render: number, complete: boolean) {
  const courses = Array.from(
    { length: 40 },
    (_, index) =>
      `<li><a href="/course/course-${index}">Course ${index}</a> <span>₦${(index + 1) * 25_000}</span></li>`,
  ).join("");
  const html = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>All Courses</title></head>',
    `<body><main data-render="${render}" data-path="${req.path}">`,
    req.headers.cookie ? "<p>Your message was sent.</p>" : "",
    `<ul>${courses}</ul></main>`,
    `<script>window.__reactRouterContext = { "url": "${req.originalUrl}" };</script>`,
    '<script type="module">import("/assets/entry.client.js");</script>',
    "</body></html>",
  ].join("");
  return complete ? html : html.slice(0, html.indexOf("<script"));
}

const POLICY = contentSecurityPolicy({ hashes: ["sha256-context", "sha256-bootstrap"] });

type Site = {
  url: string;
  /** How many times the page renderer ran for `path` (any method). */
  renders: (path: string) => number;
  setVersion: (version: string) => void;
  failVersion: (fails: boolean) => void;
};

async function serveSite(
  pages: Record<string, PageBehaviour> = {},
  { maxBytes }: { maxBytes?: number } = {},
): Promise<Site> {
  let version = "1@2026-11-22";
  let versionFails = false;
  const renders = new Map<string, number>();

  const app = express();
  // server.js: the headers every response gets, then compression.
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(compressResponses());
  app.use(privateUnlessStated(isPortalPath));
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(pages[req.path]?.earlierHeaders ?? {})) {
      res.setHeader(name, value);
    }
    next();
  });
  app.use(
    cachePublicPages({
      version: async () => {
        if (versionFails) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        return version;
      },
      maxBytes,
    }),
  );
  app.use(async (req, res) => {
    const render = (renders.get(req.path) ?? 0) + 1;
    renders.set(req.path, render);
    const page = pages[req.path] ?? {};
    if (page.failedRead) {
      await readOrNull("Loading the test page's menu", () =>
        Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
      );
    }
    res.status(page.status ?? 200);
    res.setHeader("Content-Type", page.contentType ?? "text/html");
    res.setHeader("Content-Security-Policy", POLICY);
    for (const [name, value] of Object.entries(page.headers ?? {})) res.setHeader(name, value);
    if (page.flushHeadersFirst) res.flushHeaders();
    // Chunks of 700 bytes split some three-byte ₦ signs between two writes.
    const bytes = new TextEncoder().encode(documentOf(req, render, page.complete ?? true));
    for (let start = 0; start < bytes.length; start += 700) {
      res.write(bytes.subarray(start, start + 700));
      (res as Response & { flush?: () => void }).flush?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  });

  const { url } = await listenForTest(app);
  return {
    url,
    renders: (path) => renders.get(path) ?? 0,
    setVersion: (next) => {
      version = next;
    },
    failVersion: (fails) => {
      versionFails = fails;
    },
  };
}

type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, before decoding. */
  raw: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
};

function decode(raw: Buffer, encoding: string | undefined) {
  if (raw.length === 0) return raw;
  if (encoding === "gzip") return gunzipSync(raw);
  if (encoding === "br") return brotliDecompressSync(raw);
  if (encoding === undefined) return raw;
  throw new Error(`Unexpected Content-Encoding ${encoding}`);
}

/** One request on its own connection; the body is decoded here, so a bad encoding fails. */
function send(
  url: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    httpRequest(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        try {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw,
            text: decode(raw, response.headers["content-encoding"]).toString("utf8"),
          });
        } catch (error) {
          reject(error);
        }
      });
    })
      .on("error", reject)
      .end();
  });
}

// Set per connection or per answer by Node.
const TRANSPORT_HEADERS = ["date", "connection", "keep-alive"];

/** What an answer says besides its transport: every header a cache would keep. */
function pageHeaders(answer: Answer) {
  return Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !TRANSPORT_HEADERS.includes(name)),
  );
}

const BROTLI = { headers: { "Accept-Encoding": "br" } };

describe("a public page answered from the cache", () => {
  it("is rendered once; every answer, the first included, is the same bytes and headers", async () => {
    const site = await serveSite();
    const answers = [];
    for (let count = 0; count < 4; count++) answers.push(await send(`${site.url}/courses`, BROTLI));

    expect(site.renders("/courses")).toBe(1);
    const [first] = answers;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.raw.equals(first?.raw ?? Buffer.alloc(0))).toBe(true);
      expect(pageHeaders(answer)).toEqual(pageHeaders(first as Answer));
    }
    expect(first?.headers).toMatchObject({
      "cache-control": PUBLIC_PAGE_CACHE_CONTROL,
      etag: expect.stringMatching(/^"[\w-]{32}-br"$/),
      vary: "Accept-Encoding, Cookie",
      "content-encoding": "br",
      "content-length": String(first?.raw.length),
      "content-security-policy": POLICY,
      "x-content-type-options": "nosniff",
    });
    // The three-byte ₦ signs split between writes are whole in the kept page.
    expect(first?.text).toContain("<span>₦1000000</span>");
    expect(first?.text).not.toContain("\uFFFD");
  });

  it("answers 304 Not Modified to a matching If-None-Match, and the page to any other", async () => {
    const site = await serveSite();
    const page = await send(`${site.url}/courses`, BROTLI);
    const etag = String(page.headers.etag);
    const gzipTag = etag.replace("-br", "-gz");

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, gzipTag, "*"]) {
      const again = await send(`${site.url}/courses`, {
        headers: { "Accept-Encoding": "br", "If-None-Match": ifNoneMatch },
      });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers).toMatchObject({
        etag,
        "cache-control": PUBLIC_PAGE_CACHE_CONTROL,
        vary: "Accept-Encoding, Cookie",
      });
    }
    const changed = await send(`${site.url}/courses`, {
      headers: { "Accept-Encoding": "br", "If-None-Match": '"an-older-version-br"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.raw.equals(page.raw)).toBe(true);
    expect(site.renders("/courses")).toBe(1);
  });

  it("is kept per URL, the query string included", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`);
    const filtered = await send(`${site.url}/courses?category=Design`);
    expect(filtered.text).toContain('"url": "/courses?category=Design"');
    await send(`${site.url}/courses?category=Design`);
    expect(site.renders("/courses")).toBe(2);
  });

  it("is rendered again, kept again and tagged anew when the version changes", async () => {
    const site = await serveSite();
    const before = await send(`${site.url}/courses`);
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(1);

    site.setVersion("2@2026-11-22");
    const rendered = await send(`${site.url}/courses`, {
      headers: { "If-None-Match": String(before.headers.etag) },
    });
    expect(rendered.status).toBe(200);
    expect(rendered.text).toContain('data-render="2"');
    expect(rendered.headers.etag).not.toBe(before.headers.etag);
    const cached = await send(`${site.url}/courses`);
    expect(cached.text).toContain('data-render="2"');
    expect(site.renders("/courses")).toBe(2);

    // The Lagos date is part of the version: the next day renders too.
    site.setVersion("2@2026-11-23");
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(3);
  });

  it("is never used for, nor made from, a request with a Cookie header, whose page is private", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`);
    const withCookie = { headers: { Cookie: "flash=sent" } };
    const first = await send(`${site.url}/courses`, withCookie);
    const second = await send(`${site.url}/courses`, withCookie);
    for (const answer of [first, second]) {
      expect(answer.text).toContain("Your message was sent.");
      expect(answer.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
      expect(answer.headers.etag).toBeUndefined();
    }
    expect(site.renders("/courses")).toBe(3);

    // The cookie's pages were not kept: a visitor without one gets the page without the notice.
    const anonymous = await send(`${site.url}/courses`);
    expect(anonymous.text).toContain('data-render="1"');
    expect(anonymous.text).not.toContain("Your message was sent.");
    expect(site.renders("/courses")).toBe(3);
  });

  it.each<[string, PageBehaviour, string]>([
    ["a 404", { status: 404 }, PRIVATE_CACHE_CONTROL],
    [
      "a 503",
      { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } },
      "no-store",
    ],
    [
      "a page that sets a cookie",
      { headers: { "Set-Cookie": "flash=; Path=/; Max-Age=0" } },
      PRIVATE_CACHE_CONTROL,
    ],
    [
      "a page marked Cache-Control: no-store",
      { headers: { "Cache-Control": "no-store" } },
      "no-store",
    ],
    [
      "a page marked Cache-Control: private",
      { headers: { "Cache-Control": "private" } },
      "private",
    ],
    ["an answer that is not HTML", { contentType: "application/json" }, PRIVATE_CACHE_CONTROL],
    ["a document that does not end with </html>", { complete: false }, PRIVATE_CACHE_CONTROL],
    ["a page during whose render a read failed", { failedRead: true }, PRIVATE_CACHE_CONTROL],
    ["a page whose headers went out before it", { flushHeadersFirst: true }, PRIVATE_CACHE_CONTROL],
  ])("is not made from %s, which passes as rendered", async (_name, behaviour, cacheControl) => {
    const site = await serveSite({ "/page": behaviour });
    const first = await send(`${site.url}/page`);
    const again = await send(`${site.url}/page`);
    expect(site.renders("/page")).toBe(2);
    for (const answer of [first, again]) {
      expect(answer.status).toBe(behaviour.status ?? 200);
      expect(answer.headers["cache-control"]).toBe(cacheControl);
      expect(answer.headers.etag).toBeUndefined();
    }
    expect(again.text).toContain('data-render="2"');
  });

  it("is skipped while the version cannot be read: every request renders, none is kept", async () => {
    const site = await serveSite();
    site.failVersion(true);
    const answers = [await send(`${site.url}/courses`), await send(`${site.url}/courses`)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.headers["cache-control"])).toEqual([
      PRIVATE_CACHE_CONTROL,
      PRIVATE_CACHE_CONTROL,
    ]);
    expect(site.renders("/courses")).toBe(2);

    site.failVersion(false);
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(3);
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(3);
  });

  it("is sent compressed once as each request asks (brotli where it ties, gzip, or neither), with a tag per encoding", async () => {
    const site = await serveSite();
    const ask = (encoding?: string) =>
      send(`${site.url}/courses`, { headers: encoding ? { "Accept-Encoding": encoding } : {} });
    const plain = await ask();
    const answers = [
      await ask("gzip, deflate, br, zstd"),
      await ask("br"),
      await ask("gzip"),
      await ask("gzip;q=1, br;q=0"),
      await ask("br;q=0.5, gzip"),
      await ask("br;q=0, gzip;q=0"),
    ];
    expect(site.renders("/courses")).toBe(1);
    expect(answers.map((answer) => answer.headers["content-encoding"])).toEqual([
      "br",
      "br",
      "gzip",
      "gzip",
      "gzip",
      undefined,
    ]);
    const digest = String(plain.headers.etag).slice(1, -1);
    expect(answers.map((answer) => answer.headers.etag)).toEqual([
      `"${digest}-br"`,
      `"${digest}-br"`,
      `"${digest}-gz"`,
      `"${digest}-gz"`,
      `"${digest}-gz"`,
      `"${digest}"`,
    ]);
    for (const answer of answers) {
      expect(answer.text).toBe(plain.text);
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    }
    expect(answers[2]?.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it("keeps at most maxBytes of pages, every encoding counted, dropping the least recently used first", async () => {
    const probe = await serveSite();
    const sizes = await Promise.all(
      ["br", "gzip", "identity"].map(async (encoding) => {
        const answer = await send(`${probe.url}/a`, { headers: { "Accept-Encoding": encoding } });
        return answer.raw.length;
      }),
    );
    const pageSize = sizes.reduce((sum, size) => sum + size, 0);
    // Two pages fit by their HTML alone, not with their compressed copies.
    const site = await serveSite({}, { maxBytes: Math.floor(pageSize * 2.5) });
    for (const path of ["/a", "/b", "/a", "/c"]) await send(`${site.url}${path}`);
    // /a was used after /b, so /c took /b's place.
    expect([site.renders("/a"), site.renders("/b"), site.renders("/c")]).toEqual([1, 1, 1]);
    await send(`${site.url}/a`);
    await send(`${site.url}/c`);
    expect([site.renders("/a"), site.renders("/c")]).toEqual([1, 1]);
    await send(`${site.url}/b`);
    expect(site.renders("/b")).toBe(2);
    expect((sizes[2] ?? 0) * 3).toBeLessThan(Math.floor(pageSize * 2.5));
  });

  it("answers HEAD from a kept page without its body, and keeps neither HEAD nor POST", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`, { method: "HEAD" });
    const post = await send(`${site.url}/contact`, { method: "POST" });
    expect([site.renders("/courses"), site.renders("/contact")]).toEqual([1, 1]);
    expect(post.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);

    const page = await send(`${site.url}/courses`, BROTLI);
    await send(`${site.url}/contact`);
    expect([site.renders("/courses"), site.renders("/contact")]).toEqual([2, 2]);

    const head = await send(`${site.url}/courses`, { method: "HEAD", ...BROTLI });
    const postAgain = await send(`${site.url}/contact`, { method: "POST" });
    expect([head.status, postAgain.status]).toEqual([200, 200]);
    expect(head.raw.length).toBe(0);
    expect(pageHeaders(head)).toEqual(pageHeaders(page));
    expect([site.renders("/courses"), site.renders("/contact")]).toEqual([2, 3]);
  });

  it("is not used for the portal, in any letter case, or for route data, all private", async () => {
    const site = await serveSite({
      "/admin-portal/login": { headers: { "Cache-Control": "public, max-age=60" } },
    });
    for (const path of ["/admin-portal/login", "/Admin-Portal/login", "/courses.data"]) {
      const first = await send(`${site.url}${path}`);
      await send(`${site.url}${path}`);
      expect(site.renders(path), path).toBe(2);
      expect(first.headers["cache-control"], path).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("is not made from a page whose storing a layer before it forbade", async () => {
    const site = await serveSite({
      "/account": { earlierHeaders: { "Cache-Control": "private, no-store" } },
    });
    await send(`${site.url}/account`);
    await send(`${site.url}/account`);
    expect(site.renders("/account")).toBe(2);
  });
});

describe("an answer the cache cannot keep", () => {
  it("is sent as it is written, not held until it ends (a brochure, an image)", async () => {
    let firstBytesArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      firstBytesArrived = resolve;
    });
    const app = express();
    app.use(cachePublicPages({ version: async () => "1@2026-11-27" }));
    app.use(async (_req, res) => {
      res.setHeader("Content-Type", "application/pdf");
      res.write(Buffer.alloc(64 * 1024, 37));
      // The rest is written only once the visitor has the first part.
      await arrived;
      res.end(Buffer.alloc(64 * 1024, 37));
    });
    const { url } = await listenForTest(app);
    const received = await new Promise<number>((resolve, reject) => {
      httpRequest(`${url}/files/brochure.pdf`, { agent: false }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          firstBytesArrived();
        });
        response.on("end", () => resolve(bytes));
      })
        .on("error", reject)
        .end();
    });
    expect(received).toBe(128 * 1024);
  });
});
