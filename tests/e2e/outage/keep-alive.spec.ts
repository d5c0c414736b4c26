import http from "node:http";
import { test as base, expect } from "@playwright/test";
import { type AppServer, startAppServer } from "../../support/app-server";

/**
 * An idle keep-alive connection stays open longer than a proxy's or client's own idle timeout
 * (60 s at most load balancers): if the server closed it first, at Node's default 5 s, a
 * request sent on it at that moment would be reset (a 502 behind a proxy; ECONNRESET seen by
 * the tests' own HTTP client).
 */

const test = base;
test.describe.configure({ timeout: 120_000 });

let server: AppServer;
test.beforeAll(async () => {
  // A hook has the project's 30 s, not the tests' time: a first start seeds the demo
  // catalogue, which takes longer on a busy machine (startAppServer waits up to 180 s).
  test.setTimeout(180_000);
  server = await startAppServer({ dataDirPrefix: "keep-alive" });
});
test.afterAll(async () => {
  await server?.stop();
});

function get(origin: string, agent: http.Agent) {
  return new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
    const request = http.get(`${origin}/healthz`, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, reusedSocket: request.reusedSocket }),
      );
    });
    request.on("error", reject);
  });
}

test("an idle keep-alive connection is still open after 7 seconds", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(server.origin, agent)).toEqual({ status: 200, reusedSocket: false });
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await get(server.origin, agent)).toEqual({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
  }
});
