import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Response } from "express";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponses } from "../../server/compression.js";

/**
 * The server's compression: pages are compressed, server-sent events are not, and waiting for
 * `drain` the way React Router's streaming does leaves no listener behind.
 */

type Listening = { url: string; close: () => Promise<void> };
const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(app: express.Express): Promise<Listening> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const listening = {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(listening);
  return listening;
}

/** As @react-router/node waits: `once("drain")`, then `off` of the same listener afterwards. */
function waitForDrain(res: Response) {
  let onDrain = () => {};
  return new Promise<void>((resolve) => {
    onDrain = () => resolve();
    res.once("drain", onDrain);
  }).finally(() => res.off("drain", onDrain));
}

describe("compressResponses", () => {
  it("removes each drain listener once the wait is over, however many waits a page needs", async () => {
    const counts: number[] = [];
    let waits = 0;
    const app = express();
    app.use(compressResponses());
    app.get("/page", async (_req, res) => {
      res.setHeader("Content-Type", "text/html");
      // Random bytes do not compress, so the compressor's buffer fills and asks us to wait.
      for (let chunk = 0; chunk < 40; chunk++) {
        if (!res.write(randomBytes(64 * 1024).toString("hex"))) {
          waits += 1;
          await waitForDrain(res);
        }
        // compression hands back its zlib stream for a drain listener: count what it holds.
        const compressor = res.on("drain", () => {}) as unknown as NodeJS.EventEmitter;
        counts.push(compressor.listenerCount("drain"));
        compressor.removeAllListeners("drain");
      }
      res.end();
    });
    const { url } = await serve(app);

    const response = await fetch(`${url}/page`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect((await response.text()).length).toBe(40 * 64 * 1024 * 2);
    expect(waits).toBeGreaterThan(10);
    // Only the probe itself: no waiting listener was left on the compressor.
    expect(Math.max(...counts)).toBe(1);
  });

  it("leaves server-sent events uncompressed, so each event is sent as it is written", async () => {
    const app = express();
    app.use(compressResponses());
    app.get("/events", (_req, res) => {
      res.setHeader("Content-Type", "text/event-stream");
      res.end("data: hello\n\n");
    });
    const { url } = await serve(app);

    const response = await fetch(`${url}/events`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe("data: hello\n\n");
  });
});
