// How long the server takes to answer a page, one request after another (no load).
import { Agent, request } from "node:http";
import { median, percentile } from "./report.mjs";

/** Median and p95 of `count` sequential GETs of `url` (after one unmeasured), whole answer read. */
export async function serverTime(url, headers, count = 30) {
  const agent = new Agent({ keepAlive: true });
  try {
    await timedGet(url, headers, agent);
    const times = [];
    for (let index = 0; index < count; index++) times.push(await timedGet(url, headers, agent));
    return { median: median(times), p95: percentile(times, 95), count };
  } finally {
    agent.destroy();
  }
}

/** Milliseconds from sending the request to the last byte of the answer, which must be a 200. */
function timedGet(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    request(url, { headers, agent }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200)
          reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve(performance.now() - start);
      });
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}
