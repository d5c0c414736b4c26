import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { coursePageViews } from "~/db/schema";
import { lagosToday } from "~/lib/dates";

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

/** Counts one view of a course page on today's Lagos date: one row per course per day. */
export async function recordCourseView(courseId: string, now: Date = new Date()) {
  await db()
    .insert(coursePageViews)
    .values({ day: lagosToday(now), courseId, views: 1 })
    .onConflictDoUpdate({
      target: [coursePageViews.day, coursePageViews.courseId],
      set: { views: sql`${coursePageViews.views} + 1` },
    });
}
