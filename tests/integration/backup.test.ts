import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { courses } from "~/db/schema";
import { seedDemoMessages } from "~/features/demo/seed-messages.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { hitRateLimit } from "~/lib/infra/rate-limit.server";
import { localDiskStorage } from "~/lib/infra/storage/local-disk.server";
import { COURSE_ASSETS_BUCKET } from "~/lib/infra/storage/storage.server";
import {
  BackupRefused,
  type BackupTarget,
  createBackup,
  restoreBackup,
} from "../../scripts/backup-archive";
import { withPostgres } from "../../scripts/script-database";
import { makeAdmin } from "../support/admin-session";
import { pdfDocument, pngImage } from "../support/course-fixtures";

/**
 * `npm run backup` and `npm run restore` on this project's engine (PGlite in the pglite
 * project, PostgreSQL at TEST_DATABASE_URL in the postgres one): fill, back up, restore into
 * an empty database and storage, compare every table's rows and every file's bytes.
 */

const kind = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
const serverUrl = process.env.TEST_DATABASE_URL ?? "";
const noLog = () => {};

/** A data folder, and for PostgreSQL a database of its own, as the app would have them. */
type Place = {
  target: BackupTarget;
  open: () => Promise<DatabaseHandle>;
  remove: () => Promise<void>;
};
const places: Place[] = [];

async function newPlace(): Promise<Place> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "academy-backup-"));
  let place: Place;
  if (kind === "pglite") {
    place = {
      target: { databaseUrl: undefined, dataDir, localStorage: true },
      open: () => openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  } else {
    const name = `academy_backup_${randomBytes(6).toString("hex")}`;
    await withPostgres(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    place = {
      target: { databaseUrl: url.toString(), dataDir, localStorage: true },
      open: () => openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 2 }),
      remove: async () => {
        await withPostgres(serverUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  places.push(place);
  return place;
}

/** Admins with accounts, demo messages (and their counters), courses, rate limits, files. */
async function fill(place: Place, handle: DatabaseHandle) {
  setDatabase(handle);
  const admin = await makeAdmin({ role: "super_admin" });
  await makeAdmin({ role: "admin", isActive: false });
  await handle.db.insert(courses).values([
    { slug: "backup-one", title: "Backup One", description: "A course.", category: "Design" },
    { slug: "backup-two", title: "Backup Two", description: "Another.", category: "Programming" },
  ]);
  await seedDemoMessages(handle.db, { demoAdminId: admin.id });
  await hitRateLimit({ name: "backup-test", limit: 5, windowMs: 60_000 }, "10.0.0.1");
  const storage = localDiskStorage(
    path.join(place.target.dataDir, "storage"),
    COURSE_ASSETS_BUCKET,
  );
  await storage.put("images/course-image-1.png", await pngImage(64, 48), "image/png");
  await storage.put("brochures/course-1-brochure-1.pdf", pdfDocument(), "application/pdf");
}

/** Every table's row count and a checksum of its rows, by schema-qualified name. */
async function tables(handle: DatabaseHandle) {
  const names = await handle.db.execute<{ name: string }>(sql`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`);
  const summary: Record<string, { rows: number; checksum: string }> = {};
  for (const { name } of names.rows) {
    const result = await handle.db.execute<{ rows: number; checksum: string }>(
      sql.raw(`select count(*)::int as rows,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum
        from ${name} t`),
    );
    const row = result.rows[0];
    if (row) summary[name] = row;
  }
  return summary;
}

/** Every file under the data folder's storage, with a hash of its bytes. */
async function files(place: Place) {
  const root = path.join(place.target.dataDir, "storage");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const found: Record<string, string> = {};
  for (const entry of entries.filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(root, file)] = createHash("sha256")
      .update(await readFile(file))
      .digest("hex");
  }
  return found;
}

let workDir = "";
beforeAll(async () => {
  setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
  workDir = await mkdtemp(path.join(tmpdir(), "academy-backups-"));
});

afterAll(async () => {
  setDatabase(undefined);
  setEnvForTesting(undefined);
  await Promise.all(places.map((place) => place.remove()));
  await rm(workDir, { recursive: true, force: true });
});

describe(`backup and restore (${kind})`, () => {
  let source: Place;
  let file = "";
  let before: { tables: Awaited<ReturnType<typeof tables>>; files: Record<string, string> };

  beforeAll(async () => {
    source = await newPlace();
    const handle = await source.open();
    await fill(source, handle);
    before = { tables: await tables(handle), files: await files(source) };
    file = path.join(workDir, "academy.tar.gz");
    if (kind === "pglite") {
      // PGlite allows one process per folder: a backup of an open one is refused.
      await expect(createBackup(source.target, file, noLog)).rejects.toThrow(
        /open in another process: stop the app first/,
      );
      await handle.close();
      await createBackup(source.target, file, noLog);
    } else {
      // pg_dump reads one consistent snapshot while the app keeps its connections.
      await createBackup(source.target, file, noLog);
      await handle.close();
    }
  }, 60_000);

  it("restores every row and every file into an empty database and storage", async () => {
    expect(Object.keys(before.tables)).toEqual(
      expect.arrayContaining([
        "drizzle.__drizzle_migrations",
        "public.auth_user",
        "public.courses",
      ]),
    );
    expect(before.tables["public.messages"]?.rows).toBeGreaterThan(5);
    expect(before.tables["public.admins"]?.rows).toBe(2);
    expect(Object.keys(before.files)).toHaveLength(2);

    const empty = await newPlace();
    const lines: string[] = [];
    const manifest = await restoreBackup(empty.target, file, (line) => lines.push(line));
    expect(manifest).toMatchObject({ engine: kind, files: 2, storage: "local" });
    expect(lines.join("\n")).toMatch(/Files: 2 into/);

    const restored = await empty.open();
    try {
      expect(await tables(restored)).toEqual(before.tables);
    } finally {
      await restored.close();
    }
    expect(await files(empty)).toEqual(before.files);
  }, 60_000);

  it("refuses a database that is not empty, and changes nothing", async () => {
    const error = await restoreBackup(source.target, file, noLog).catch((caught) => caught);
    expect(error).toBeInstanceOf(BackupRefused);
    expect(error.message).toMatch(
      kind === "pglite" ? /already holds a database/ : /The database at DATABASE_URL is not empty/,
    );
    const handle = await source.open();
    try {
      expect(await tables(handle)).toEqual(before.tables);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("refuses a storage folder that holds files, before touching the database", async () => {
    const place = await newPlace();
    const stray = path.join(place.target.dataDir, "storage", "course-assets", "stray.txt");
    await mkdir(path.dirname(stray), { recursive: true });
    await writeFile(stray, "left over");
    await expect(restoreBackup(place.target, file, noLog)).rejects.toThrow(/already holds files/);
    // The database was left empty: a restore into it still works once the folder is cleared.
    await rm(path.join(place.target.dataDir, "storage"), { recursive: true });
    await restoreBackup(place.target, file, noLog);
    expect(await files(place)).toEqual(before.files);
  }, 60_000);

  it("refuses a file that is not a backup", async () => {
    const other = path.join(workDir, "not-a-backup.tar.gz");
    const folder = await mkdtemp(path.join(workDir, "other-"));
    await writeFile(path.join(folder, "notes.txt"), "hello");
    execFileSync("tar", ["-czf", other, "-C", folder, "."]);
    const place = await newPlace();
    await expect(restoreBackup(place.target, other, noLog)).rejects.toThrow(
      "This file is not a backup made by `npm run backup`",
    );
  });
});
