// `npm run bench:admissions`: 100,000 applications over 48 intakes of 12 courses, then the median
// and p95 time of an application as the public form stores it (applyForIntake, with its e-mails,
// jobs and waitlist place) and of the Applications list's query (20 rows with course and intake,
// newest first, plus the count), each also as a multiple of a `select 1` round trip timed in the
// same run, so that figures from a busy machine can still be compared. Target: p95 under 200 ms.
// The list's query plans are printed (EXPLAIN ANALYZE) with whether they read an index.
// PGlite in memory by default; PostgreSQL with BENCH_DATABASE_URL (or DATABASE_URL): a database
// academy_bench_admissions on that server, made again each run (filling takes seconds).

import { performance } from "node:perf_hooks";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, db, openDatabase, setDatabase } from "../../app/db/client.server";
import { applications, courses, intakes } from "../../app/db/schema";
import { applyForIntake } from "../../app/features/applications/applications.server";
import { loadEnv, setEnvForTesting } from "../../app/lib/infra/env.server";
import { installJobs } from "../../server/jobs.server";
import { courseTitles, percentile } from "./bench-database";

const TARGET = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const APPLY_RUNS = Number(process.env.BENCH_APPLY_RUNS ?? 200);
const LIST_RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TARGET_MS = 200;
const INTAKES_PER_COURSE = 4;
const SEATS = 25;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "";
const NAME = "academy_bench_admissions";

async function withServer<T>(run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) {
    console.log("Database: PGlite in memory (set BENCH_DATABASE_URL for PostgreSQL)");
    return openDatabase({ kind: "pglite" });
  }
  await withServer(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${NAME}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${NAME}`;
  console.log(`Database: PostgreSQL, ${NAME} on ${url.host}`);
  const opened = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 4 });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await withServer((client) => client.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`));
    },
  };
}

/**
 * Per course, four intakes: two that ran (closed, reviewed), one open and reviewed, one open
 * and first-come. Applications go round the intakes; in each, the first SEATS hold its places
 * (enrolled once it ran, accepted or offered while open), the rest are spread as staff leave
 * them: most waiting or answered, a few still new.
 */
async function fill() {
  const started = performance.now();
  for (const [index, title] of courseTitles.entries()) {
    await db().execute(sql`
      insert into courses (slug, title, description, is_active)
      values (${`bench-course-${index}`}, ${title}, ${`About ${title}`}, true)`);
  }
  await db().execute(sql`
    insert into intakes (course_id, label, starts_on, ends_on, seats, enrolment_closes_at,
      price_kobo, status, admission_mode)
    select c.id,
      (array['January', 'April', 'July', 'October'])[j + 1] || ' · weekday evenings',
      current_date + (j - 2) * 90 + 30, current_date + (j - 2) * 90 + 120,
      ${SEATS}, now() + ((j - 2) * 90 + 29) * interval '1 day', 25000000,
      (case when j < 2 then 'closed' else 'open' end)::intake_status,
      (case when j = 3 then 'first-come' else 'reviewed' end)::admission_mode
    from courses c, generate_series(0, ${INTAKES_PER_COURSE - 1}) j
    where c.slug like 'bench-course-%'`);
  console.log(`Filling ${TARGET.toLocaleString("en")} applications...`);
  await db().execute(sql`
    with numbered as (
      select i.id, i.status, i.admission_mode, row_number() over (order by i.starts_on, i.id) - 1 as n,
        count(*) over () as total
      from intakes i
    )
    insert into applications (intake_id, full_name, email, phone, experience_level, goals,
      heard_from, consent_given, status, offer_expires_at, waitlisted_at, answered_at,
      ip_address, user_agent, created_at, updated_at)
    select n.id,
      'Bench Applicant ' || g,
      'applicant-' || g || '@example.ng',
      '+234803' || lpad((g % 10000000)::text, 7, '0'),
      (array['Complete beginner', 'Some self-study', 'Working in tech'])[1 + g % 3],
      'I want to learn data analysis properly.',
      (array['WhatsApp', 'Instagram', 'A friend', 'Google'])[1 + g % 4],
      true,
      s.status::application_status,
      case when s.status = 'offered' then now() + interval '2 days' end,
      case when s.status = 'waitlisted' then now() - (g * interval '5 minutes') end,
      case when s.status <> 'new' then now() - (g * interval '5 minutes') + interval '3 hours' end,
      '203.0.113.' || (g % 250), 'bench',
      now() - (g * interval '5 minutes'), now() - (g * interval '5 minutes')
    from generate_series(1, ${TARGET}::int) g
    join numbered n on n.n = g % n.total
    cross join lateral (select (g / n.total) as k) r
    cross join lateral (
      select case
        when r.k < ${SEATS} and n.status = 'closed' then 'enrolled'
        when r.k < ${SEATS} then (array['accepted', 'accepted', 'offered'])[1 + g % 3]
        when n.status = 'closed' then (array['declined', 'withdrawn', 'expired'])[1 + g % 3]
        when n.admission_mode = 'first-come' then
          (array['waitlisted', 'waitlisted', 'waitlisted', 'withdrawn'])[1 + g % 4]
        else (array['new', 'waitlisted', 'declined', 'declined', 'withdrawn', 'expired'])[1 + g % 6]
      end as status
    ) s`);
  // Settled, as autovacuum leaves a table: statistics, and the visibility map index-only scans need.
  await db().execute(sql`vacuum analyze`);
  console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

type Timing = { p50: number; p95: number };

async function time(runs: number, run: (index: number) => Promise<unknown>): Promise<Timing> {
  for (let warm = 0; warm < 3; warm++) await run(-1 - warm);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

function print(name: string, timing: Timing, reference: Timing) {
  const ratio = timing.p50 / reference.p50;
  console.log(
    `${name.padEnd(52)} ${timing.p50.toFixed(1).padStart(7)} ms ${timing.p95.toFixed(1).padStart(7)} ms ${`${ratio.toFixed(0)}×`.padStart(7)}  ${timing.p95 < TARGET_MS ? "ok" : `OVER ${TARGET_MS} ms`}`,
  );
  return timing.p95;
}

/** The Applications list as a page needs it: one page of rows with their course and intake. */
function listQuery(where: SQL | undefined, page = 1) {
  return db()
    .select({
      id: applications.id,
      reference: applications.reference,
      fullName: applications.fullName,
      email: applications.email,
      status: applications.status,
      createdAt: applications.createdAt,
      offerExpiresAt: applications.offerExpiresAt,
      courseTitle: courses.title,
      intakeLabel: intakes.label,
      startsOn: intakes.startsOn,
    })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(20)
    .offset((page - 1) * 20);
}

const countQuery = (where: SQL | undefined) =>
  db().select({ total: count() }).from(applications).where(where);

async function list(where: SQL | undefined, page = 1) {
  const [rows, [total]] = await Promise.all([listQuery(where, page), countQuery(where)]);
  return { rows, total: total?.total ?? 0 };
}

/** EXPLAIN ANALYZE of a query; returns whether its plan reads `applications` only by index. */
async function explain(
  handle: DatabaseHandle,
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
) {
  const { sql: text, params } = query.toSQL();
  const result = await handle.executeSql(`explain (analyze, costs off) ${text}`, params);
  const plan = (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]);
  const indexed = !plan.some((line) => /Seq Scan on applications\b/.test(line ?? ""));
  console.log(
    `\n${name}: ${indexed ? "applications read by index" : "SEQUENTIAL SCAN of applications"}`,
  );
  for (const line of plan) console.log(`  ${line}`);
  return indexed;
}

async function main() {
  setEnvForTesting(
    loadEnv({ ...process.env, DATABASE_URL: "", NOTIFY_EMAILS: "staff@academy.test" }),
  );
  const handle = await openBenchDatabase();
  setDatabase(handle);
  try {
    await installJobs(handle);
    await fill();
    const [fullFirstCome] = (
      await handle.db.execute<{ id: string }>(sql`
        select id from intakes where admission_mode = 'first-come' order by starts_on, id limit 1`)
    ).rows;
    const [reviewed] = (
      await handle.db.execute<{ id: string }>(sql`
        select id from intakes where status = 'open' and admission_mode = 'reviewed'
        order by starts_on, id limit 1`)
    ).rows;
    if (!fullFirstCome || !reviewed) throw new Error("The bench has no open intakes");
    const origin = { ipAddress: "203.0.113.9", userAgent: "bench" };
    const applicant = (intakeId: string, index: number) =>
      applyForIntake(
        intakeId,
        {
          fullName: "Bench Newcomer",
          email: `newcomer-${intakeId.slice(0, 8)}-${index}@example.ng`,
          phone: "+2348031234567",
          experienceLevel: "Complete beginner",
          goals: "I want to learn data analysis properly.",
          heardFrom: "WhatsApp",
          consent: "on",
        },
        origin,
      );
    const byIntakeAndStatus = and(
      eq(applications.intakeId, reviewed.id),
      eq(applications.status, "new"),
    );
    const waitlisted = eq(applications.status, "waitlisted");

    const reference = await time(LIST_RUNS, () => handle.db.execute(sql`select 1`));
    console.log(
      `\nOn ${TARGET.toLocaleString("en")} applications (median, p95, median as a multiple of select 1):`,
    );
    console.log(
      `${"reference: select 1".padEnd(52)} ${reference.p50.toFixed(2).padStart(7)} ms ${reference.p95.toFixed(2).padStart(7)} ms`,
    );
    const results = [
      print(
        `apply: first-come intake, full (waitlisted), ${APPLY_RUNS}×`,
        await time(APPLY_RUNS, (index) => applicant(fullFirstCome.id, index)),
        reference,
      ),
      print(
        `apply: reviewed intake (new), ${APPLY_RUNS}×`,
        await time(APPLY_RUNS, (index) => applicant(reviewed.id, index)),
        reference,
      ),
      print(
        "list: newest first, page 1, with count",
        await time(LIST_RUNS, () => list(undefined)),
        reference,
      ),
      print(
        "list: one intake, status new, with count",
        await time(LIST_RUNS, () => list(byIntakeAndStatus)),
        reference,
      ),
      print(
        "list: status waitlisted, page 1, with count",
        await time(LIST_RUNS, () => list(waitlisted)),
        reference,
      ),
      print(
        "list: status waitlisted, page 50, with count",
        await time(LIST_RUNS, () => list(waitlisted, 50)),
        reference,
      ),
    ];
    const indexed = [
      await explain(handle, "list: one intake, status new", listQuery(byIntakeAndStatus)),
      await explain(handle, "count: one intake, status new", countQuery(byIntakeAndStatus)),
      await explain(handle, "list: status waitlisted", listQuery(waitlisted)),
      await explain(handle, "list: newest first", listQuery(undefined)),
      await explain(handle, "count: status waitlisted", countQuery(waitlisted)),
    ];
    const worst = Math.max(...results);
    console.log(
      `\nWorst p95: ${worst.toFixed(1)} ms (target: under ${TARGET_MS} ms); plans read by index: ${indexed.filter(Boolean).length} of ${indexed.length}`,
    );
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
