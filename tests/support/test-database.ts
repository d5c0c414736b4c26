import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { withPostgres } from "../../scripts/script-database";
import { installJobs } from "../../server/jobs.server";

/**
 * A fresh, migrated database with the job queues for one test file: PGlite in memory, or — in the "postgres"
 * Vitest project — a new database on the server at TEST_DATABASE_URL, dropped afterwards.
 * It also becomes the application's database, so services under test use it.
 */
async function createTestDatabase(): Promise<DatabaseHandle> {
  const kind = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
  if (kind === "pglite") {
    const handle = await openDatabase({ kind: "pglite" });
    await installJobs(handle);
    setDatabase(handle);
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const name = `academy_test_${randomBytes(6).toString("hex")}`;
  await withPostgres(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  await installJobs(opened);
  const handle: DatabaseHandle = {
    ...opened,
    close: async () => {
      await opened.close();
      await withPostgres(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
  setDatabase(handle);
  return handle;
}

/**
 * The lifecycle of a test file's own database, registered at the file's top level before its
 * other hooks: the test environment (no DATABASE_URL) and a fresh database before the file's
 * tests, that database made the application's before each test, both undone afterwards.
 * Returns the handle's getter (the handle exists once the file's tests start).
 */
export function setupTestDatabase(): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
    setEnvForTesting(undefined);
  });
  beforeEach(() => {
    if (handle) setDatabase(handle);
  });
  return () => {
    if (!handle) throw new Error("The test database is opened in beforeAll");
    return handle;
  };
}
