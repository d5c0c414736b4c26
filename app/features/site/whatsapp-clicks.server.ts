import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { courses, whatsappClicks } from "~/db/schema";
import { lagosToday, mondayOf } from "~/lib/format/dates";

/**
 * Counts one 'Chat on WhatsApp' click for a course (null: the footer's button) on today's
 * Lagos date. One row per course per day, so nothing about the visitor is kept.
 */
export async function recordWhatsappClick(courseId: string | null, now: Date = new Date()) {
  await db()
    .insert(whatsappClicks)
    .values({ day: lagosToday(now), courseId, clicks: 1 })
    .onConflictDoUpdate({
      target: [whatsappClicks.day, whatsappClicks.courseId],
      set: { clicks: sql`${whatsappClicks.clicks} + 1` },
    });
}

/** Monday of the current week in Lagos, as `YYYY-MM-DD`. */
export function startOfLagosWeek(now: Date = new Date()): string {
  return mondayOf(lagosToday(now));
}

export type WhatsappWeek = {
  since: string;
  total: number;
  /** Clicks on course pages, most first. */
  byCourse: { courseId: string; title: string; clicks: number }[];
  /** Clicks on the footer's button, on no course in particular. */
  general: number;
};

/** This week's 'Chat on WhatsApp' clicks (Monday to today, Lagos time), per course. */
export async function whatsappClicksThisWeek(now: Date = new Date()): Promise<WhatsappWeek> {
  const since = startOfLagosWeek(now);
  const clicks = sql<number>`sum(${whatsappClicks.clicks})`.mapWith(Number);
  const byCourse = await db()
    .select({ courseId: courses.id, title: courses.title, clicks })
    .from(whatsappClicks)
    .innerJoin(courses, eq(courses.id, whatsappClicks.courseId))
    .where(gte(whatsappClicks.day, since))
    .groupBy(courses.id, courses.title)
    .orderBy(desc(clicks), courses.title);
  const [general] = await db()
    .select({ clicks })
    .from(whatsappClicks)
    .where(and(gte(whatsappClicks.day, since), isNull(whatsappClicks.courseId)));
  const generalClicks = general?.clicks ?? 0;
  return {
    since,
    byCourse,
    general: generalClicks,
    total: generalClicks + byCourse.reduce((sum, row) => sum + row.clicks, 0),
  };
}
