import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type ExecuteSql, installJobQueueSchema } from "./job-queue.server";
import * as schema from "./schema";

/**
 * One Drizzle type for both drivers. PGlite and node-postgres share the query builder; the
 * only difference code may notice is `db.execute()`, whose result has `rows` in both.
 */
export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Raw SQL outside any transaction, for the job queue (pg-boss). */
  executeSql: ExecuteSql;
  close: () => Promise<void>;
};

const lastResult = <Result>(result: Result | Result[]) =>
  Array.isArray(result) ? result.at(-1) : result;

export const migrationsFolder = path.resolve(process.cwd(), "migrations");

/**
 * The connection pool of a process on PostgreSQL (DATABASE_POOL_SIZE, DATABASE_POOL_WAIT_MS).
 * A query waits its turn for a connection rather than fail: in a burst every connection is
 * busy for a while, and a visitor is better answered late than refused.
 */
export const poolDefaults = { maxConnections: 20, waitMs: 45_000 };

/** A PostgreSQL connection that failed outside a query: the caller reports it (a log line). */
export type ConnectionErrorHandler = (
  error: Error,
  what: "an idle connection failed" | "a connection in use failed",
) => void;

export type OpenOptions =
  | {
      kind: "postgres";
      url: string;
      maxConnections?: number;
      waitMs?: number;
      onConnectionError?: ConnectionErrorHandler;
    }
  | {
      kind: "pglite";
      dataDir?: string;
      /** A dump of a data folder (PGlite's `dumpDataDir`) to start from instead of an empty one. */
      loadDataDir?: Blob;
    };

/**
 * Opens the database and applies pending migrations, ours and the job queue's. `dataDir`
 * undefined means in memory.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? poolDefaults.maxConnections,
      // For a free connection or a new one: in a burst the event loop is too busy to finish a
      // connection's handshake within a few seconds (a 5 s bound failed 1-2 % of a 1,000-visitor
      // burst). A database that refuses connections still fails a request at once.
      connectionTimeoutMillis: options.waitMs ?? poolDefaults.waitMs,
    });
    const onConnectionError = options.onConnectionError ?? (() => {});
    // An idle connection that the server closes (restart, failover) must not crash the app;
    // the pool replaces it on the next query.
    pool.on("error", (error) => onConnectionError(error, "an idle connection failed"));
    // A connection checked out between two statements (a transaction) has no listener of the
    // pool's: the server ending it then would be an unhandled 'error' that stops the process.
    // The transaction's next statement fails instead, and the pool drops the connection.
    pool.on("connect", (client) =>
      client.on("error", (error) => onConnectionError(error, "a connection in use failed")),
    );
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    const executeSql: ExecuteSql = async (text, values) => {
      if (values?.length) return pool.query(text, values);
      // Several statements, some with their own BEGIN: on a failure the connection is rolled
      // back before it returns to the pool, so no other query lands in the aborted transaction.
      const connection = await pool.connect();
      try {
        return lastResult(await connection.query(text)) ?? { rows: [] };
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    };
    await installJobQueueSchema(executeSql);
    return { db, kind: "postgres", executeSql, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...pgliteMemoryBounds],
  });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  const executeSql: ExecuteSql = async (text, values) => {
    if (values?.length) return client.query(text, values as unknown[]);
    // Inside PGlite's own transaction, which rolls back on a failure: PGlite has one connection,
    // so an aborted BEGIN in the statements would otherwise block every later query.
    return client.transaction(async (tx) => lastResult(await tx.exec(text)) ?? { rows: [] });
  };
  await installJobQueueSchema(executeSql);
  return {
    db: db as unknown as Database,
    kind: "pglite",
    executeSql,
    close: () => client.close(),
  };
}

/**
 * The embedded database's memory bounds (docs/configuration.md): PostgreSQL's defaults (128 MB of
 * shared buffers, 64 MB to build an index) are sized for a server of its own, and PGlite holds
 * what it once used for good (WebAssembly memory never shrinks). The demo's data is a few
 * megabytes, and its files are in the operating system's cache anyway.
 */
const pgliteMemoryBounds = ["-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB"];

// The handle lives on globalThis so that the dev server's module reloads never open a second
// PGlite instance on the same data folder.
const holder = globalThis as typeof globalThis & { __academyDatabase?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__academyDatabase = handle;
}

export function currentDatabase(): DatabaseHandle | undefined {
  return holder.__academyDatabase;
}

/** The application's database. Opened once at start-up (server/app.ts), never lazily. */
export function db(): Database {
  const handle = holder.__academyDatabase;
  if (!handle) throw new Error("The database has not been opened (call openDatabase at start-up)");
  return handle.db;
}

/** Whether the database answers `select 1` within `timeoutMs` (for /healthz and /readyz). */
export async function databaseAnswers(timeoutMs = 2_000): Promise<boolean> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      db()
        .execute(sql`select 1`)
        .then(() => true),
      delay(timeoutMs, false, { signal: timeout.signal }),
    ]);
  } catch {
    return false;
  } finally {
    timeout.abort();
  }
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
