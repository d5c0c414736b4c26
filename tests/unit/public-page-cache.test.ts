import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express, { type Request as ExpressRequest, type Response } from "express";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createScriptNonce,
  scriptNonceOf,
} from "~/lib/http/content-security-policy.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { compressResponses } from "../../server/compression.js";
import { cachePublicPages } from "../../server/public-page-cache.server";
import { listenForTest } from "../support/listen";

/**
 * The public page cache as server.js and server/app.ts stack it: the headers every response
 * gets, the real compression, the cache, then a page renderer that streams its document in
 * small chunks as React Router does and counts how often it runs.
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

/** A document as the router renders it: inline scripts with the nonce, Naira prices. */
function documentOf(req: ExpressRequest, nonce: string, render: number, complete: boolean) {
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
    `<script nonce="${nonce}">window.__reactRouterContext = { "url": "${req.originalUrl}" };</script>`,
    `<script type="module" nonce="${nonce}">import("/assets/entry.client.js");</script>`,
    "</body></html>",
  ].join("");
  return complete ? html : html.slice(0, html.indexOf("<script"));
}

type Site = {
  url: string;
  /** How many times the page renderer ran for `path` (any method). */
  renders: (path: string) => number;
  /** Requests `onServedFromCache` was given. */
  servedFromCache: Request[];
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
  const servedFromCache: Request[] = [];

  const app = express();
  // server.js: the headers every response gets, then compression.
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(compressResponses());
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
      onServedFromCache: async (request) => {
        servedFromCache.push(request);
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
    const nonce = createScriptNonce();
    res.status(page.status ?? 200);
    res.setHeader("Content-Type", page.contentType ?? "text/html");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    for (const [name, value] of Object.entries(page.headers ?? {})) res.setHeader(name, value);
    if (page.flushHeadersFirst) res.flushHeaders();
    // Chunks of 700 bytes split some three-byte ₦ signs between two writes.
    const bytes = new TextEncoder().encode(documentOf(req, nonce, render, page.complete ?? true));
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
    servedFromCache,
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

/** The page's nonce, after checking the policy and every script in the body carry the same one. */
function nonceOf(answer: Answer) {
  const policy = String(answer.headers["content-security-policy"] ?? "");
  const nonce = scriptNonceOf(policy) ?? "";
  expect(policy).toBe(contentSecurityPolicy(nonce));
  const inBody = [...answer.text.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(inBody).toEqual([nonce, nonce]);
  return nonce;
}

// Set per connection or per answer by Node, differing between a streamed and a whole body.
const TRANSPORT_HEADERS = [
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
];

/**
 * The next answer sent as the kept page compressed once. Compressing happens in the background;
 * until it is done, answers are compressed as they are sent (chunked, without a length).
 */
async function sentPrecompressed(url: string, encoding = "br") {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await send(url, { headers: { "Accept-Encoding": encoding } });
    if (answer.headers["content-length"]) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} was never sent precompressed as ${encoding}`);
}

function pageHeaders(answer: Answer, nonce: string) {
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !TRANSPORT_HEADERS.includes(name))
      .map(([name, value]) => [name, String(value).replaceAll(nonce, "NONCE")]),
  );
}

describe("a public page answered from the cache", () => {
  it("is rendered once, then answered without the renderer: same page and headers, a fresh nonce each time", async () => {
    const site = await serveSite();
    const first = await send(`${site.url}/courses`);
    const answers = [first];
    for (let count = 0; count < 3; count++) answers.push(await send(`${site.url}/courses`));

    expect(site.renders("/courses")).toBe(1);
    const nonces = answers.map((answer) => {
      expect(answer.status).toBe(200);
      return nonceOf(answer);
    });
    expect(new Set(nonces).size).toBe(answers.length);
    for (const [index, answer] of answers.entries()) {
      const nonce = nonces[index] ?? "";
      expect(answer.text.replaceAll(nonce, "NONCE")).toBe(
        first.text.replaceAll(nonces[0] ?? "", "NONCE"),
      );
      expect(answer.text).not.toContain(index === 0 ? nonces[1] : nonces[0]);
      expect(pageHeaders(answer, nonce)).toEqual(pageHeaders(first, nonces[0] ?? ""));
    }
    // The three-byte ₦ signs split between writes are whole in the kept page.
    expect(answers[3]?.text).toContain("<span>₦1000000</span>");
    expect(answers[3]?.text).not.toContain("\uFFFD");
    expect(answers[3]?.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("is kept per URL, the query string included", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`);
    const filtered = await send(`${site.url}/courses?category=Design`);
    expect(filtered.text).toContain('"url": "/courses?category=Design"');
    await send(`${site.url}/courses?category=Design`);
    expect(site.renders("/courses")).toBe(2);
  });

  it("is rendered again, and kept again, when the version changes", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`);
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(1);

    site.setVersion("2@2026-11-22");
    const rendered = await send(`${site.url}/courses`);
    expect(rendered.text).toContain('data-render="2"');
    const cached = await send(`${site.url}/courses`);
    expect(cached.text).toContain('data-render="2"');
    expect(site.renders("/courses")).toBe(2);

    // The Lagos date is part of the version: the next day renders too.
    site.setVersion("2@2026-11-23");
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(3);
  });

  it("is never used for, nor made from, a request with a Cookie header", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`);
    const withCookie = { headers: { Cookie: "flash=sent" } };
    const first = await send(`${site.url}/courses`, withCookie);
    const second = await send(`${site.url}/courses`, withCookie);
    expect(first.text).toContain("Your message was sent.");
    expect(second.text).toContain("Your message was sent.");
    expect(site.renders("/courses")).toBe(3);

    // The cookie's pages were not kept: a visitor without one gets the page without the notice.
    const anonymous = await send(`${site.url}/courses`);
    expect(anonymous.text).toContain('data-render="1"');
    expect(anonymous.text).not.toContain("Your message was sent.");
    expect(site.renders("/courses")).toBe(3);
  });

  it.each<[string, PageBehaviour]>([
    ["a 404", { status: 404 }],
    ["a 503", { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } }],
    ["a page that sets a cookie", { headers: { "Set-Cookie": "flash=; Path=/; Max-Age=0" } }],
    ["a page marked Cache-Control: no-store", { headers: { "Cache-Control": "no-store" } }],
    ["a page marked Cache-Control: private", { headers: { "Cache-Control": "private" } }],
    ["an answer that is not HTML", { contentType: "application/json" }],
    ["a document that does not end with </html>", { complete: false }],
    ["a page during whose render a read failed", { failedRead: true }],
  ])("is not made from %s", async (_name, behaviour) => {
    const site = await serveSite({ "/page": behaviour });
    await send(`${site.url}/page`);
    const again = await send(`${site.url}/page`);
    expect(site.renders("/page")).toBe(2);
    expect(again.status).toBe(behaviour.status ?? 200);
    expect(site.servedFromCache).toEqual([]);
  });

  it("is skipped while the version cannot be read: every request renders, none is kept", async () => {
    const site = await serveSite();
    site.failVersion(true);
    const answers = [await send(`${site.url}/courses`), await send(`${site.url}/courses`)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(site.renders("/courses")).toBe(2);

    site.failVersion(false);
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(3);
    await send(`${site.url}/courses`);
    expect(site.renders("/courses")).toBe(3);
  });

  it.each([
    ["streamed", {}],
    ["streamed after its headers were sent", { flushHeadersFirst: true }],
  ])(
    "is compressed for each request as it asks (gzip after brotli, or neither) when rendered %s",
    async (_name, behaviour) => {
      const site = await serveSite({ "/courses": behaviour });
      const brotli = await send(`${site.url}/courses`, { headers: { "Accept-Encoding": "br" } });
      const gzip = await send(`${site.url}/courses`, { headers: { "Accept-Encoding": "gzip" } });
      const plain = await send(`${site.url}/courses`);
      const brotliAgain = await send(`${site.url}/courses`, {
        headers: { "Accept-Encoding": "br" },
      });
      expect(site.renders("/courses")).toBe(1);

      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(brotliAgain.headers["content-encoding"]).toBe("br");
      for (const answer of [brotli, gzip, plain, brotliAgain]) {
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(answer.text.replaceAll(nonceOf(answer), "NONCE")).toBe(
          brotli.text.replaceAll(nonceOf(brotli), "NONCE"),
        );
      }
    },
  );

  it("is compressed once, then sent as those bytes with each answer's own nonce put in", async () => {
    const site = await serveSite();
    const rendered = await send(`${site.url}/courses`, { headers: { "Accept-Encoding": "br" } });
    const asRendered = rendered.text.replaceAll(nonceOf(rendered), "NONCE");
    const precompressed = (encoding: string) => sentPrecompressed(`${site.url}/courses`, encoding);
    const answers = [
      await precompressed("gzip, deflate, br, zstd"),
      await precompressed("br"),
      await precompressed("gzip"),
      await precompressed("gzip;q=1, br;q=0"),
      await precompressed("br;q=0.5, gzip"),
    ];
    expect(answers.map((answer) => answer.headers["content-encoding"])).toEqual([
      "br",
      "br",
      "gzip",
      "gzip",
      "gzip",
    ]);
    const nonces = answers.map(nonceOf);
    expect(new Set([nonceOf(rendered), ...nonces]).size).toBe(answers.length + 1);
    for (const answer of answers) {
      expect(answer.text.replaceAll(nonceOf(answer), "NONCE")).toBe(asRendered);
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(pageHeaders(answer, nonceOf(answer))).toEqual({
        ...pageHeaders(rendered, nonceOf(rendered)),
        "content-encoding": answer.headers["content-encoding"],
      });
    }
    const plain = await send(`${site.url}/courses`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text.replaceAll(nonceOf(plain), "NONCE")).toBe(asRendered);
    expect(site.renders("/courses")).toBe(1);
  });

  it("hands onServedFromCache the request it answered, with its URL and headers", async () => {
    const site = await serveSite();
    const headers = { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/140 Mobile" };
    await send(`${site.url}/course/ui-ux-design?ref=whatsapp`, { headers });
    expect(site.servedFromCache).toEqual([]);

    await send(`${site.url}/course/ui-ux-design?ref=whatsapp`, {
      headers: { ...headers, "Sec-Purpose": "prefetch" },
    });
    expect(site.servedFromCache).toHaveLength(1);
    const [request] = site.servedFromCache;
    expect(request?.method).toBe("GET");
    const url = new URL(request?.url ?? "");
    expect(url.pathname + url.search).toBe("/course/ui-ux-design?ref=whatsapp");
    expect(request?.headers.get("user-agent")).toBe(headers["User-Agent"]);
    expect(request?.headers.get("sec-purpose")).toBe("prefetch");
  });

  it("keeps at most maxBytes of pages, dropping the least recently used first", async () => {
    const size = (await send(`${(await serveSite()).url}/a`)).text.length;
    const site = await serveSite({}, { maxBytes: Math.floor(size * 2.5) });
    for (const path of ["/a", "/b", "/a", "/c"]) await send(`${site.url}${path}`);
    // /a was used after /b, so /c took /b's place.
    expect([site.renders("/a"), site.renders("/b"), site.renders("/c")]).toEqual([1, 1, 1]);
    await send(`${site.url}/a`);
    await send(`${site.url}/c`);
    expect([site.renders("/a"), site.renders("/c")]).toEqual([1, 1]);
    await send(`${site.url}/b`);
    expect(site.renders("/b")).toBe(2);
  });

  it("counts a kept page's compressed copies against maxBytes", async () => {
    // Two pages fit by their HTML alone, not with their compressed copies.
    const probe = await serveSite();
    await send(`${probe.url}/a`);
    const html = Buffer.byteLength((await send(`${probe.url}/a`)).text);
    const compressed = (await sentPrecompressed(`${probe.url}/a`, "br")).raw.length;
    const gzipped = (await sentPrecompressed(`${probe.url}/a`, "gzip")).raw.length;
    const site = await serveSite({}, { maxBytes: 2 * html + compressed + gzipped });

    await send(`${site.url}/a`);
    await sentPrecompressed(`${site.url}/a`);
    await send(`${site.url}/b`);
    await sentPrecompressed(`${site.url}/b`);
    // Keeping /b's compressed copies pushed /a out.
    await send(`${site.url}/a`);
    expect([site.renders("/a"), site.renders("/b")]).toEqual([2, 1]);
  });

  it("is not used for HEAD or POST, which are not kept either", async () => {
    const site = await serveSite();
    await send(`${site.url}/courses`, { method: "HEAD" });
    await send(`${site.url}/contact`, { method: "POST" });
    expect([site.renders("/courses"), site.renders("/contact")]).toEqual([1, 1]);

    await send(`${site.url}/courses`);
    await send(`${site.url}/contact`);
    expect([site.renders("/courses"), site.renders("/contact")]).toEqual([2, 2]);

    const head = await send(`${site.url}/courses`, { method: "HEAD" });
    const post = await send(`${site.url}/contact`, { method: "POST" });
    expect([head.status, post.status]).toEqual([200, 200]);
    expect([site.renders("/courses"), site.renders("/contact")]).toEqual([3, 3]);
  });

  it("is not used for the portal, in any letter case, or for route data", async () => {
    const site = await serveSite();
    for (const path of ["/admin-portal/login", "/Admin-Portal/login", "/courses.data"]) {
      await send(`${site.url}${path}`);
      await send(`${site.url}${path}`);
      expect(site.renders(path), path).toBe(2);
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
