import { count, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { coursePageViews } from "~/db/schema";
import { lagosToday } from "~/lib/format/dates";

/** The demo's history of course interest, so the Reports page has something to show. */
const DEMO_INTEREST_DAYS = 84;

/**
 * Demo mode only: twelve weeks of made-up daily page views and WhatsApp clicks for every active
 * course (more on weekdays, the same on every start), when no view has been counted yet.
 */
export async function seedDemoInterest(db: Database, options: { log?: (line: string) => void }) {
  const [existing] = await db.select({ total: count() }).from(coursePageViews);
  if ((existing?.total ?? 0) > 0) return;
  const today = lagosToday();
  // A steady figure per course and day: a course's own level, a weekly rhythm, a little noise.
  const views = sql`(5 + abs(hashtext(c.slug)) % 30 + case when extract(isodow from day) < 6 then 8 else 0 end + (abs(hashtext(c.slug || day::text)) % 9))`;
  await db.execute(sql`
    with days as (
      select (${today}::date - offset_days) as day
      from generate_series(0, ${DEMO_INTEREST_DAYS - 1}::int) as offset_days
    ), counts as (
      select days.day, c.id as course_id, ${views} as views
      from days, courses c
      where c.is_active
    ), viewed as (
      insert into course_page_views (day, course_id, views)
      select day, course_id, views from counts
      on conflict do nothing
    )
    insert into whatsapp_clicks (day, course_id, clicks)
    select day, course_id, views / 9 from counts where views / 9 > 0
    on conflict do nothing
  `);
  options.log?.(`Added ${DEMO_INTEREST_DAYS} days of demo course page views and WhatsApp clicks.`);
}
