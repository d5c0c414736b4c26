// What a page weighs: its HTML and the parts of it that are not the page's content (the inlined
// stylesheet, the route data for hydration), and how well the server compresses the HTML. The
// scripts are measured in the browser (browser.mjs): the page names them only once loaded.
import { request } from "node:http";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { get } from "./site.mjs";

const bytesOf = (html, pattern) =>
  [...html.matchAll(pattern)].reduce((sum, match) => sum + Buffer.byteLength(match[1] ?? ""), 0);

/** The HTML, its gzip size, and the bytes of its inline stylesheet and of its route data. */
export async function pageWeight(origin, pathname) {
  const html = await (await get(origin + pathname)).text();
  return {
    html: Buffer.byteLength(html),
    htmlGzip: gzipSync(html).length,
    css: bytesOf(html, /<style\b[^>]*>([\s\S]*?)<\/style>/g),
    routeData: bytesOf(html, /<script\b[^>]*>([^<]*streamController\.enqueue[^<]*)<\/script>/g),
  };
}

/** The compressed bytes of a page as the server sends them (no decoding on the way). */
function wireBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks)));
    })
      .on("error", reject)
      .end();
  });
}

/**
 * The page's HTML compressed by the server, against the same HTML compressed whole with the same
 * settings (gzip's default level; brotli at quality 4, as the compression middleware uses).
 */
export async function compressionOf(origin, pathname) {
  const gzip = await wireBytes(origin + pathname, "gzip");
  const brotli = await wireBytes(origin + pathname, "br");
  const html = gunzipSync(gzip);
  const whole = {
    gzip: gzipSync(html).length,
    brotli: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
  };
  return { gzip: gzip.length, brotli: brotli.length, whole };
}
