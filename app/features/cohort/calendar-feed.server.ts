import { and, desc, eq, type SQL } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import { db } from "~/db/client.server";
import { applications, classSessions, courses, intakes, tutors } from "~/db/schema";
import { selectApplications } from "~/features/applications/application-query.server";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { isUuid } from "~/lib/ids";
import { siteConfig } from "~/lib/site/site-config";
import {
  type CalendarOwnerKind,
  isCalendarOwnerKind,
  isCalendarToken,
} from "./calendar-keys.server";
import { sessionDetails, sessionLocation, sessionSummary } from "./calendar-links";
import { sessionColumns } from "./sessions.server";

/*
 * The calendars a student's or tutor's calendar app subscribes to (RFC 5545, written by
 * ical-generator), and one session's .ics file. Each session is one event with a stable UID,
 * its SEQUENCE raised on every change a calendar shows, DTSTAMP its last change and times in
 * UTC; a cancelled session stays in the feed as STATUS:CANCELLED, so calendars remove it. No
 * METHOD: a subscribed feed is published, not an invitation.
 */

/** At most this many sessions in a feed: the latest, so an old tutor's feed stays small. */
export const MAX_FEED_SESSIONS = 500;
/** The refresh a calendar app is asked for (REFRESH-INTERVAL, X-PUBLISHED-TTL), in seconds. */
const REFRESH_SECONDS = 60 * 60;
const UID_DOMAIN = "lagostechacademy";

/** The sessions of a feed with their course and intake, the latest first. */
function feedSessions(where: SQL | undefined) {
  return db()
    .select({
      ...sessionColumns,
      courseTitle: courses.title,
      intakeStatus: intakes.status,
    })
    .from(classSessions)
    .innerJoin(intakes, eq(intakes.id, classSessions.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .leftJoin(tutors, eq(tutors.id, classSessions.tutorId))
    .where(where)
    .orderBy(desc(classSessions.startsAt), desc(classSessions.id))
    .limit(MAX_FEED_SESSIONS);
}

type FeedSession = Awaited<ReturnType<typeof feedSessions>>[number];
type Feed = { name: string; sessions: FeedSession[] };

/** A session's event UID: the same in every feed and every version of it. */
export const sessionUid = (sessionId: string) => `${sessionId}@${UID_DOMAIN}`;

/** The calendar's text: one event per session, in time order. */
function calendarText(feed: Feed) {
  const calendar = ical({
    name: feed.name,
    prodId: { company: siteConfig.name, product: "Class calendar", language: "EN" },
    ttl: REFRESH_SECONDS,
  });
  for (const session of [...feed.sessions].reverse()) {
    // An intake cancelled as a whole takes its sessions off the calendar, as if each one was.
    const intakeCancelled = session.status !== "cancelled" && session.intakeStatus === "cancelled";
    const cancelled = intakeCancelled || session.status === "cancelled";
    calendar.createEvent({
      id: sessionUid(session.id),
      sequence: session.sequence + (intakeCancelled ? 1 : 0),
      stamp: session.updatedAt,
      start: session.startsAt,
      end: session.endsAt,
      summary: sessionSummary(session, session.courseTitle),
      location: sessionLocation(session) || null,
      url: session.onlineUrl,
      description: [
        sessionDetails(session),
        session.tutorName ? `Tutor: ${session.tutorName}` : null,
      ]
        .filter(Boolean)
        .join("\n"),
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

const onlySession = (sessionId: string | undefined) =>
  sessionId ? eq(classSessions.id, sessionId) : undefined;

/**
 * A student's feed: their intake's sessions while the application is enrolled, none once it is
 * not (their calendar app then clears them); null when there is no such application.
 */
async function studentFeed(applicationId: string, sessionId?: string): Promise<Feed | null> {
  if (!isUuid(applicationId)) return null;
  const [student] = await selectApplications(db(), {
    status: applications.status,
    intakeId: applications.intakeId,
    intakeLabel: intakes.label,
    courseTitle: courses.title,
  }).where(eq(applications.id, applicationId));
  if (!student) return null;
  const sessions =
    student.status === "enrolled"
      ? await feedSessions(
          and(eq(classSessions.intakeId, student.intakeId), onlySession(sessionId)),
        )
      : [];
  return { name: `${student.courseTitle} · ${student.intakeLabel}`, sessions };
}

/** A tutor's feed: the sessions they teach, in every intake; null when there is no such tutor. */
async function tutorFeed(tutorId: string, sessionId?: string): Promise<Feed | null> {
  if (!isUuid(tutorId)) return null;
  const [tutor] = await db()
    .select({ name: tutors.name })
    .from(tutors)
    .where(eq(tutors.id, tutorId));
  if (!tutor) return null;
  const sessions = await feedSessions(
    and(eq(classSessions.tutorId, tutorId), onlySession(sessionId)),
  );
  return { name: `${siteConfig.name} · ${tutor.name}`, sessions };
}

const feedOf = (kind: CalendarOwnerKind, ownerId: string, sessionId?: string) =>
  kind === "student" ? studentFeed(ownerId, sessionId) : tutorFeed(ownerId, sessionId);

/** The iCalendar text of a student's sessions (see studentFeed); null: no such application. */
export async function studentCalendar(applicationId: string) {
  const feed = await studentFeed(applicationId);
  return feed && calendarText(feed);
}

/** The iCalendar text of a tutor's sessions; null: no such tutor. */
export async function tutorCalendar(tutorId: string) {
  const feed = await tutorFeed(tutorId);
  return feed && calendarText(feed);
}

/** The feed of either kind of owner. */
export const ownerCalendar = (kind: CalendarOwnerKind, ownerId: string) =>
  kind === "student" ? studentCalendar(ownerId) : tutorCalendar(ownerId);

/** One session of the owner's feed as a calendar of one event; null when their feed lacks it. */
export async function sessionCalendar(kind: CalendarOwnerKind, ownerId: string, sessionId: string) {
  if (!isUuid(sessionId)) return null;
  const feed = await feedOf(kind, ownerId, sessionId);
  return feed?.sessions.length === 1 ? calendarText(feed) : null;
}

type CalendarFile = { name: string; disposition: "inline" | "attachment" };

/** A feed a calendar app subscribes to, and a session's file to open ('Add to calendar'). */
export const feedFile: CalendarFile = { name: "classes.ics", disposition: "inline" };
export const sessionFile: CalendarFile = { name: "class.ics", disposition: "attachment" };

/** The one answer to a wrong or revoked link, an unknown owner or session: nothing told. */
const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

/**
 * The answer to a private calendar link: `read` runs only once the token is the owner's
 * current one, and its calendar is sent as a calendar app takes it: private (the URL is a
 * secret), kept 5 minutes at most, never indexed. A wrong or revoked token, an unknown owner
 * and a calendar `read` does not find are the same 404; 503 while the database is away.
 */
export async function calendarLinkAnswer(
  link: { kind: string; owner: string; token: string | null },
  read: (kind: CalendarOwnerKind, ownerId: string) => Promise<string | null>,
  file: CalendarFile,
) {
  const { kind, owner, token } = link;
  const text = await readOrUnavailable("A private calendar", async () =>
    token !== null && isCalendarOwnerKind(kind) && (await isCalendarToken(kind, owner, token))
      ? read(kind, owner)
      : null,
  );
  if (text === null) return notFound();
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `${file.disposition}; filename="${file.name}"`,
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A calendar is read, never posted to: the routes' action. */
export const onlyRead = () => new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
