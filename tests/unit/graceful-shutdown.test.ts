import { once } from "node:events";
import http from "node:http";
import { type AddressInfo, connect } from "node:net";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  isShuttingDown,
  onShutdown,
  resetShutdownForTesting,
  shutdownSignal,
} from "~/lib/infra/shutdown.server";
import { prepareGracefulShutdown } from "../../server/graceful-shutdown.server";

/**
 * The stop sequence on a real HTTP server: requests in flight finish and are told
 * `Connection: close`, nothing new is accepted, what is still open after the timeout is cut,
 * then the registered tasks run in order and the database closes last.
 */

const logger = pino({ level: "silent" });
let server: http.Server;
let port = 0;
/** What the server did, in order: "close" is the database closing. */
let steps: string[] = [];

async function serve(handler: http.RequestListener, timeoutMs = 5_000) {
  server = http.createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  return prepareGracefulShutdown(server, {
    timeoutMs,
    logger,
    close: async () => {
      steps.push("close");
    },
  });
}

type Answer = { status: number; connection: string | undefined; body: string };

/** One request on a raw socket, so the test sees exactly what the server sends and when. */
function request(path: string, onSent?: () => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      onSent?.();
    });
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", reject);
    // The server ends the connection once it has answered: that is the point of the drain.
    socket.on("end", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({
        status: Number(head.split(" ")[1]),
        connection: /\r\nConnection: ([^\r]+)/i.exec(head)?.[1]?.toLowerCase(),
        body,
      });
    });
  });
}

/** Each answer's status, or the error its client met (a reset connection). */
const statusesOf = async (answers: Promise<Answer>[]) =>
  (await Promise.allSettled(answers)).map((answer) =>
    answer.status === "fulfilled" ? answer.value.status : String(answer.reason),
  );

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  resetShutdownForTesting();
  steps = [];
});

afterEach(async () => {
  server.closeAllConnections();
  if (server.listening) await new Promise((resolve) => server.close(resolve));
  resetShutdownForTesting();
});

describe("prepareGracefulShutdown", () => {
  it("lets a request in flight finish with Connection: close, then runs the tasks and closes", async () => {
    const stop = await serve((_req, res) => {
      setTimeout(() => res.end("stored"), 300);
    });
    onShutdown("jobs", () => {
      steps.push("jobs");
    });
    onShutdown("mail", async () => {
      steps.push("mail");
    });
    const answer = request("/slow", () => setTimeout(() => void stop("SIGTERM"), 50));
    expect(await answer).toEqual({ status: 200, connection: "close", body: "stored" });
    await stop("SIGTERM");
    expect(steps).toEqual(["jobs", "mail", "close"]);
    expect(isShuttingDown()).toBe(true);
    expect(shutdownSignal().aborted).toBe(true);
  });

  it("refuses new connections once it has begun", async () => {
    const stop = await serve((_req, res) => res.end("ok"));
    await stop("SIGTERM");
    await expect(request("/")).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("closes a connection whose keep-alive answer was already under way when it ends", async () => {
    const stop = await serve((_req, res) => {
      res.writeHead(200, { Connection: "keep-alive" });
      res.write("a");
      setTimeout(() => res.end("b"), 200);
    });
    const started = Date.now();
    const answer = request("/stream", () => setTimeout(() => void stop("SIGTERM"), 50));
    expect(await answer).toMatchObject({ status: 200, connection: "keep-alive" });
    await stop("SIGTERM");
    // Not after the keep-alive timeout (5 s): as soon as the answer is complete.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(steps).toEqual(["close"]);
  });

  it("ends long-lived answers that listen to the shutdown signal", async () => {
    const stop = await serve((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write("retry: 3000\n\n");
      shutdownSignal().addEventListener("abort", () => res.end());
    });
    const answer = request("/events", () => setTimeout(() => void stop("SIGTERM"), 50));
    expect((await answer).body).toContain("retry: 3000");
    await stop("SIGTERM");
    expect(steps).toEqual(["close"]);
  });

  it("answers the connections still waiting to be accepted when the signal comes", async () => {
    const stop = await serve((_req, res) => res.end("ok"));
    const answers = Array.from({ length: 10 }, () => request("/"));
    // The clients have connected (the kernel completes the handshake), the server has not
    // accepted them yet: its event loop has not turned since.
    await new Promise((resolve) => process.nextTick(resolve));
    const stopped = stop("SIGTERM");
    const statuses = await statusesOf(answers);
    expect(statuses).toEqual(Array(10).fill(200));
    await stopped;
  });

  it("answers every waiting connection when each turn of a busy event loop is slow", async () => {
    // Each request holds the loop 150 ms (a cold process, synchronous work): accepting the
    // waiting connections one a turn takes longer than any fixed grace period would allow.
    const stop = await serve((_req, res) => {
      const until = Date.now() + 150;
      while (Date.now() < until);
      res.end("ok");
    });
    const answers = Array.from({ length: 20 }, () => request("/"));
    await new Promise((resolve) => process.nextTick(resolve));
    const stopped = stop("SIGTERM");
    const statuses = await statusesOf(answers);
    expect(statuses).toEqual(Array(20).fill(200));
    await stopped;
  });

  it("answers a request sent on a connection opened just before the signal", async () => {
    const stop = await serve((_req, res) => res.end("ok"));
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    await wait(20);
    const stopped = stop("SIGTERM");
    await wait(100);
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    socket.setEncoding("utf8");
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk;
    });
    await once(socket, "end");
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    await stopped;
  });

  it("closes a connection that sends nothing, without waiting for the timeout", async () => {
    const stop = await serve((_req, res) => res.end("ok"), 5_000);
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    const started = Date.now();
    await Promise.all([stop("SIGTERM"), once(socket, "close")]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(steps).toEqual(["close"]);
  });

  it("cuts what is still open after the timeout and still closes the database", async () => {
    const stop = await serve(() => {
      // Never answers.
    }, 300);
    const answer = request("/stuck", () => setTimeout(() => void stop("SIGTERM"), 50));
    const started = Date.now();
    await wait(100);
    await stop("SIGTERM");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await answer).toMatchObject({ body: "" });
    expect(steps).toEqual(["close"]);
  });

  it("runs the remaining tasks when one fails", async () => {
    const stop = await serve((_req, res) => res.end("ok"));
    onShutdown("broken", () => {
      throw new Error("cannot stop");
    });
    onShutdown("jobs", () => {
      steps.push("jobs");
    });
    await stop("SIGTERM");
    expect(steps).toEqual(["jobs", "close"]);
  });
});
