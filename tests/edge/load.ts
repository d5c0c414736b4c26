import autocannon, { type Client } from "autocannon";
import { ACCEPT_ENCODING } from "./http";

const HEADERS = { "accept-encoding": ACCEPT_ENCODING };

/** What a load through the edge was answered with. */
export type LoadOutcome = {
  answers: number;
  /** Answers by X-Cache-Status ("none" where nginx sent none). */
  cacheStatuses: Map<string, number>;
  /** Connection errors, timeouts and answers other than 2xx. */
  failed: number;
};

function tallyCacheStatus(client: Client, statuses: Map<string, number>) {
  client.on("headers", ({ headers }) => {
    const index = headers.findIndex((name, at) => at % 2 === 0 && /^x-cache-status$/i.test(name));
    const status = index >= 0 ? (headers[index + 1] ?? "") : "none";
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
}

/** `connections` visitors asking for `paths` in turn for `seconds`, as one phone browser each. */
export async function loadPages(
  origin: string,
  paths: string[],
  { seconds, connections }: { seconds: number; connections: number },
): Promise<LoadOutcome> {
  const cacheStatuses = new Map<string, number>();
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers: HEADERS,
    requests: paths.map((path) => ({ method: "GET", path })),
    setupClient: (client) => tallyCacheStatus(client, cacheStatuses),
  });
  return {
    answers: result.requests.total,
    cacheStatuses,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

export type Throughput = {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  failed: number;
};

function percentile(sorted: number[], share: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** Requests per second and latency of `url` under `connections` for `seconds`, after 1 s warm-up. */
export async function measureThroughput(
  url: string,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<Throughput> {
  await autocannon({ url, connections, duration: 1, headers: HEADERS });
  const latencies: number[] = [];
  const run = autocannon({ url, connections, duration: seconds, headers: HEADERS });
  run.on("response", (_client, _status, _bytes, milliseconds) => latencies.push(milliseconds));
  const result = await run;
  latencies.sort((x, y) => x - y);
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    failed: result.errors + result.timeouts + result.non2xx,
  };
}
