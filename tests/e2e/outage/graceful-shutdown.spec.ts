import { rm } from "node:fs/promises";
import http from "node:http";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { like } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { messages } from "~/db/schema";
import { formMessages } from "~/features/messages/form-options";
import { withPostgres } from "../../../scripts/script-database";
import { type AppServer, startAppServer } from "../../support/app-server";

/**
 * SIGTERM while 50 contact messages are in flight, on the embedded database and on PostgreSQL:
 * every message is answered and stored, no client sees its connection reset, `/readyz` says
 * 503 during the drain, and the process exits with 0. The rows are read after the process has
 * exited (PGlite allows one process per data folder).
 */

const SUBMISSIONS = 50;
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const test = base;
test.describe.configure({ mode: "serial", timeout: 240_000 });

type Answer = {
  status: number;
  connection: string | undefined;
  body: string;
  /** Its head came after the SIGTERM: it was in flight when the signal went. */
  afterSignal: boolean;
};

/** One contact message from its own visitor (address and e-mail), over a keep-alive agent. */
function sendContactMessage(
  origin: string,
  agent: http.Agent,
  index: number,
  signalled: () => boolean,
): Promise<Answer> {
  const body = new URLSearchParams({
    name: "Chidi Okafor",
    email: `drain-${index}@example.ng`,
    phone: "0803 555 0101",
    subject: "Course Information",
    message: `Message ${index} sent while the server stops.`,
    website: "",
  }).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/contact`, {
      method: "POST",
      agent,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
        "X-Forwarded-For": `10.13.${Math.floor(index / 250)}.${index % 250}`,
      },
    });
    request.on("response", (response) => {
      const afterSignal = signalled();
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body: text,
          afterSignal,
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * A request whose head is sent up to its last line: its connection is busy, so the server
 * keeps it through the drain. `finish()` sends the last line and reads the answer.
 */
async function halfSentRequest(origin: string, pathname: string) {
  const { hostname, port } = new URL(origin);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n`);
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    text += chunk;
  });
  const ended = new Promise<string>((resolve, reject) => {
    socket.once("end", () => resolve(text));
    socket.once("error", reject);
  });
  return {
    finish() {
      socket.write("\r\n");
      return ended;
    },
  };
}

/** "answered", or the code of the error a new connection met. */
function tryNewConnection(origin: string) {
  return fetch(`${origin}/readyz`).then(
    () => "answered",
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );
}

type Engine = {
  name: string;
  /** The server's extra environment; `cleanUp` drops what `prepare` made. */
  prepare: () => Promise<Record<string, string>>;
  open: (server: AppServer, env: Record<string, string>) => ReturnType<typeof openDatabase>;
  cleanUp: (env: Record<string, string>) => Promise<void>;
};

const engines: Engine[] = [
  {
    name: "the embedded database",
    prepare: async () => ({}),
    open: (server) =>
      openDatabase({ kind: "pglite", dataDir: path.join(server.dataDir, "pglite") }),
    cleanUp: async () => {},
  },
  {
    name: "PostgreSQL",
    prepare: async () => {
      const name = `academy_shutdown_${process.pid}_${Date.now()}`;
      await withPostgres(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        DATABASE_URL: url.toString(),
        AUTH_SECRET: "shutdown-test-secret-of-at-least-32-characters",
      };
    },
    open: (_server, env) => openDatabase({ kind: "postgres", url: env.DATABASE_URL ?? "" }),
    cleanUp: async (env) => {
      const name = new URL(env.DATABASE_URL ?? "").pathname.slice(1);
      await withPostgres(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  },
];

for (const engine of engines) {
  test(`SIGTERM with ${SUBMISSIONS} contact messages in flight on ${engine.name}: each is answered and stored`, async () => {
    const env = await engine.prepare();
    // What is tested is that every request in flight is answered, not how fast: on the embedded
    // database the 50 messages are stored one after another, which on a busy machine took longer
    // than the default 10 s drain, and the last ones were cut (ECONNRESET). A cut after the
    // deadline is the server's documented behaviour, not what this test is about.
    const server = await startAppServer({
      dataDirPrefix: "shutdown-data",
      env: { ...env, SHUTDOWN_TIMEOUT_MS: "60000" },
    });
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      const readiness = await halfSentRequest(server.origin, "/readyz");

      let signalled = false;
      let stopped: Promise<void> | undefined;
      const answers = Array.from({ length: SUBMISSIONS }, (_, index) =>
        sendContactMessage(server.origin, agent, index, () => signalled).finally(() => {
          // SIGTERM as soon as the first answer is back: the other requests are in flight.
          if (!signalled) {
            signalled = true;
            stopped = server.stop();
          }
        }),
      );
      const settled = await Promise.allSettled(answers);
      // Sent during the drain, which this very connection keeps open until it is answered.
      const ready = await readiness.finish();
      const newConnection = await tryNewConnection(server.origin);
      await stopped;

      const failures = settled.flatMap((outcome) =>
        outcome.status === "rejected" ? [String(outcome.reason)] : [],
      );
      // The server's log goes with a failure: which connections it cut, and when, is only there.
      expect(
        failures,
        `no client saw its connection reset or cut; the server's log:\n${server.log()}`,
      ).toEqual([]);
      const answered = settled.flatMap((outcome) =>
        outcome.status === "fulfilled" ? [outcome.value] : [],
      );
      expect(answered.map((answer) => answer.status)).toEqual(Array(SUBMISSIONS).fill(200));
      for (const answer of answered) expect(answer.body).toContain(formMessages.contactSuccess);
      const inFlight = answered.filter((answer) => answer.afterSignal);
      // The test means something only if most requests were still running at the signal.
      expect(inFlight.length).toBeGreaterThanOrEqual(SUBMISSIONS / 2);
      console.log(
        `${engine.name}: ${inFlight.length} of ${SUBMISSIONS} answered after the signal, ` +
          `${inFlight.filter((answer) => answer.connection === "close").length} with Connection: close`,
      );
      expect(ready).toMatch(/^HTTP\/1\.1 503 /);
      expect(ready).toContain('{"status":"shutting-down"}');
      // Accepted while the server takes in the connections that were waiting, refused once it
      // stopped listening, or closed unanswered when it reached the listen queue just as the
      // server closed it (the socket error undici reports): never a page served half-way.
      expect(
        ["answered", "ECONNREFUSED", "UND_ERR_SOCKET"],
        "a new connection after the signal",
      ).toContain(newConnection);
      expect(server.exited()).toBe("exit code 0, signal null");
      expect(server.log()).toContain("SIGTERM received: draining, then stopping");

      const database = await engine.open(server, env);
      try {
        const stored = await database.db
          .select({ email: messages.email })
          .from(messages)
          .where(like(messages.email, "drain-%"));
        expect(stored.map((row) => row.email).sort()).toEqual(
          Array.from({ length: SUBMISSIONS }, (_, index) => `drain-${index}@example.ng`).sort(),
        );
      } finally {
        await database.close();
      }
    } finally {
      agent.destroy();
      await server.stop();
      await engine.cleanUp(env);
      await rm(server.dataDir, { recursive: true, force: true });
    }
  });
}
