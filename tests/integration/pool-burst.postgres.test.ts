import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { loader as siteLayoutLoader } from "~/routes/site/layout";
import { withPostgres } from "../../scripts/script-database";

// Only on the PostgreSQL server (vitest.config.ts): PGlite has one connection and no pool.

const serverUrl = process.env.TEST_DATABASE_URL ?? "";
const name = `academy_burst_${randomBytes(6).toString("hex")}`;
let handle: DatabaseHandle;

beforeAll(async () => {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
  await withPostgres(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One connection, the default wait: a burst that keeps every connection busy, in small.
  handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 1 });
  setDatabase(handle);
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
  await withPostgres(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
  setEnvForTesting(undefined);
});

it("a page read queues for a connection a burst holds for 6 s, and the header keeps its Courses menu", async () => {
  // 6 s: longer than the 5 s a read used to wait before failing.
  // Drizzle runs a query once it is awaited or chained: this takes the connection first.
  const busy = handle.db.execute(sql`SELECT pg_sleep(6)`).then(() => "done");
  const layout = siteLayoutLoader();
  await busy;
  expect((await layout).menu).not.toBeNull();
});

it("a connection slow to open, as from a server busy with a burst, is waited for rather than failed", async () => {
  const target = new URL(serverUrl);
  const sockets: Socket[] = [];
  // Between the app and the server: the server's answers reach the app 6 s late at first
  // (longer than the 5 s a connection used to have to open).
  const proxy = createServer((app) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    sockets.push(app, server);
    const held: Buffer[] = [];
    let holding = true;
    server.on("data", (chunk: Buffer) => (holding ? held.push(chunk) : app.write(chunk)));
    setTimeout(() => {
      holding = false;
      for (const chunk of held) app.write(chunk);
    }, 6_000);
    app.pipe(server);
    app.on("error", () => server.destroy());
    server.on("error", () => app.destroy());
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  url.pathname = `/${name}`;
  try {
    const slow = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 1 });
    await slow.close();
  } finally {
    for (const socket of sockets) socket.destroy();
    proxy.close();
  }
}, 60_000);
