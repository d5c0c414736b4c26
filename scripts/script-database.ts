// Opens the app's database for a command-line tool: PostgreSQL at DATABASE_URL, or the
// embedded PGlite in DATA_DIR (default ./data), migrated. Relative imports only: tsx runs this
// outside Vite.
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase, setDatabase } from "../app/db/client.server";

export function scriptDataDir() {
  return path.resolve(process.env.DATA_DIR?.trim() || "./data");
}

export async function openScriptDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = scriptDataDir();
  if (databaseUrl) {
    console.log(`Database: PostgreSQL at ${redact(databaseUrl)}`);
  } else {
    console.log(`Database: embedded PGlite in ${path.join(dataDir, "pglite")}`);
    console.warn(
      "Warning: stop the app server first. PGlite allows one process per data folder, and a " +
        "running server on the same DATA_DIR can corrupt it.",
    );
  }
  const handle = databaseUrl
    ? await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 2 })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  setDatabase(handle);
  return handle;
}

/** The URL without its password, for the log. */
function redact(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/** Runs `work` on one connection to the PostgreSQL server at `url`, closed afterwards. */
export async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
