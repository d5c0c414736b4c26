import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Response } from "express";
import express from "express";
import { describe, expect, it } from "vitest";
import { compressResponses } from "../../server/compression.js";
import { listenForTest } from "../support/listen";

/**
 * The server's compression: pages are compressed, server-sent events are not, and waiting for
 * `drain` the way React Router's streaming does leaves no listener behind.
 */

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
    const { url } = await listenForTest(app);

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
    const { url } = await listenForTest(app);

    const response = await fetch(`${url}/events`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe("data: hello\n\n");
  });

  // A page as React Router streams it: many small chunks, each followed by `res.flush()`.
  function streamedPage(chunks: string[], pauseBeforeLastMs = 0) {
    const app = express();
    app.use(compressResponses());
    app.get("/page", async (_req, res) => {
      res.setHeader("Content-Type", "text/html");
      for (const [index, chunk] of chunks.entries()) {
        if (index === chunks.length - 1 && pauseBeforeLastMs) {
          await new Promise((resolve) => setTimeout(resolve, pauseBeforeLastMs));
        }
        res.write(chunk);
        (res as Response & { flush: () => void }).flush();
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
    return app;
  }

  /** The compressed bytes on the wire, and when each arrived. */
  function download(url: string, encoding: "gzip" | "br") {
    return new Promise<{ bytes: number; arrivals: number[] }>((resolve, reject) => {
      const started = Date.now();
      const arrivals: number[] = [];
      let bytes = 0;
      httpRequest(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
        response.on("data", (data: Buffer) => {
          bytes += data.length;
          arrivals.push(Date.now() - started);
        });
        response.on("end", () => resolve({ bytes, arrivals }));
      })
        .on("error", reject)
        .end();
    });
  }

  it("compresses a page streamed in small flushed chunks about as well as the whole page at once", async () => {
    const rows = Array.from(
      { length: 400 },
      (_, index) =>
        `<li class="rounded-xl border border-slate-200 p-5"><a href="/course/${index}">Course ${index}</a> <span>₦${index * 1000}</span></li>`,
    );
    const { url } = await listenForTest(streamedPage(rows));
    const whole = Buffer.from(rows.join(""));
    for (const encoding of ["gzip", "br"] as const) {
      const { bytes } = await download(`${url}/page`, encoding);
      const best = (encoding === "gzip" ? gzipSync(whole) : brotliCompressSync(whole)).length;
      expect(bytes / best, encoding).toBeLessThan(1.1);
    }
  });

  it("still sends what is ready when the rest of the page is slow to come", async () => {
    const { url } = await listenForTest(
      streamedPage(["<html><head></head><body>", "shell", "late"], 400),
    );
    const { arrivals } = await download(`${url}/page`, "gzip");
    // The shell arrives long before the part written after the pause.
    expect(arrivals[0]).toBeLessThan(250);
    expect(arrivals.at(-1)).toBeGreaterThanOrEqual(400);
  });
});
