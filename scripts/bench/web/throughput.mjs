// Server-rendered pages against the same bytes served as a static file by the same server
// (express.static over build/client, through the same compression middleware): how much of the
// server's capacity rendering costs. autocannon runs in this process, on the same two cores as
// the server, for both alike.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { get } from "./site.mjs";

const CONNECTIONS = 10;
const SECONDS = 8;
const WARM_UP_SECONDS = 1;
// Compressed as for a real phone.
const HEADERS = { "accept-encoding": "br" };
const STATIC_FOLDER = "bench-static";

/**
 * For each `[pathname, name]`: requests/s and p50 latency rendered and static. The static copies
 * are written to build/client/bench-static/ and removed afterwards.
 */
export async function renderedAgainstStatic(origin, pages) {
  const folder = path.resolve("build/client", STATIC_FOLDER);
  mkdirSync(folder, { recursive: true });
  try {
    const rows = [];
    for (const [pathname, name] of pages) {
      const html = Buffer.from(await (await get(origin + pathname)).arrayBuffer());
      writeFileSync(path.join(folder, `${name}.html`), html);
      const staticUrl = `${origin}/${STATIC_FOLDER}/${name}.html`;
      rows.push({
        pathname,
        rendered: await load(origin + pathname),
        static: await load(staticUrl),
      });
    }
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function load(url) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers: HEADERS });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: HEADERS,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

export const THROUGHPUT_SETTINGS = `${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding: br`;
