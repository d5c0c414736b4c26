import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { db } from "~/db/client.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { type StartJobsOptions, startJobs, stopJobs } from "../../server/jobs.server";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";

/** Polls twice a second and retries a refused e-mail a second later. */
const quickJobs: StartJobsOptions = { pollingIntervalSeconds: 0.5, emailRetry: { retryDelay: 1 } };

type MailDeliveryOptions = {
  /** Names the file's own DATA_DIR under .tmp/test-data. */
  name: string;
  /** The file's environment, beside DATA_DIR, SMTP_URL (the test server) and no DATABASE_URL. */
  env: Record<string, string>;
  jobs?: StartJobsOptions;
  /** Emptied before each test. */
  tables: PgTable[];
};

/**
 * A test file's mail delivery, registered after `setupTestDatabase()`: a real SMTP server and
 * the job workers for the file, its environment set and `tables` emptied (and the server's mail
 * forgotten) before each test, all undone afterwards.
 */
export function setupMailDelivery({ name, env, jobs = quickJobs, tables }: MailDeliveryOptions) {
  const dataDir = path.resolve(".tmp/test-data", `${name}-${randomBytes(6).toString("hex")}`);
  let server: TestSmtpServer | undefined;
  const smtp = () => {
    if (!server) throw new Error("The SMTP server starts in beforeAll");
    return server;
  };
  /** The file's environment, with `overrides` for one test. */
  const setEnvironment = (overrides: Record<string, string> = {}) =>
    setEnvForTesting(
      loadEnv({
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        SMTP_URL: smtp().url,
        ...env,
        ...overrides,
      }),
    );
  const startWorkers = () => startJobs(jobs);

  beforeAll(async () => {
    server = await startSmtpServer();
    setEnvironment();
    await startWorkers();
  });
  afterAll(async () => {
    await stopJobs({ graceful: false });
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    setEnvironment();
    smtp().reset();
    for (const table of tables) await db().delete(table);
  });

  return {
    get smtp() {
      return smtp();
    },
    setEnvironment,
    startWorkers,
  };
}
