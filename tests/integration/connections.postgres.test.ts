import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { withPostgres } from "../../scripts/script-database";
import { setupTestDatabase } from "../support/test-database";

// Only on the PostgreSQL server (vitest.config.ts): PGlite has no connections to end.
const database = setupTestDatabase();

it("a connection the server ends inside a transaction fails that transaction, not the process", async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  // Between two statements of a transaction its connection is checked out of the pool with no
  // query running: an error there (a restart, a failover) is an 'error' event on the client,
  // which stops the process unless someone listens.
  await expect(
    database().db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      await withPostgres(serverUrl, (client) =>
        client.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`SELECT 1`);
    }),
  ).rejects.toThrow();
  const { rows } = await database().db.execute<{ one: number }>(sql`SELECT 1 AS one`);
  expect(rows).toEqual([{ one: 1 }]);
});
