// `npm run test:fleet`: the app as a fleet. Its own PostgreSQL cluster (initdb/pg_ctl on a free
// port), a real S3-compatible server (s3rver), a fake Paystack and two app processes with
// different data folders (and, for the mail case, a dovecot); then the checks of docs/testing.md's
// "Fleet suite", with a printed table; FLEET_ONLY names the cases to run. Exits 1 when a check
// fails. Needs the production build (`npm run test:fleet` builds first).

import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { promisify } from "node:util";
import sharp from "sharp";
import { type AppServer, startAppServer } from "../support/app-server";
import { startDovecot } from "../support/dovecot";
import { startFakePaystack } from "../support/fake-paystack";
import { freePort } from "../support/free-port";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";
import { startS3Server } from "../support/s3-server";
import { createSuperAdmin } from "../support/super-admin";
import { admissionsRush } from "./admissions";
import { discountRush } from "./discounts";
import { inboundMailEnv, inboundMailRush } from "./inbound-mail";
import { paymentRush } from "./payments";
import { query } from "./query";
import { type Row, report } from "./report";
import { type Visit, visitor } from "./visitor";
import { startFleetWhatsapp, whatsappRush } from "./whatsapp";

const run = promisify(execFile);
const ADMIN = { name: "Fleet Admin", email: "fleet@academy.test", password: "fleet-password-1" };
const CONTACT_SUCCESS = "Thank you for your message! We will get back to you within 24 hours.";
const CONTACT_FAILURE = "Failed to submit contact form. Please try again.";
const BURST = Number(process.env.FLEET_BURST ?? 500);
/** The share of a burst that must be acknowledged (the rest may be refused, never lost). */
const BURST_ACKNOWLEDGED_AT_LEAST = 0.99;
/** Only the header's Courses menu has this link: a page rendered without the menu lacks it. */
const COURSES_MENU = ">View all courses<";
/** Long enough for 1,000s of pages over both processes; `npm run bench:fleet` runs 60 s. */
const LOAD_SECONDS = Number(process.env.FLEET_LOAD_SECONDS ?? 15);
/** The cases, in the order they run; FLEET_ONLY=mail,burst runs only those. */
const CASES = [
  "shared",
  "burst",
  "admissions",
  "payments",
  "discounts",
  "whatsapp",
  "outage",
  "load",
  "mail",
] as const;
type Case = (typeof CASES)[number];
const ONLY = (process.env.FLEET_ONLY ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);

const rows: Row[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A contact message whose text names it, from an address of its own. */
function contactForm(marker: string) {
  return new URLSearchParams({
    name: "Fleet Visitor",
    email: "visitor@example.ng",
    phone: "0803 555 0199",
    subject: "Course Information",
    message: `Fleet check ${marker}: when does the next class start?`,
    website: "",
  });
}

type Submission = {
  marker: string;
  status: number | "network";
  acknowledged: boolean;
  body: string;
};

let addressSerial = 0;
async function submitContact(server: AppServer, marker: string): Promise<Submission> {
  addressSerial += 1;
  const address = `10.${(addressSerial >> 16) & 255}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`;
  try {
    const response = await fetch(`${server.origin}/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address,
      },
      body: contactForm(marker),
    });
    const body = await response.text();
    return {
      marker,
      status: response.status,
      acknowledged: response.status === 200 && body.includes(CONTACT_SUCCESS),
      body,
    };
  } catch (error) {
    return { marker, status: "network", acknowledged: false, body: String(error) };
  }
}

async function storedMarkers(url: string, prefix: string) {
  const found = await query<{ marker: string; copies: string }>(
    url,
    `SELECT substring(message from 'Fleet check ([^:]+):') AS marker, count(*) AS copies
       FROM messages WHERE message LIKE $1 GROUP BY 1`,
    [`Fleet check ${prefix}%`],
  );
  return new Map(found.map((row) => [row.marker, Number(row.copies)]));
}

/** Sessions, sign-in counters, the live unread count and uploads, across the two processes. */
async function sharedState(a: AppServer, b: AppServer, databaseUrl: string) {
  const onA = visitor(a, "10.200.0.1");
  const onB = visitor(b, "10.200.0.1");
  const cookie = await onA.signIn(ADMIN);
  const dashboard = await visitor(b, "10.200.0.2", cookie).get("/admin-portal/dashboard");
  rows.push({
    check: "session made on A, used on B",
    result: `${dashboard.status}`,
    pass: dashboard.status === 200,
  });

  // The sign-in throttle: 5 failures per account and address, wherever they land.
  const wrong = { email: ADMIN.email, password: "not-the-password" };
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    statuses.push((await (attempt % 2 ? onB : onA).postForm("/admin-portal/login", wrong)).status);
  }
  rows.push({
    check: "sign-in failures counted across A and B",
    result: statuses.join(" "),
    pass:
      statuses.slice(0, 5).every((status) => status !== 302 && status !== 429) &&
      statuses[5] === 429,
  });

  // The live unread count: a stream on B sees a message posted to A.
  const stream = await visitor(b, "10.200.0.3", cookie).events();
  const before = await stream.nextPulse(10_000);
  const posted = Date.now();
  await submitContact(a, "live-0");
  let after = before;
  while (after && before && after.unread <= before.unread) {
    after = await stream.nextPulse(15_000);
  }
  stream.close();
  const seenAfter = Date.now() - posted;
  rows.push({
    check: "message posted to A shows on B's live unread count",
    result: after && before ? `${before.unread} → ${after.unread} in ${seenAfter} ms` : "no pulse",
    pass: Boolean(after && before && after.unread === before.unread + 1),
  });

  // An image uploaded through A is served by B (whose data folder has no such file).
  const image = await sharp({
    create: { width: 1200, height: 675, channels: 3, background: "#1d4ed8" },
  })
    .png()
    .toBuffer();
  const slug = `fleet-course-${Date.now().toString(36)}`;
  const created = await visitor(a, "10.200.0.4", cookie).postMultipart(
    "/admin-portal/courses",
    {
      intent: "create",
      title: "Fleet Course",
      slug,
      description: "A course made by the fleet check.",
      category: "Programming",
      level: "Beginner",
      price: "150000",
      originalPrice: "0",
      rating: "4.5",
      lessons: "12",
      duration: "8 weeks",
      "subtitles[0]": "English",
      isActive: "on",
    },
    { imageFile: { bytes: image, name: "cover.png", type: "image/png" } },
  );
  const [course] = await query<{ image: string | null }>(
    databaseUrl,
    "SELECT image FROM courses WHERE slug = $1",
    [slug],
  );
  const imageUrl = course?.image ?? null;
  const fromB = imageUrl ? await onB.getBytes(imageUrl) : null;
  const fromA = imageUrl ? await onA.getBytes(imageUrl) : null;
  rows.push({
    check: "image uploaded through A is served by B",
    result: imageUrl
      ? `save ${created.status}; A ${fromA?.status}, B ${fromB?.status}, ${fromB?.bytes.length ?? 0} bytes`
      : `save ${created.status}; no image stored`,
    pass: Boolean(
      fromA &&
        fromB &&
        fromB.status === 200 &&
        fromA.status === 200 &&
        Buffer.compare(fromA.bytes, fromB.bytes) === 0,
    ),
  });
}

async function burst(a: AppServer, b: AppServer, databaseUrl: string) {
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: BURST }, (_, index) => submitContact(index % 2 ? b : a, `burst-${index}`)),
  );
  const seconds = (Date.now() - started) / 1000;
  const stored = await storedMarkers(databaseUrl, "burst-");
  const acknowledged = results.filter((result) => result.acknowledged);
  const lost = acknowledged.filter((result) => !stored.has(result.marker)).length;
  const duplicated = [...stored.values()].filter((copies) => copies > 1).length;
  const other = results.filter((result) => !result.acknowledged);
  const share = acknowledged.length / BURST;
  const withoutMenu = acknowledged.filter((result) => !result.body.includes(COURSES_MENU)).length;
  rows.push({
    check: `${BURST} concurrent submissions over A and B (at least ${BURST_ACKNOWLEDGED_AT_LEAST * 100} % acknowledged, each page with its Courses menu)`,
    result: `${acknowledged.length} acknowledged (${(share * 100).toFixed(1)} %), ${stored.size} stored, ${lost} lost, ${duplicated} duplicated, ${other.length} refused (${summarise(other)}), ${withoutMenu} without the Courses menu, ${seconds.toFixed(1)} s`,
    pass:
      share >= BURST_ACKNOWLEDGED_AT_LEAST &&
      withoutMenu === 0 &&
      lost === 0 &&
      duplicated === 0 &&
      stored.size === acknowledged.length,
  });
  await staffAlerts(databaseUrl, stored.size);
}

/** Each stored message has one staff alert, queued with it and sent by either process. */
async function staffAlerts(databaseUrl: string, messageCount: number) {
  const started = Date.now();
  const deadline = started + 120_000;
  let counts = { alerts: 0, messages: 0, sent: 0, failed: 0 };
  for (;;) {
    const [row] = await query<{ alerts: string; messages: string; sent: string; failed: string }>(
      databaseUrl,
      `SELECT count(*) AS alerts, count(DISTINCT e.message_id) AS messages,
              count(*) FILTER (WHERE e.status = 'sent') AS sent,
              count(*) FILTER (WHERE e.status = 'failed') AS failed
         FROM outgoing_emails e JOIN messages m ON m.id = e.message_id
        WHERE e.kind = 'staff-alert' AND m.message LIKE 'Fleet check burst-%'`,
    );
    counts = {
      alerts: Number(row?.alerts),
      messages: Number(row?.messages),
      sent: Number(row?.sent),
      failed: Number(row?.failed),
    };
    if (counts.sent + counts.failed >= counts.alerts || Date.now() > deadline) break;
    await sleep(1_000);
  }
  rows.push({
    check: "one staff alert per stored message, sent by the job queue",
    result: `${counts.alerts} alerts for ${counts.messages} of ${messageCount} messages; after ${((Date.now() - started) / 1000).toFixed(0)} s ${counts.sent} sent, ${counts.alerts - counts.sent - counts.failed} waiting for a retry, ${counts.failed} failed`,
    // One alert per message, none given up: a job's end that the database could not record
    // under the burst is recorded once it answers (app/features/jobs/job-queue.server.ts, untilWritten).
    pass: counts.alerts === messageCount && counts.messages === messageCount && counts.failed === 0,
  });
}

function summarise(results: Submission[]) {
  const counts = new Map<string, number>();
  for (const result of results)
    counts.set(String(result.status), (counts.get(String(result.status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status}×${count}`).join(", ") || "none";
}

/** 20 submissions a second while PostgreSQL stops for 5 s and comes back. */
async function outage(a: AppServer, b: AppServer, cluster: PostgresCluster, databaseUrl: string) {
  const results: Array<Submission & { sentAt: number; server: "A" | "B" }> = [];
  const pending: Promise<void>[] = [];
  let serial = 0;
  let flowing = true;
  const flow = (async () => {
    while (flowing) {
      const server = serial % 2 ? b : a;
      const name = serial % 2 ? "B" : "A";
      const sentAt = Date.now();
      const marker = `outage-${serial++}`;
      pending.push(
        submitContact(server, marker).then((result) => {
          results.push({ ...result, sentAt, server: name });
        }),
      );
      await sleep(50);
    }
  })();
  await sleep(5_000);
  const stoppedAt = Date.now();
  await cluster.stop();
  await sleep(5_000);
  await cluster.start();
  const restartedAt = Date.now();
  await sleep(10_000);
  flowing = false;
  await flow;
  await Promise.all(pending);

  const stored = await storedMarkers(databaseUrl, "outage-");
  const acknowledged = results.filter((result) => result.acknowledged);
  const lost = acknowledged.filter((result) => !stored.has(result.marker)).length;
  const failed = results.filter((result) => !result.acknowledged);
  const clear = failed.filter(
    (result) =>
      result.status === 503 &&
      result.body.includes(CONTACT_FAILURE) &&
      result.body.includes(`Fleet check ${result.marker}:`),
  );
  const recovery = (name: "A" | "B") => {
    const first = results
      .filter(
        (result) => result.server === name && result.sentAt >= restartedAt && result.acknowledged,
      )
      .sort((x, y) => x.sentAt - y.sentAt)[0];
    return first ? first.sentAt - restartedAt : null;
  };
  const recoveredA = recovery("A");
  const recoveredB = recovery("B");
  rows.push({
    check: "PostgreSQL down 5 s under 20 submissions/s",
    result: `${results.length} sent, ${acknowledged.length} acknowledged, ${lost} lost; ${failed.length} failed, of which ${clear.length} a 503 with the visitor's text (${summarise(failed)}); outage ${restartedAt - stoppedAt} ms`,
    pass: lost === 0 && clear.length === failed.length && !a.exited() && !b.exited(),
  });
  rows.push({
    check: "both answer again after the restart",
    result: `A after ${recoveredA ?? "never"} ms, B after ${recoveredB ?? "never"} ms`,
    pass: recoveredA !== null && recoveredB !== null && recoveredA <= 5_000 && recoveredB <= 5_000,
  });
}

async function residentMegabytes(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kilobytes / 1024;
}

/** 10 visitors browse the catalogue for LOAD_SECONDS; resident memory before and after. */
async function catalogueLoad(servers: Record<"A" | "B", AppServer>, databaseUrl: string) {
  const slugs = (
    await query<{ slug: string }>(databaseUrl, "SELECT slug FROM courses WHERE is_active")
  ).map((row) => row.slug);
  const paths = ["/courses", "/", ...slugs.map((slug) => `/course/${slug}`)];
  const before = {
    A: await residentMegabytes(servers.A.pid),
    B: await residentMegabytes(servers.B.pid),
  };
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  let requests = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: 10 }, async (_, lane) => {
      const browse: Visit = visitor(lane % 2 ? servers.B : servers.A, `10.201.0.${lane}`);
      for (let step = lane; Date.now() < deadline; step++) {
        const response = await browse.get(paths[step % paths.length] ?? "/courses");
        requests += 1;
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  for (const name of ["A", "B"] as const) {
    const after = await residentMegabytes(servers[name].pid);
    rows.push({
      check: `memory of ${name} around a ${LOAD_SECONDS} s catalogue load`,
      result: `${before[name].toFixed(0)} MB → ${after.toFixed(0)} MB RSS`,
      pass: !servers[name].exited(),
    });
  }
  rows.push({
    check: "catalogue load",
    result: `${requests} pages in ${LOAD_SECONDS} s, ${failures} not 200`,
    pass: failures === 0,
  });
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

const servers: AppServer[] = [];

/** The cases FLEET_ONLY names (all when it is unset); an unknown name stops the suite. */
function selectedCases(): Set<Case> {
  const unknown = ONLY.filter((name) => !(CASES as readonly string[]).includes(name));
  if (unknown.length) {
    throw new Error(
      `FLEET_ONLY names no case ${unknown.join(", ")}; the cases: ${CASES.join(", ")}`,
    );
  }
  return new Set(ONLY.length ? (ONLY as Case[]) : CASES);
}

const elapsed = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

async function main() {
  const suiteStarted = Date.now();
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    const selected = selectedCases();
    const cluster = await startPostgresCluster();
    cleanups.push(() => cluster.destroy());
    await query(cluster.url(), "CREATE DATABASE academy");
    const databaseUrl = cluster.url("academy");
    const s3 = await startS3Server({ bucket: "fleet-course-assets" });
    cleanups.push(() => s3.stop());
    const paystackSecretKey = "sk_test_fleetcheck0001";
    const paystack = await startFakePaystack({ secretKey: paystackSecretKey });
    cleanups.push(() => paystack.close());
    const whatsapp = await startFleetWhatsapp();
    cleanups.push(() => whatsapp.fake.close());
    // The mail case's mailbox, read by both processes from their start; A listens over SMTP.
    const dovecot = selected.has("mail") ? await startDovecot() : null;
    if (dovecot) cleanups.push(() => dovecot.close());
    const smtpPort = await freePort();
    const env = {
      ...s3.env,
      ...(dovecot ? inboundMailEnv(dovecot) : {}),
      PAYSTACK_SECRET_KEY: paystackSecretKey,
      PAYSTACK_BASE_URL: paystack.baseUrl,
      ...whatsapp.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "fleet-check-secret-that-is-long-enough-for-better-auth",
      NOTIFY_EMAILS: "staff@academy.test",
      LOG_LEVEL: "warn",
    };
    const envA = { ...env, ...(dovecot ? inboundMailEnv(dovecot, smtpPort) : {}) };
    let a = await startAppServer({ env: envA, dataDirPrefix: "fleet-a" });
    // Cleanups run last first: each process stops before its data folder goes, so a job that
    // writes to the outbox while it stops leaves no folder behind.
    cleanups.push(() => rm(a.dataDir, { recursive: true, force: true }));
    cleanups.push(() => a.stop());
    await createSuperAdmin(databaseUrl, ADMIN);
    await run("npx", ["tsx", "scripts/seed.ts"], {
      env: { ...process.env, ...env, DATA_DIR: a.dataDir },
    });
    const b = await startAppServer({ env, dataDirPrefix: "fleet-b" });
    servers.push(a, b);
    cleanups.push(() => rm(b.dataDir, { recursive: true, force: true }));
    cleanups.push(() => b.stop());

    /** A crash of A: SIGKILL, then A again on its port and data folder. */
    const crashA = async () => {
      await a.kill();
      a = await startAppServer({
        env: envA,
        port: Number(new URL(a.origin).port),
        dataDir: a.dataDir,
      });
      servers[0] = a;
    };
    /** A case's rows, or one failing row when it threw. */
    const rowsOf = async (what: string, work: Promise<Row[]>) =>
      rows.push(
        ...(await work.catch((error: unknown) => [
          { check: `the ${what} ran`, result: String(error), pass: false },
        ])),
      );
    const cases: Record<Case, () => Promise<unknown>> = {
      shared: () => sharedState(a, b, databaseUrl),
      burst: () => burst(a, b, databaseUrl),
      admissions: () => rowsOf("admissions rush", admissionsRush(a, b, databaseUrl)),
      payments: () => rowsOf("payment rush", paymentRush(a, b, databaseUrl, paystack)),
      discounts: () => rowsOf("discount rush", discountRush(a, b, databaseUrl)),
      whatsapp: () => rowsOf("WhatsApp rush", whatsappRush(a, b, databaseUrl, whatsapp.fake)),
      outage: () => outage(a, b, cluster, databaseUrl),
      load: () => catalogueLoad({ A: a, B: b }, databaseUrl),
      mail: async () =>
        dovecot &&
        rowsOf("inbound mail rush", inboundMailRush({ databaseUrl, dovecot, smtpPort, crashA })),
    };
    console.log(`Started the cluster, storage and both processes in ${elapsed(suiteStarted)} s`);
    for (const name of CASES) {
      if (!selected.has(name)) continue;
      const started = Date.now();
      await cases[name]();
      console.log(`Case ${name}: ${elapsed(started)} s`);
    }
  } catch (error) {
    rows.push({ check: "the suite ran", result: String(error), pass: false });
  } finally {
    reportExits(servers);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
  console.log(report(rows));
  if (rows.some((row) => !row.pass)) process.exit(1);
}

await main();
