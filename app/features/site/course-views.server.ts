import { and, eq, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { matchPath } from "react-router";
import { db } from "~/db/client.server";
import { coursePageViews, courses } from "~/db/schema";
import { lagosToday } from "~/lib/format/dates";
import { readOrNull } from "~/lib/http/unavailable.server";

/**
 * Whether a request for a course page is a person viewing it: a GET from a browser that says
 * what it is and is not a bot or link preview (WhatsApp's, for one), and not a prefetch that
 * nobody may look at.
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
 * Counts the view a request for a course page (`/course/:slug`) is, if it is one: from the
 * page's loader, or from the public page cache when the page is answered without it.
 */
export async function countCourseView(request: Request) {
  const slug = matchPath("/course/:slug", new URL(request.url).pathname)?.params.slug;
  if (!slug || !countsAsView(request)) return;
  await readOrNull("Counting a course page view", () => recordCourseView(slug));
}
