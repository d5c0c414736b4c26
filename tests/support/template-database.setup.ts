// Vitest global setup of the integration projects: one migrated database made before any test
// file runs, which each file then copies instead of migrating its own (decision 0051). PGlite:
// a dump of the migrated data folder, loaded per file. PostgreSQL: a template database, copied
// per file by CREATE DATABASE … TEMPLATE and dropped at the end of the run.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { withPostgres } from "../../scripts/script-database";
import { installJobs } from "../../server/jobs.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PGlite dump of the migrated database (a file path), or the template database's name. */
    templateDatabase: string;
  }
}

async function pgliteTemplate() {
  const handle = await openDatabase({ kind: "pglite" });
  await installJobs(handle);
  // Drizzle's `$client` is the PGlite instance underneath (the handle is typed for node-postgres).
  const { $client } = handle.db as unknown as { $client: PGlite };
  const dump = await $client.dumpDataDir("none");
  await handle.close();
  const folder = path.resolve(".tmp/test-templates");
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `pglite-${process.pid}-${randomBytes(4).toString("hex")}.tar`);
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  return { name: file, drop: async () => rmSync(file, { force: true }) };
}

async function postgresTemplate(serverUrl: string) {
  const name = `academy_template_${randomBytes(6).toString("hex")}`;
  await withPostgres(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 2 });
  await installJobs(handle);
  await handle.close();
  return {
    name,
    drop: () =>
      withPostgres(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ),
  };
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (kind === "postgres" && !serverUrl)
    throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const template =
    kind === "postgres" && serverUrl ? await postgresTemplate(serverUrl) : await pgliteTemplate();
  project.provide("templateDatabase", template.name);
  return template.drop;
}
