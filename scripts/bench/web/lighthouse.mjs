// Lighthouse 12, mobile, from npx (kept out of the lockfile), against Debian's Chromium.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";

const LIGHTHOUSE = "lighthouse@12.8.2";
const ALL_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run";

/**
 * One Lighthouse run of `url`, its report written to `output`. Run as a child process without
 * blocking: the proxies that serve the page live in this process.
 */
async function lighthouseReport(url, output, { chromium, throttling = "simulate", categories }) {
  const child = spawn(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--only-categories=${categories.join(",")}`,
      `--throttling-method=${throttling}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: "inherit" },
  );
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${code})`);
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
 * where the scripts may arrive before the first paint. So a page gets `runs` simulated runs, each
 * followed by one of its limit variant (the page without scripts, performance only) so that both
 * see the same moments of a noisy machine, and one run under DevTools throttling, which slows
 * the real requests: what a phone on slow 4G sees. The simulated runs go through the proxies
 * (`origins.normal`, `origins.limit`), the DevTools one straight to the server (`origins.direct`).
 */
export async function lighthousePage({ pathname, name, origins, runs, reports, chromium }) {
  const normal = [];
  const limit = [];
  for (let run = 1; run <= runs; run++) {
    normal.push(
      await lighthouseReport(origins.normal + pathname, path.join(reports, `${name}-${run}.json`), {
        chromium,
        categories: ALL_CATEGORIES,
      }),
    );
    limit.push(
      await lighthouseReport(
        origins.limit + pathname,
        path.join(reports, `${name}-limit-${run}.json`),
        { chromium, categories: ["performance"] },
      ),
    );
  }
  const devtools = await lighthouseReport(
    origins.direct + pathname,
    path.join(reports, `${name}-devtools.json`),
    { chromium, throttling: "devtools", categories: ALL_CATEGORIES },
  );
  return { normal, limit, devtools };
}
