import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { withPostgres } from "../../scripts/script-database";

/**
 * A fresh, migrated database with the job queues installed for one test file, copied from the run's
 * template (tests/support/template-database.setup.ts): PGlite in memory, or — in the "postgres"
 * Vitest project — a new database on the server at TEST_DATABASE_URL, dropped afterwards.
 * It also becomes the application's database, so services under test use it.
 */
async function createTestDatabase(): Promise<DatabaseHandle> {
  const kind = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
  const template = inject("templateDatabase");
  if (kind === "pglite") {
    const dump = new Blob([await readFile(template)]);
    const handle = await openDatabase({ kind: "pglite", loadDataDir: dump });
    setDatabase(handle);
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const name = `academy_test_${randomBytes(6).toString("hex")}`;
  await withPostgres(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
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
 * other hooks: the test environment (no DATABASE_URL, a data folder of its own) and a fresh database before the file's
 * tests, that database made the application's before each test, both undone afterwards.
 * Returns the handle's getter (the handle exists once the file's tests start).
 */
export function setupTestDatabase(): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    // Files run side by side: each its own data folder (outbox, uploads, the auth secret).
    process.env.DATA_DIR = path.resolve(".tmp/test-data", randomBytes(6).toString("hex"));
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
