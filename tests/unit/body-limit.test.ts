import { once } from "node:events";
import http from "node:http";
import { type AddressInfo, connect } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyLimitFor,
  courseFormLimit,
  publicFormLimit,
  tutorFormLimit,
} from "~/lib/forms/body-limits";
import { limitRequestBodies } from "../../server/body-limit.server";
import { listenForTest } from "../support/listen";

/**
 * The body guard in front of a real HTTP server. Behind it, a handler that reads whatever body
 * gets through and answers with its size, as React Router would read it.
 */

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies());
  app.use(async (req, res) => {
    let size = 0;
    for await (const chunk of req) size += (chunk as Buffer).length;
    res.json({ size });
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

type Answer = { status: number; body: string; ms: number };

/** Posts `bytes` and resolves with the answer as soon as it arrives, sent or not. */
function post(
  path: string,
  bytes: number,
  { chunked = false }: { chunked?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request({
      port,
      host: "127.0.0.1",
      path,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(chunked ? {} : { "content-length": String(bytes) }),
      },
    });
    let answered = false;
    request.on("response", async (response) => {
      answered = true;
      const ms = performance.now() - started;
      let body = "";
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode ?? 0, body, ms });
      request.destroy();
    });
    // Once the server has answered and hung up, the rest of the upload fails to send.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let left = bytes;
    const write = () => {
      while (left > 0 && !request.destroyed) {
        const part = chunk.subarray(0, Math.min(left, chunk.length));
        left -= part.length;
        if (!request.write(part)) return request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

describe("limitRequestBodies", () => {
  it("refuses 60 MB to /contact with 413 at once, without reading it", async () => {
    const answer = await post("/contact", 60 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("larger than this form accepts (64 KB)");
    expect(answer.ms).toBeLessThan(500);
  });

  it("passes a public form within its limit to the route whole", async () => {
    const answer = await post("/contact", publicFormLimit.maxBytes);
    expect(answer).toMatchObject({ status: 200, body: `{"size":${publicFormLimit.maxBytes}}` });
  });

  it.each([
    "/contact",
    "/contact.data",
    "/?index",
    "/_root.data?index",
    "/admin-portal/login",
    "/admin-portal/login.data",
    "/admin-portal/forgot-password",
    "/admin-portal/reset-password?token=x",
    "/admin-portal/messages",
    "/admin-portal/admins.data",
    "/admin-portal/theme",
  ])("refuses one byte over 64 KB to %s", async (path) => {
    expect((await post(path, publicFormLimit.maxBytes + 1)).status).toBe(413);
  });

  it.each([
    "/admin-portal/login",
    "/admin-portal/forgot-password",
    "/admin-portal/reset-password",
    "/admin-portal/sign-in-link",
    "/admin-portal/sign-in-link.data",
  ])("gives the sign-in page %s, which strangers post to, the public form's limit", (path) => {
    expect(bodyLimitFor(path)).toBe(publicFormLimit);
  });

  it("lets the course form carry its two files, and refuses more", async () => {
    const course = "/admin-portal/courses.data";
    expect((await post(course, 15 * 1024 * 1024)).status).toBe(200);
    expect((await post(course, courseFormLimit.maxBytes + 1)).status).toBe(413);
  });

  it("lets the tutor form carry a photo at the image limit, and refuses more", async () => {
    const tutors = "/admin-portal/tutors.data";
    expect((await post(tutors, 5 * 1024 * 1024 + 1024)).status).toBe(200);
    expect((await post(tutors, tutorFormLimit.maxBytes + 1)).status).toBe(413);
  });

  it("keeps reading what is still being sent after a 413, so the sender reads the answer instead of a reset", async () => {
    // Half-open, as a browser's upload is: the server's end does not end our sending.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    const failed = new Promise<Error | null>((resolve) => {
      socket.on("error", resolve);
      socket.on("close", () => resolve(null));
    });
    const bytes = 2 * 1024 * 1024;
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bytes}\r\n\r\n`,
    );
    // The server answers and ends its side; a browser on a slow upload is still sending.
    await once(socket, "end");
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    socket.write(Buffer.alloc(bytes, "a"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.end();
    expect(await failed).toBeNull();
  });

  it("refuses a body of unknown length (chunked) with 411", async () => {
    const answer = await post("/contact", 1024, { chunked: true });
    expect(answer.status).toBe(411);
  });
});

describe("a body that arrives slowly", () => {
  it.each([
    "/contact",
    "/?index",
    "/courses/data-analysis",
    "/admin-portal/login",
    "/admin-portal/forgot-password",
    "/admin-portal/reset-password",
  ])("must have arrived within 15 s at %s", (path) => {
    expect(bodyLimitFor(path).receiveWithinMs).toBeLessThanOrEqual(15_000);
  });

  it("may take 5 minutes on the course form, whose files are large", () => {
    expect(bodyLimitFor("/admin-portal/courses").receiveWithinMs).toBe(5 * 60_000);
  });

  /** The guard with a 300 ms limit, before a route that reads the body, then takes `routeMs`. */
  async function guardedServer(routeMs = 0) {
    const app = express();
    app.use(limitRequestBodies(() => ({ ...publicFormLimit, receiveWithinMs: 300 })));
    app.use(async (req, res) => {
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).length;
      // A route that waits for something else after reading the form (a database connection).
      await new Promise((resolve) => setTimeout(resolve, routeMs));
      res.json({ size });
    });
    return listenForTest(app);
  }

  /** Sends the head of a 100-byte form and `body`, then waits for the server's answer and hang-up. */
  function sendPartly(url: string, body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(answer));
      socket.write(
        "POST /contact HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n",
      );
      socket.write(body);
    });
  }

  it("is answered 408 and its connection closed once its time is up", async () => {
    const { url } = await guardedServer();
    const answer = await sendPartly(url, "name=Ada");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain("took too long to arrive");
  });

  it("reaches its route whole if it arrived in time, however long the route then takes", async () => {
    const { url } = await guardedServer(600);
    const answer = await sendPartly(url, `${"a".repeat(100)}`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"size":100}');
  });
});
