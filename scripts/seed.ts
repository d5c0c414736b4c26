// `npm run db:seed`: fills an empty database with the demo catalogue (courses, cover images,
// brochures). A database that already has courses is left untouched.
//
// Runs with tsx outside Vite, so this file and everything it imports use relative imports only.
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { seedDemoContent } from "../app/db/seed/seed.server";
import { localDiskStorage } from "../app/lib/storage/local-disk.server";
import { COURSE_ASSETS_BUCKET } from "../app/lib/storage/storage.server";

async function main() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");

  if (databaseUrl) {
    console.log(`Database: PostgreSQL at ${redact(databaseUrl)}`);
  } else {
    console.log(`Database: embedded PGlite in ${path.join(dataDir, "pglite")}`);
    console.warn(
      "Warning: stop the app server first. PGlite allows one process per data folder, and a " +
        "running server on the same DATA_DIR can corrupt it.",
    );
  }
  const storageRoot = path.resolve(dataDir, "storage");
  console.log(`Files: ${path.join(storageRoot, COURSE_ASSETS_BUCKET)}`);

  const handle = databaseUrl
    ? await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 2 })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    const storage = localDiskStorage(storageRoot, COURSE_ASSETS_BUCKET);
    const result = await seedDemoContent(handle.db, storage, {
      log: (line) => console.log(line),
    });
    console.log(
      result.seeded
        ? `Done: ${result.courses} demo courses added.`
        : `Nothing to do: the database already has ${result.courses} course(s).`,
    );
  } finally {
    await handle.close();
  }
}

/** The URL without its password, for the log. */
function redact(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

main().catch((error: unknown) => {
  console.error("Seeding failed:", error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
});
