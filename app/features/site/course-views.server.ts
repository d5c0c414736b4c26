import { and, eq, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { coursePageViews, courses } from "~/db/schema";
import { lagosToday } from "~/lib/format/dates";
import { readOrNull } from "~/lib/http/unavailable.server";

/**
 * Whether a request is a person viewing a course page: a GET from a browser that says what it
 * is and is not a bot or link preview (WhatsApp's, for one), and not a prefetch or prerender
 * that nobody may look at (Chrome marks a prerendered page's images so too).
 */
export function countsAsView(request: Request): boolean {
  if (request.method !== "GET") return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (purpose.includes("prefetch")) return false;
  const userAgent = request.headers.get("user-agent") ?? "";
  return userAgent !== "" && !isbot(userAgent);
}

/** Counts one view of the active course `slug` on today's Lagos date: one row per course per day. */
export async function recordCourseView(slug: string, now: Date = new Date()) {
  await db()
    .insert(coursePageViews)
    .select(
      db()
        .select({
          day: sql<string>`${lagosToday(now)}::date`.as("day"),
          courseId: courses.id,
          views: sql<number>`1`.as("views"),
        })
        .from(courses)
        .where(and(eq(courses.slug, slug), eq(courses.isActive, true))),
    )
    .onConflictDoUpdate({
      target: [coursePageViews.day, coursePageViews.courseId],
      set: { views: sql`${coursePageViews.views} + 1` },
    });
}

/**
 * Counts the view of the course page `slug` that `request` (the page's view counter image,
 * course-view-counter.tsx) reports, if it is a person's.
 */
export async function countCourseView(request: Request, slug: string) {
  if (!countsAsView(request)) return;
  await readOrNull("Counting a course page view", () => recordCourseView(slug));
}
