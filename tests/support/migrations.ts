import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { withPostgres } from "../../scripts/script-database";

/**
 * For the tests of a data migration: a database brought up to an earlier migration, filled as
 * the app then wrote it, then migrated to the end. PGlite, or in the "postgres" Vitest project
 * a new database at TEST_DATABASE_URL, dropped on close.
 */

export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
export type Engine = {
  query: Query;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
};

/** The migrations folder as it stood at `lastTag`: the later ones left out of its journal. */
export function migrationsUpTo(lastTag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

export async function openEngine(): Promise<Engine> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== "postgres" || !serverUrl) {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      query: (text) => client.query(text) as ReturnType<Query>,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `academy_kobo_${randomBytes(6).toString("hex")}`;
  await withPostgres(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    query: (text) => pool.query(text),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await withPostgres(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * The database of a data migration's tests, registered in their describe block: brought up to
 * the migration `lastTag` and filled by `fill` before the tests, then migrated to the end;
 * closed after them. Returns its query function.
 */
export function setupMigratedDatabase(
  lastTag: string,
  fill: (query: Query) => Promise<unknown>,
): Query {
  let engine: Engine | undefined;
  let before: string | undefined;
  beforeAll(async () => {
    engine = await openEngine();
    before = migrationsUpTo(lastTag);
    await engine.migrate(before);
    await fill(engine.query);
    await engine.migrate(migrationsFolder);
  });
  afterAll(async () => {
    await engine?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });
  return (text) => {
    if (!engine) throw new Error("The migrated database is opened in beforeAll");
    return engine.query(text);
  };
}
