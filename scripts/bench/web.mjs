// `npm run bench:web`: builds the site, serves it on a fresh demo database, and prints for `/`,
// `/courses` and one course page: the HTML size, the gzip size of the JavaScript and CSS the
// page loads, and Lighthouse's mobile scores with LCP, TBT and CLS. Lighthouse 12 runs from
// npx (kept out of the lockfile) against Debian's Chromium.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";

const port = Number(process.env.BENCH_PORT ?? 4400);
const origin = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const lighthouse = "lighthouse@12.8.2";
const dataDir = path.resolve(".tmp/bench-web-data");
const reports = path.resolve("reports/lighthouse");

function run(command, args, options = {}) {
  execFileSync(command, args, { stdio: "inherit", ...options });
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start");
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// Lighthouse blocks this process for a while; a kept-alive socket may have been closed by the
// server meanwhile, so a request that fails on a stale socket is tried once more.
async function get(url) {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

/** The HTML, plus every script and stylesheet it loads (module preloads included). */
async function pageWeight(pathname) {
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
function wireBytes(pathname, encoding) {
  return new Promise((resolve, reject) => {
    request(origin + pathname, { headers: { "Accept-Encoding": encoding } }, (response) => {
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
async function compressionOf(pathname) {
  const gzip = await wireBytes(pathname, "gzip");
  const brotli = await wireBytes(pathname, "br");
  const html = gunzipSync(gzip);
  const whole = {
    gzip: gzipSync(html).length,
    brotli: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
  };
  return { gzip: gzip.length, brotli: brotli.length, whole };
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

function lighthouseReport(pathname, name, throttling = "simulate") {
  const output = path.join(reports, `${name}.json`);
  run(
    "npx",
    [
      "--yes",
      lighthouse,
      origin + pathname,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--throttling-method=${throttling}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
    ],
    { env: { ...process.env, CHROME_PATH: chromium } },
  );
  const report = JSON.parse(readFileSync(output, "utf8"));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: report.audits["largest-contentful-paint"].numericValue / 1000,
    tbt: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
  };
}

/**
 * Lighthouse's scores vary from run to run (its documentation advises the median of several),
 * and more so on a local server: the simulation replays the order of events seen unthrottled,
 * where the scripts may arrive before the first paint. So each page gets RUNS simulated runs
 * (the one with the median Performance score is shown, with all scores beside it) and one run
 * under DevTools throttling, which slows the real requests: what a phone on slow 4G sees.
 */
function lighthouseRuns(pathname, name) {
  const simulated = Array.from({ length: RUNS }, (_, index) =>
    lighthouseReport(pathname, `${name}-${index + 1}`),
  );
  const scores = simulated.map((result) => result.performance);
  const middle = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  return {
    simulated: simulated.find((result) => result.performance === middle) ?? simulated[0],
    scores,
    devtools: lighthouseReport(pathname, `${name}-devtools`, "devtools"),
  };
}

const scoreColumns = (scores) =>
  `${String(scores.performance).padStart(6)}${String(scores.accessibility).padStart(6)}` +
  `${String(scores.bestPractices).padStart(5)}${String(scores.seo).padStart(6)}` +
  `${`${scores.lcp.toFixed(2)} s`.padStart(8)}${`${Math.round(scores.tbt)} ms`.padStart(8)}` +
  `${scores.cls.toFixed(3).padStart(8)}`;

async function main() {
  run("npx", ["react-router", "build"]);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
    },
    stdio: "ignore",
  });
  try {
    await waitForServer();
    const courses = await (await get(`${origin}/courses`)).text();
    const coursePath =
      courses.match(/href="(\/course\/[^"]+)"/)?.[1] ?? "/course/ui-ux-design-fundamentals";
    const pages = [
      ["/", "home"],
      ["/courses", "courses"],
      [coursePath, "course"],
    ];
    const rows = [];
    for (const [pathname, name] of pages) {
      const weight = await pageWeight(pathname);
      const compressed = await compressionOf(pathname);
      rows.push({
        pathname,
        ...weight,
        compressed,
        ...(RUNS > 0 ? lighthouseRuns(pathname, name) : {}),
      });
    }
    console.log("\npage                              HTML (gzip)         JS gzip   CSS gzip");
    for (const row of rows) {
      console.log(
        `${row.pathname.padEnd(34)}${kb(row.html).padStart(9)} (${kb(row.htmlGzip)})` +
          `${kb(row.js).padStart(10)}${kb(row.css).padStart(10)}`,
      );
    }
    console.log(
      "\nHTML on the wire                  gzip (whole page, ratio)      brotli (whole page, ratio)",
    );
    for (const { pathname, compressed } of rows) {
      const ratio = (sent, whole) => `${kb(sent)} (${kb(whole)}, ${(sent / whole).toFixed(2)})`;
      console.log(
        `${pathname.padEnd(34)}${ratio(compressed.gzip, compressed.whole.gzip).padEnd(30)}` +
          ratio(compressed.brotli, compressed.whole.brotli),
      );
    }
    console.log("Target: each ratio at most 1.10.");
    if (RUNS === 0) return;
    console.log("\nLighthouse, mobile                 Perf  A11y  BP   SEO   LCP     TBT     CLS");
    for (const row of rows) {
      console.log(
        `${`${row.pathname} (simulated)`.padEnd(34)}${scoreColumns(row.simulated)}` +
          `   Performance of the ${RUNS} runs: ${row.scores.join(", ")}`,
      );
      console.log(`${`${row.pathname} (devtools)`.padEnd(34)}${scoreColumns(row.devtools)}`);
    }
    console.log(
      `\nTargets: Performance >= 98, Accessibility, Best Practices and SEO 100, JS on / <= 130 KB gzip, LCP <= 2.0 s.`,
    );
    console.log(`Lighthouse reports: ${reports}`);
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
