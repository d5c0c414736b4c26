import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/support/slow-first-sequencer";

const alias = { "~": new URL("./app", import.meta.url).pathname };
/**
 * With a PostgreSQL server (TEST_DATABASE_URL), the integration tests run on it, as production
 * does, and on PGlite only the files whose code differs by engine: the backup, the migrations'
 * data steps, the demo's seeding and the job queue. The browser, fuzz and edge suites run the
 * whole app on PGlite besides (decision 0063).
 */
const engineSpecific = [
  "backup",
  "course-prices-in-kobo",
  "course-start-dates-to-intakes",
  "seed",
  "seed-applications",
  "seed-payments",
  "seed-tutors",
  "jobs",
  "job-burst",
  "outgoing-mail",
];
const onBothEngines = !!process.env.TEST_DATABASE_URL;
/** Staff password hashes at a test suite's cost: hundreds of accounts each run (decision 0076). */
const cheapPasswordHashes = { PASSWORD_HASH_COST: "test" };

const integration = (name: string, kind: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include:
      kind === "pglite" && onBothEngines
        ? [`tests/integration/{${engineSpecific.join(",")}}.test.ts`]
        : ["tests/integration/**/*.test.ts"],
    // `*.postgres.test.ts`: what only a server can do (end a connection, restart).
    exclude: kind === "pglite" ? ["tests/integration/**/*.postgres.test.ts"] : [],
    env: { TEST_DB_KIND: kind, DATA_DIR: ".tmp/test-data", ...cheapPasswordHashes },
    // One migrated database per run, copied by each file (decision 0051).
    globalSetup: ["tests/support/template-database.setup.ts"],
    testTimeout: 30_000,
    // Files in one worker share its modules, imported once (decision 0077): setupTestDatabase
    // gives each file its own database, data folder and configuration, and spies are undone.
    isolate: false,
    restoreMocks: true,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // A worker more than the cores (Vitest's default is one fewer): integration tests spend much
    // of their time waiting on the database server, sockets and timers (decision 0051).
    maxWorkers: availableParallelism() + 1,
    // The slowest files first, so that none is left running alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          env: cheapPasswordHashes,
        },
      },
      integration("integration-pglite", "pglite"),
      // Runs against the PostgreSQL server only where TEST_DATABASE_URL points to one.
      ...(onBothEngines ? [integration("integration-postgres", "postgres")] : []),
    ],
  },
});
