// `npm run bench:memory`: the production server's memory on PostgreSQL (its own cluster, seeded
// with `db:seed` and a super admin, as an installation is) and on the embedded database (a first
// start, which seeds the demo content). For each: resident memory (RSS, from /proc) and the
// process's own heap and external memory after start, after each of three rounds of 10,000 mixed
// public and portal requests, and after a 60 s idle; then the targets of issue 42.
// BENCH_MEMORY_REQUESTS (default 10,000 a round), BENCH_MEMORY_IDLE_SECONDS (default 60),
// BENCH_MEMORY_ONLY=postgres|pglite, BENCH_MEMORY_NODE_OPTIONS (flags for the measured server). Needs the production build (the npm script builds first).
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { visitor } from "../../tests/fleet/visitor";
import { type AppServer, startAppServer } from "../../tests/support/app-server";
import { startPostgresCluster } from "../../tests/support/postgres-cluster";
import { createSuperAdmin } from "../../tests/support/super-admin";

const run = promisify(execFile);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
const IDLE_SECONDS = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 60);
const ONLY = process.env.BENCH_MEMORY_ONLY;
/**
 * The measured server runs with `npm run serve`'s memory settings (package.json, decision 0067);
 * BENCH_MEMORY_NODE_OPTIONS and MALLOC_ARENA_MAX try others.
 */
const NODE_FLAGS = process.env.BENCH_MEMORY_NODE_OPTIONS ?? "--max-old-space-size=256";
process.env.MALLOC_ARENA_MAX ??= "2";
const LANES = 10;
const ROUNDS = 3;
const REPORTER = path.resolve("scripts/bench/memory/report-memory.mjs");
const ADMIN = { name: "Bench Admin", email: "bench@academy.test", password: "bench-password-1" };
const DEMO_ADMIN = { email: "admin@academy.test", password: "demo-admin-2026" };
const MB = 1024 * 1024;

type Reading = { when: string; rss: number; heapUsed: number; heapTotal: number; external: number };

async function residentBytes(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

/** The process's own figures: SIGUSR2 makes report-memory.mjs write them to its log. */
async function ownFigures(server: AppServer): Promise<NodeJS.MemoryUsage> {
  const seen = server.log().split("BENCH-MEMORY ").length;
  process.kill(server.pid, "SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 50) {
    const parts = server.log().split("BENCH-MEMORY ");
    if (parts.length > seen) return JSON.parse(parts[seen]?.split("\n")[0] ?? "{}");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The server did not report its memory");
}

async function reading(server: AppServer, when: string): Promise<Reading> {
  const own = await ownFigures(server);
  return {
    when,
    rss: await residentBytes(server.pid),
    heapUsed: own.heapUsed,
    heapTotal: own.heapTotal,
    external: own.external,
  };
}

/** The pages a round asks for: public pages (6 in 10) and, signed in, portal pages and data. */
async function pathsOf(server: AppServer) {
  const catalogue = await (await fetch(`${server.origin}/courses`)).text();
  const courses = [...new Set(catalogue.match(/\/course\/[a-z0-9-]+/g) ?? [])];
  const coursePages = await Promise.all(
    courses.map(async (course) => (await fetch(`${server.origin}${course}`)).text()),
  );
  // The apply forms of the open intakes the course pages link to.
  const applyForms = [
    ...new Set(coursePages.flatMap((page) => page.match(/\/apply\/[0-9a-f-]{36}/g) ?? [])),
  ];
  const publicPaths = ["/", "/courses", "/about", "/contact", ...courses, ...applyForms];
  const portalPaths = [
    "/admin-portal/dashboard",
    "/admin-portal/messages",
    "/admin-portal/students",
    "/admin-portal/courses",
    "/admin-portal/reports",
    "/admin-portal/messages.data",
    "/admin-portal/students.data",
  ];
  return { publicPaths, portalPaths };
}

type Paths = Awaited<ReturnType<typeof pathsOf>>;

async function load(server: AppServer, cookie: string, round: number, paths: Paths) {
  const { publicPaths, portalPaths } = paths;
  let next = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      const address = `10.${round}.${lane}.1`;
      const anonymous = visitor(server, address);
      const staff = visitor(server, address, cookie);
      for (let step = next++; step < REQUESTS; step = next++) {
        const portal = step % 10 >= 6;
        const list = portal ? portalPaths : publicPaths;
        const pathname = list[Math.floor(step / 10) % list.length] ?? "/";
        const { status } = await (portal ? staff : anonymous).get(pathname);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
}

async function measure(name: string, server: AppServer, account: typeof ADMIN | typeof DEMO_ADMIN) {
  const readings = [await reading(server, "after start")];
  const cookie = await visitor(server, "10.250.0.1").signIn(account);
  const paths = await pathsOf(server);
  for (let round = 1; round <= ROUNDS; round++) {
    const answers = await load(server, cookie, round, paths);
    readings.push(await reading(server, `after ${round * REQUESTS} requests`));
    console.log(`${name}: round ${round} answered ${answers}`);
  }
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  readings.push(await reading(server, `after ${IDLE_SECONDS} s idle`));
  return readings;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function printReadings(name: string, readings: Reading[]) {
  console.log(`\n${name}`);
  console.log(
    `${"".padEnd(24)}${"RSS".padStart(9)}${"heap used".padStart(11)}${"heap total".padStart(12)}${"external".padStart(10)}`,
  );
  for (const row of readings) {
    console.log(
      `${row.when.padEnd(24)}${mb(row.rss).padStart(9)}${mb(row.heapUsed).padStart(11)}${mb(row.heapTotal).padStart(12)}${mb(row.external).padStart(10)}`,
    );
  }
}

async function onPostgres() {
  const cluster = await startPostgresCluster();
  let server: AppServer | undefined;
  try {
    const url = cluster.url();
    await run("npx", ["tsx", "scripts/seed.ts"], { env: { ...process.env, DATABASE_URL: url } });
    await createSuperAdmin(url, ADMIN);
    const env = {
      DATABASE_URL: url,
      AUTH_SECRET: "bench-memory-secret-that-is-long-enough-for-better-auth",
      NODE_OPTIONS: `--import=${REPORTER} ${NODE_FLAGS}`,
    };
    server = await startAppServer({ env, dataDirPrefix: "bench-memory-pg" });
    return await measure("PostgreSQL", server, ADMIN);
  } finally {
    await server?.stop();
    if (server) await rm(server.dataDir, { recursive: true, force: true });
    await cluster.stop();
  }
}

async function onEmbedded() {
  // An empty folder: the first start seeds the demo content, as `npm run dev` does.
  const dataDir = await mkdtemp(path.resolve(".tmp/bench-memory-pglite-"));
  const server = await startAppServer({
    dataDir,
    env: { NODE_OPTIONS: `--import=${REPORTER} ${NODE_FLAGS}` },
  });
  try {
    return await measure("Embedded database (PGlite)", server, DEMO_ADMIN);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function verdicts(postgres: Reading[] | null, embedded: Reading[] | null) {
  const rows: [string, string, boolean][] = [];
  if (postgres) {
    const [start, , second, third] = postgres;
    const peak = Math.max(...postgres.slice(1).map((row) => row.rss));
    rows.push([
      "PostgreSQL: RSS after start ≤ 250 MB",
      mb(start?.rss ?? 0),
      (start?.rss ?? 0) <= 250 * MB,
    ]);
    rows.push(["PostgreSQL: RSS under load ≤ 300 MB", mb(peak), peak <= 300 * MB]);
    const growth = (third?.rss ?? 0) - (second?.rss ?? 0);
    rows.push([
      "PostgreSQL: no growth from the 2nd to the 3rd round (≤ 10 MB)",
      `${(growth / MB).toFixed(0)} MB`,
      growth <= 10 * MB,
    ]);
  }
  if (embedded) {
    const [start, first, , third] = embedded;
    rows.push([
      "Embedded: RSS after the first start's seeding ≤ 450 MB",
      mb(start?.rss ?? 0),
      (start?.rss ?? 0) <= 450 * MB,
    ]);
    const growth = (third?.rss ?? 0) - (first?.rss ?? 0);
    rows.push([
      "Embedded: flat under load (1st to 3rd round ≤ 25 MB)",
      `${(growth / MB).toFixed(0)} MB`,
      growth <= 25 * MB,
    ]);
  }
  console.log("\nTargets (issue 42)");
  for (const [what, figure, met] of rows)
    console.log(`${met ? "met    " : "NOT MET"}  ${what}: ${figure}`);
}

const postgres = ONLY === "pglite" ? null : await onPostgres();
const embedded = ONLY === "postgres" ? null : await onEmbedded();
if (postgres) printReadings("PostgreSQL", postgres);
if (embedded) printReadings("Embedded database (PGlite)", embedded);
verdicts(postgres, embedded);
