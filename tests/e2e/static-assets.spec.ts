import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { baseURL } from "../../playwright.config";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The browser's scripts go out as the brotli or gzip copy made at build time, whichever the
 * browser takes, and as they are for one that takes neither: the same file in every case.
 */

type Answer = { headers: Record<string, string | string[] | undefined>; body: Buffer };

function getRaw(path: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(
      new URL(path, baseURL),
      { headers: { "Accept-Encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    )
      .on("error", reject)
      .end();
  });
}

test("a page's scripts are sent precompressed, and decode to the same file", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.push(pathname);
  });
  await page.goto("/");
  await waitForHydration(page);
  expect(scripts.length).toBeGreaterThan(0);

  // The largest ones: a file of a few bytes may be sent as it is, when compressing it gains nothing.
  const plainScripts = await Promise.all(
    scripts.map(async (script) => ({ script, plain: await getRaw(script, "identity") })),
  );
  plainScripts.sort((a, b) => b.plain.body.length - a.plain.body.length);
  for (const { script, plain } of plainScripts.slice(0, 3)) {
    expect(plain.headers["content-encoding"], script).toBeUndefined();
    expect(plain.headers["cache-control"], script).toContain("immutable");

    const brotli = await getRaw(script, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"], script).toBe("br");
    expect(brotli.headers.vary, script).toContain("Accept-Encoding");
    expect(brotliDecompressSync(brotli.body).equals(plain.body), script).toBe(true);
    // The copy made at build time, not compressed again for this request.
    expect(brotli.body.equals(readFileSync(`build/client${script}.br`)), script).toBe(true);

    const gzip = await getRaw(script, "gzip");
    expect(gzip.headers["content-encoding"], script).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body), script).toBe(true);
    expect(gzip.body.equals(readFileSync(`build/client${script}.gz`)), script).toBe(true);
  }
});
