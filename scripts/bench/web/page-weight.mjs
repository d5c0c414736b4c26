// What a page weighs: its HTML, the scripts and stylesheets it names, and how well the server
// compresses the HTML.
import { request } from "node:http";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { get } from "./site.mjs";

/** The HTML, plus the gzip size of every script and stylesheet it names (module preloads included). */
export async function pageWeight(origin, pathname) {
  const html = await (await get(origin + pathname)).text();
  const urls = new Set();
  for (const match of html.matchAll(/<(?:link|script)\b[^>]*(?:href|src)="([^"]+\.(?:js|css))"/g))
    urls.add(match[1]);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(match[1]);
  let js = 0;
  let css = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await get(new URL(url, origin))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (url.endsWith(".css")) css += size;
    else js += size;
  }
  return { html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, js, css };
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
