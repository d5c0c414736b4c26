// `npm run bench:reports`: on the bench database of 1,000,000 messages over two years
// (bench-database.ts), with two years of daily course page views and WhatsApp clicks for every
// course, prints the median and p95 time of the whole Reports page's data for each period, and
// of the dashboard's 14-day trend. Target: p95 under 200 ms for the page's data. For scale, it
// also times one chart computed the way the count tables avoid: from the messages themselves.

import { sql } from "drizzle-orm";
import { parseReportPeriod } from "../../app/features/reports/report-period";
import { loadReport, messagesPerDay } from "../../app/features/reports/reports.server";
import { lagosToday } from "../../app/lib/format/dates";
import { courseTitles, measure, openBenchDatabase, RUNS, TARGET } from "./bench-database";

const DAYS_OF_VIEWS = 730;

type Handle = Awaited<ReturnType<typeof openBenchDatabase>>;

/** A course for each title the bench's inquiries name, and two years of daily counts for each. */
async function fillCourseCounts(handle: Handle) {
  const { db } = handle;
  for (const [index, title] of courseTitles.entries()) {
    await db.execute(sql`
      insert into courses (slug, title, description)
      values (${`bench-course-${index}`}, ${title}, ${`About ${title}`})
      on conflict (slug) do nothing
    `);
  }
  const [{ rows } = { rows: 0 }] = (
    await db.execute(sql`select count(*)::int as rows from course_page_views`)
  ).rows as { rows: number }[];
  if (rows >= DAYS_OF_VIEWS * courseTitles.length) return;
  console.log(`Adding ${DAYS_OF_VIEWS} days of course page views and WhatsApp clicks...`);
  for (const table of ["course_page_views", "whatsapp_clicks"]) {
    const column = table === "course_page_views" ? "views" : "clicks";
    await db.execute(sql`
      insert into ${sql.identifier(table)} (day, course_id, ${sql.identifier(column)})
      select current_date - d, c.id, 5 + (d * 7 + ascii(c.slug)) % 120
      from generate_series(0, ${DAYS_OF_VIEWS - 1}::int) d, courses c
      where c.slug like 'bench-course-%'
      on conflict do nothing
    `);
  }
}

/** As autovacuum would have by now: a database filled in one go has stale statistics. */
async function vacuumCountTables(handle: Handle) {
  await handle.db.execute(
    sql`vacuum analyze course_page_views, whatsapp_clicks, message_hourly_counts, inquiry_daily_counts`,
  );
}

async function main() {
  const handle = await openBenchDatabase();
  try {
    await fillCourseCounts(handle);
    await vacuumCountTables(handle);
    const today = lagosToday();
    const period = (search: string) => {
      const parsed = parseReportPeriod(new URLSearchParams(search), today);
      if (parsed.error) throw new Error(parsed.error);
      return parsed.period;
    };
    const threeYears = `period=custom&from=${String(Number(today.slice(0, 4)) - 3)}${today.slice(4)}&to=${today}`;
    console.log(
      `\nReports on ${TARGET.toLocaleString("en")} messages and ${DAYS_OF_VIEWS} days of views, ${RUNS} runs each (median, p95):`,
    );
    const results = [
      await measure("whole page: last 4 weeks", () => loadReport(period("period=4w")), 200),
      await measure("whole page: last 12 weeks", () => loadReport(period("period=12w")), 200),
      await measure("whole page: last 12 months", () => loadReport(period("period=12m")), 200),
      await measure(
        "whole page: from/to, 3 years (all of it)",
        () => loadReport(period(threeYears)),
        200,
      ),
      await measure("dashboard: new messages, last 14 days", () => messagesPerDay(14), 50),
    ];
    console.log(
      `\nWorst p95 of the page's data: ${Math.max(...results.slice(0, 4)).toFixed(1)} ms (target: under 200 ms)`,
    );
    console.log("\nFor scale, the same in the same run without the count tables:");
    const year = period("period=12m");
    await measure(
      "messages per week, 12 months, from messages",
      () =>
        handle.db.execute(sql`
          select date_trunc('week', created_at at time zone 'Africa/Lagos') as week, form_type, count(*)
          from messages
          where created_at >= ${`${year.from}T00:00:00+01:00`}::timestamptz
          group by 1, 2
        `),
      200,
    );
    await measure(
      "messages per week, 12 months, from counts",
      () =>
        handle.db.execute(sql`
          select date_trunc('week', hour at time zone 'Africa/Lagos') as week, form_type, sum(messages)
          from message_hourly_counts
          where hour >= ${`${year.from}T00:00:00+01:00`}::timestamptz
          group by 1, 2
        `),
      200,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
