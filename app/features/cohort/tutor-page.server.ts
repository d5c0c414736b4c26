import { and, eq, gte, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classSessions, tutors } from "~/db/schema";
import { addDays, lagosToday, startOfLagosDate } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import { calendarToken, isCalendarToken } from "./calendar-keys.server";
import { tutorCalendarPath } from "./calendar-links";
import { tutorPageHref } from "./cohort-links";
import { selectSessions } from "./sessions.server";

/*
 * A tutor's own page, opened by a private link staff send them (no account, no password): the
 * sessions they teach, each with its register, and their calendar subscription. The link is
 * signed like the calendar feed but for its own purpose (decision 0070), and replaced from the
 * portal.
 */

/** How far back a tutor's page lists sessions: a register can be completed a week late. */
const PAST_DAYS = 7;
/** How far ahead. */
const AHEAD_DAYS = 120;

/**
 * The tutor a private page link opens; null for any link that opens nothing (another link, the
 * calendar's address, a tutor made inactive).
 */
export async function tutorOfLink(tutorId: string, token: string) {
  if (!(await isCalendarToken("tutor", tutorId, token, "tutor-page"))) return null;
  const [tutor] = await db()
    .select({ id: tutors.id, name: tutors.name })
    .from(tutors)
    .where(and(eq(tutors.id, tutorId), eq(tutors.isActive, true)));
  return tutor ?? null;
}

/** A tutor's sessions from a week ago on, with their intake and course. */
export function tutorSessions(tutorId: string, now = new Date()) {
  const today = lagosToday(now);
  return selectSessions(
    and(
      eq(classSessions.tutorId, tutorId),
      gte(classSessions.startsAt, startOfLagosDate(addDays(today, -PAST_DAYS))),
      lt(classSessions.startsAt, startOfLagosDate(addDays(today, AHEAD_DAYS))),
    ),
  );
}

export type TutorSession = Awaited<ReturnType<typeof tutorSessions>>[number];

/** The tutor's private links as staff send them: their page and their calendar feed. */
export async function tutorLinks(tutorId: string) {
  if (!isUuid(tutorId)) return null;
  const [pageToken, feedToken] = await Promise.all([
    calendarToken("tutor", tutorId, "tutor-page"),
    calendarToken("tutor", tutorId),
  ]);
  const origin = env().publicUrl;
  return {
    pageToken,
    page: `${origin}${tutorPageHref(tutorId, pageToken)}`,
    feed: `${origin}${tutorCalendarPath(tutorId, feedToken)}`,
  };
}
