// A page answered from nginx's cache against the same bytes as a static file served by the same
// nginx: what answering from the cache costs. Printed, never asserted (speed targets are for
// scripts to print): the target is at least TARGET_RATIO of the static throughput.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Row } from "../fleet/report";
import { ACCEPT_ENCODING, send } from "./http";
import { measureThroughput, type Throughput } from "./load";
import type { Site } from "./site";

const PAGE = "/courses";
/** `npm run bench:edge` measures 10 s each. */
const SECONDS = Number(process.env.EDGE_THROUGHPUT_SECONDS ?? 5);
const CONNECTIONS = 20;
const TARGET_RATIO = 0.8;

const tableLine = (servedAs: string, run: Throughput) =>
  `| ${servedAs} | ${Math.round(run.requestsPerSecond).toLocaleString("en")} | ${run.p50.toFixed(1)} ms | ${run.p95.toFixed(1)} ms |`;

/** Both runs, one after the other; the table to print and a row for their failures. */
export async function cachedAgainstStatic(site: Site): Promise<{ rows: Row[]; table: string }> {
  const page = await send(`${site.edge.origin}${PAGE}`);
  if (page.headers["content-encoding"] !== ACCEPT_ENCODING) {
    throw new Error(`${PAGE} came as ${page.headers["content-encoding"]}, not ${ACCEPT_ENCODING}`);
  }
  await writeFile(path.join(site.edge.staticFolder, "page.html"), page.raw);
  const settings = { seconds: SECONDS, connections: CONNECTIONS };
  const cached = await measureThroughput(`${site.edge.origin}${PAGE}`, settings);
  const copy = await measureThroughput(`${site.edge.staticOrigin}/static/page.html`, settings);
  const ratio = cached.requestsPerSecond / copy.requestsPerSecond;
  const table = [
    `Throughput of ${PAGE} (${page.raw.length.toLocaleString("en")} bytes, Accept-Encoding: ${ACCEPT_ENCODING}), ${CONNECTIONS} connections, ${SECONDS} s each after 1 s of warm-up:`,
    "",
    "| served as | requests/s | p50 | p95 |",
    "| --- | --- | --- | --- |",
    tableLine("nginx's cache", cached),
    tableLine("a static file, same nginx", copy),
    "",
    `cached/static: ${ratio.toFixed(2)}x (target at least ${TARGET_RATIO}x, printed, not asserted)`,
  ].join("\n");
  return {
    table,
    rows: [
      {
        check: `the throughput runs (cached ${PAGE} and its static copy) were answered 2xx`,
        result: `${cached.failed} failed through the cache, ${copy.failed} failed as a static file`,
        pass: cached.failed === 0 && copy.failed === 0,
      },
    ],
  };
}
