// `npm run test:edge`: the app behind nginx's shared cache (issue 30). Its own PostgreSQL
// cluster, a real S3-compatible server (s3rver), two app processes and nginx started from
// deploy/nginx/academy.conf (only its ports and paths replaced); then the checks of docs/testing.md's
// "Edge cache (nginx)", with a printed table and the throughput of the cache against a static
// file. Exits 1 when a check fails. Needs the production build (`npm run test:edge` builds first).

import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";
import { query } from "../fleet/query";
import { type Row, report } from "../fleet/report";
import { type AppServer, startAppServer } from "../support/app-server";
import { freePort } from "../support/free-port";
import { startPostgresCluster } from "../support/postgres-cluster";
import { startS3Server } from "../support/s3-server";
import { createSuperAdmin } from "../support/super-admin";
import { contactPostsPassThrough, courseInquiryThroughEdge } from "./forms";
import { startNginx } from "./nginx";
import { portalNeverShared, routeDataNeverKept, setCookieNeverKept } from "./private-pages";
import {
  agreedHeaders,
  courseEditShows,
  courseImageKept,
  courseViewsCounted,
  pagesUnderLoad,
  promiseOnCachedPages,
} from "./public-pages";
import type { Site } from "./site";
import { cachedAgainstStatic } from "./throughput";

const run = promisify(execFile);
const ADMIN = { name: "Edge Admin", email: "edge@academy.test", password: "edge-password-1" };

type Cleanup = () => Promise<unknown>;

/** The active course the checks use, with its cover image's URL. */
async function someCourse(databaseUrl: string) {
  const [course] = await query<{ slug: string; image: string | null }>(
    databaseUrl,
    "SELECT slug, image FROM courses WHERE is_active AND image IS NOT NULL ORDER BY slug LIMIT 1",
  );
  if (!course) throw new Error("The demo catalogue has no active course with an image");
  return course;
}

/**
 * The database, storage, both app processes (seeded with the demo catalogue and a super admin)
 * and nginx in front of them, on free ports. The apps' PUBLIC_URL is nginx's address, as it is
 * the site's; TRUST_PROXY=1 since nginx is the one proxy in front of them.
 */
async function startSite(cleanups: Cleanup[]): Promise<Site> {
  const cluster = await startPostgresCluster();
  cleanups.push(() => cluster.destroy());
  await query(cluster.url(), "CREATE DATABASE academy");
  const databaseUrl = cluster.url("academy");
  const s3 = await startS3Server({ bucket: "edge-course-assets" });
  cleanups.push(() => s3.stop());
  const edgePort = await freePort();
  const env = {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${edgePort}`,
    TRUST_PROXY: "1",
    AUTH_SECRET: "edge-check-secret-that-is-long-enough-for-better-auth",
    NOTIFY_EMAILS: "staff@academy.test",
    // The request lines (info) are how the suite counts what reached the app.
    LOG_LEVEL: "info",
  };
  const startServer = async (prefix: string) => {
    const server = await startAppServer({ env, dataDirPrefix: prefix });
    // Run in reverse: the process stops before its folder goes.
    cleanups.push(() => rm(server.dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop());
    return server;
  };
  const a = await startServer("edge-a");
  await createSuperAdmin(databaseUrl, ADMIN);
  await run("npx", ["tsx", "scripts/seed.ts"], {
    env: { ...process.env, ...env, DATA_DIR: a.dataDir },
  });
  const b = await startServer("edge-b");
  const edge = await startNginx([a.origin, b.origin], edgePort);
  cleanups.push(() => edge.stop());
  return {
    edge,
    servers: [a, b],
    databaseUrl,
    admin: ADMIN,
    course: await someCourse(databaseUrl),
  };
}

/** Each check's rows, or a failed row naming it when it threw. */
async function runChecks(site: Site, checks: Array<(site: Site) => Promise<Row[]>>) {
  const rows: Row[] = [];
  for (const check of checks) {
    rows.push(
      ...(await check(site).catch((error: unknown) => [
        { check: `${check.name} ran`, result: String(error), pass: false },
      ])),
    );
  }
  return rows;
}

/** The end of the log of a process that stopped, so a failure says why. */
function reportExits(servers: AppServer[]) {
  for (const [index, server] of servers.entries()) {
    const exit = server.exited();
    if (!exit) continue;
    console.log(`\nProcess ${index ? "B" : "A"} stopped (${exit}); the end of its log:`);
    console.log(server.log().split("\n").slice(-40).join("\n"));
  }
}

async function main() {
  const cleanups: Cleanup[] = [];
  const rows: Row[] = [];
  let throughputTable = "";
  let site: Site | null = null;
  try {
    site = await startSite(cleanups);
    const editShown = await courseEditShows(site);
    rows.push(
      ...(await runChecks(site, [
        agreedHeaders,
        promiseOnCachedPages,
        pagesUnderLoad,
        portalNeverShared,
        setCookieNeverKept,
        routeDataNeverKept,
        contactPostsPassThrough,
        courseInquiryThroughEdge,
        courseImageKept,
        courseViewsCounted,
      ])),
    );
    rows.push(...(await editShown()));
    const throughput = await cachedAgainstStatic(site);
    rows.push(...throughput.rows);
    throughputTable = throughput.table;
  } catch (error) {
    rows.push({ check: "the suite ran", result: String(error), pass: false });
  } finally {
    if (site) {
      reportExits(site.servers);
      const errorLog = await site.edge.errorLog();
      if (errorLog.trim()) console.log(`\nnginx's error log:\n${errorLog}`);
    }
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
  console.log(report(rows));
  if (throughputTable) console.log(`\n${throughputTable}`);
  if (rows.some((row) => !row.pass)) process.exit(1);
}

await main();
