// One backup file: the database (pg_dump's custom format for PostgreSQL, PGlite's own dump of
// its data folder for the embedded database) and the local driver's uploaded files, with a
// manifest, as one gzipped tar. Used by `npm run backup` and `npm run restore`
// (docs/decisions/0020-backups.md). Relative imports only: tsx runs this outside Vite.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { migrationsFolder } from "../app/db/client.server";
import { scriptDataDir, withPostgres } from "./script-database";

const run = promisify(execFile);

const FORMAT = "lagos-tech-academy-backup";
const VERSION = 1;
const MANIFEST = "manifest.json";
const POSTGRES_DUMP = "database.pgdump";
const PGLITE_DUMP = "pglite-data.tar.gz";
const STORAGE = "storage";

/** Where the app keeps its data, as the app's environment says. */
export type BackupTarget = {
  /** PostgreSQL at this URL; unset: the embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploads are in the local driver's folder, `dataDir/storage` (not in an S3 bucket). */
  localStorage: boolean;
};

/**
 * The target the app's own environment names: DATABASE_URL or the embedded database in
 * DATA_DIR, and the local storage driver unless uploads go to an S3 bucket (S3_BUCKET).
 */
export function backupTargetFromEnv(): BackupTarget {
  return {
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    dataDir: scriptDataDir(),
    localStorage: !process.env.S3_BUCKET?.trim(),
  };
}

export type Manifest = {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  engine: "postgres" | "pglite";
  /** Migrations applied to the database when it was backed up. */
  migrations: number;
  /** Files of the local storage driver in the backup (0 and `storage: "s3"` with S3). */
  files: number;
  storage: "local" | "s3";
};

/** A backup or restore that would be unsafe or cannot work; its message says what to do. */
export class BackupRefused extends Error {}

const engineOf = (target: BackupTarget) => (target.databaseUrl ? "postgres" : "pglite");
const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, "pglite");
const storageDir = (target: BackupTarget) => path.join(target.dataDir, STORAGE);

/** Writes the backup of `target` to `file` (a new file; written whole or not at all). */
export async function createBackup(
  target: BackupTarget,
  file: string,
  log: (line: string) => void,
): Promise<Manifest> {
  const engine = engineOf(target);
  if (engine === "pglite") refuseLivePglite(target);
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(file)), ".backup-"));
  try {
    // The database first: a row in it points to a file written before the row was, so the
    // copy made afterwards has it (unless the file is deleted in between).
    const migrations =
      engine === "postgres"
        ? await dumpPostgres(target.databaseUrl ?? "", path.join(staging, POSTGRES_DUMP))
        : await dumpPglite(pgliteDir(target), path.join(staging, PGLITE_DUMP));
    log(`Database (${engine}): dumped, ${migrations} migrations applied`);
    const files = target.localStorage
      ? await copyFiles(storageDir(target), path.join(staging, STORAGE))
      : 0;
    log(
      target.localStorage
        ? `Files: ${files} from ${storageDir(target)}`
        : "Files: in the S3 bucket, not in this backup; keep the bucket with versioning or the provider's replication",
    );
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      engine,
      migrations,
      files,
      storage: target.localStorage ? "local" : "s3",
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${file}.part`;
    await tar(["-czf", partial, "-C", staging, "."]);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Puts the backup in `file` back into `target`, whose database and storage must be empty. */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  log: (line: string) => void,
): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupRefused(`No such backup file: ${file}`);
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(file)), ".restore-"));
  try {
    await tar(["-xzf", file, "-C", staging]);
    const manifest = await readManifest(staging);
    await refuseUnlessRestorable(target, manifest);
    if (manifest.engine === "postgres") {
      await restorePostgres(target.databaseUrl ?? "", path.join(staging, POSTGRES_DUMP));
    } else {
      await restorePglite(pgliteDir(target), path.join(staging, PGLITE_DUMP));
    }
    log(`Database (${manifest.engine}): restored, ${manifest.migrations} migrations applied`);
    if (manifest.storage === "local") {
      const files = await copyFiles(path.join(staging, STORAGE), storageDir(target));
      log(`Files: ${files} into ${storageDir(target)}`);
    } else {
      log("Files: the backup holds none (they were in the S3 bucket)");
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

// --- Checks --------------------------------------------------------------------------------

/** PGlite allows one process per data folder: it leaves postmaster.pid there while open. */
function refuseLivePglite(target: BackupTarget) {
  const folder = pgliteDir(target);
  if (!existsSync(path.join(folder, "PG_VERSION"))) {
    throw new BackupRefused(`No embedded database in ${folder} (set DATA_DIR or DATABASE_URL)`);
  }
  if (existsSync(path.join(folder, "postmaster.pid"))) {
    throw new BackupRefused(
      `The embedded database in ${folder} is open in another process: stop the app first ` +
        "(PGlite allows one process per data folder). If the app is not running, it was " +
        "stopped without closing the database: start it and stop it once, then back up.",
    );
  }
}

async function readManifest(staging: string): Promise<Manifest> {
  const text = await readFile(path.join(staging, MANIFEST), "utf8").catch(() => "");
  const manifest = (text ? JSON.parse(text) : {}) as Partial<Manifest>;
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupRefused("This file is not a backup made by `npm run backup`");
  }
  return manifest as Manifest;
}

async function refuseUnlessRestorable(target: BackupTarget, manifest: Manifest) {
  if (manifest.engine !== engineOf(target)) {
    throw new BackupRefused(
      manifest.engine === "pglite"
        ? "This backup holds the embedded database: restore it without DATABASE_URL, into DATA_DIR"
        : "This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it",
    );
  }
  const known = await knownMigrations();
  if (manifest.migrations > known) {
    throw new BackupRefused(
      `This backup was made by a newer version of the app (${manifest.migrations} migrations; ` +
        `this one has ${known}): restore it with that version`,
    );
  }
  if (manifest.engine === "postgres") {
    const tables = await countTables(target.databaseUrl ?? "");
    if (tables > 0) {
      throw new BackupRefused(
        `The database at DATABASE_URL is not empty (${tables} tables). A restore goes into an ` +
          "empty database only: create one (e.g. `createdb academy_restored`) and point " +
          "DATABASE_URL at it, or drop and create this one again.",
      );
    }
  } else if (await holdsAnything(pgliteDir(target))) {
    throw new BackupRefused(
      `${pgliteDir(target)} already holds a database. A restore goes into an empty one only: ` +
        "stop the app and move that folder away, or choose another DATA_DIR.",
    );
  }
  if (manifest.storage === "local" && (await holdsAnything(storageDir(target)))) {
    throw new BackupRefused(
      `${storageDir(target)} already holds files. A restore puts files into an empty folder ` +
        "only: move that folder away, or choose another DATA_DIR.",
    );
  }
}

async function knownMigrations() {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function holdsAnything(folder: string) {
  const entries = await readdir(folder).catch(() => []);
  return entries.length > 0;
}

// --- PostgreSQL ----------------------------------------------------------------------------

const MIGRATIONS_APPLIED = "select count(*)::int as count from drizzle.__drizzle_migrations";

/**
 * The URL without its password, which goes to pg_dump and pg_restore in PGPASSWORD instead,
 * so it never shows in the process list.
 */
function libpqArguments(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** pg_dump takes one consistent snapshot, so the app may keep running meanwhile. */
async function dumpPostgres(url: string, output: string) {
  const { dbname, env } = libpqArguments(url);
  await tool("pg_dump", ["--format=custom", `--file=${output}`, `--dbname=${dbname}`], env);
  return withPostgres(url, async (client) => {
    const result = await client.query<{ count: number }>(MIGRATIONS_APPLIED);
    return result.rows[0]?.count ?? 0;
  });
}

/**
 * Into the database as the restoring user: no owners or grants of the old server, and no
 * comments (the schema has none of its own; pg_trgm's comment may only be set by the
 * extension's owner, who is not the app's user where an administrator created it).
 */
async function restorePostgres(url: string, input: string) {
  const { dbname, env } = libpqArguments(url);
  await tool(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--no-comments",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${dbname}`,
      input,
    ],
    env,
  );
}

function countTables(url: string) {
  return withPostgres(url, async (client) => {
    const result = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return result.rows[0]?.count ?? 0;
  });
}

// --- PGlite --------------------------------------------------------------------------------

async function dumpPglite(folder: string, output: string) {
  const database = await PGlite.create(folder, { extensions: { pg_trgm } });
  try {
    const migrations = await database.query<{ count: number }>(MIGRATIONS_APPLIED);
    const dump = await database.dumpDataDir("gzip");
    await writeFile(output, Buffer.from(await dump.arrayBuffer()));
    return migrations.rows[0]?.count ?? 0;
  } finally {
    await database.close();
  }
}

async function restorePglite(folder: string, input: string) {
  await mkdir(folder, { recursive: true });
  const dump = new Blob([await readFile(input)]);
  const database = await PGlite.create(folder, { loadDataDir: dump, extensions: { pg_trgm } });
  await database.close();
}

// --- Files and tools -----------------------------------------------------------------------

/**
 * Copies every file under `from` to `to`, keeping their paths, and returns how many. A file
 * the running app deletes meanwhile is skipped; the local driver's unfinished `.part` files are
 * left out.
 */
async function copyFiles(from: string, to: string) {
  const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
  let copied = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(".part")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(source, target);
      copied += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return copied;
}

function tar(args: string[]) {
  return tool("tar", args, process.env);
}

async function tool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(command, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new BackupRefused(
        `${command} was not found: install it (Debian: ${command === "tar" ? "tar" : "postgresql-client"}) and put it on PATH`,
      );
    }
    throw new BackupRefused(`${command} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}
