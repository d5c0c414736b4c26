import { and, eq } from "drizzle-orm";
import { href } from "react-router";
import { db } from "~/db/client.server";
import { applications, attendance, courses, intakes } from "~/db/schema";
import { applicationIdOfToken } from "~/features/applications/application-token.server";
import { env } from "~/lib/infra/env.server";
import { attendanceOf } from "./attendance.server";
import { calendarToken, revokeCalendarLinks } from "./calendar-keys.server";
import { googleCalendarLink, sessionIcsPath, studentCalendarPath } from "./calendar-links";
import { sessionsOfIntake, timetableSettingsOf } from "./sessions.server";

/*
 * The student's own page: 'My application' once the place is enrolled grows the timetable, the
 * next session with its place and link, the calendar subscription and the attendance. Opened by
 * the same private link; nothing here for an application that is not enrolled.
 */

/** The timetable part of a student's page, or null when the link's application is not enrolled. */
export async function loadStudentTimetable(token: string, now = new Date()) {
  const applicationId = await db().transaction((tx) => applicationIdOfToken(tx, token));
  if (!applicationId) return null;
  const [student] = await db()
    .select({ id: applications.id, intakeId: applications.intakeId, courseTitle: courses.title })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(and(eq(applications.id, applicationId), eq(applications.status, "enrolled")));
  if (!student) return null;
  const [sessions, marks, counts, settings, feedToken] = await Promise.all([
    sessionsOfIntake(student.intakeId),
    db()
      .select({ sessionId: attendance.sessionId, mark: attendance.mark })
      .from(attendance)
      .where(eq(attendance.applicationId, student.id)),
    attendanceOf([student.id]),
    timetableSettingsOf(student.intakeId),
    calendarToken("student", student.id),
  ]);
  if (sessions.length === 0)
    return { sessions: [], next: null, feed: null, attendance: null, firstSessionNote: null };
  const markOf = new Map(marks.map((row) => [row.sessionId, row.mark]));
  const held = sessions.filter((session) => session.status === "scheduled");
  const next = held.find((session) => session.endsAt > now) ?? null;
  const feedPath = studentCalendarPath(student.id, feedToken);
  const feedUrl = `${env().publicUrl}${feedPath}`;
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      title: session.title,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      place: session.place,
      onlineUrl: session.onlineUrl,
      tutorName: session.tutorName,
      status: session.status,
      notice: session.notice,
      mark: markOf.get(session.id) ?? null,
    })),
    next: next
      ? {
          id: next.id,
          googleLink: googleCalendarLink(next, student.courseTitle),
          icsPath: sessionIcsPath(student.id, feedToken, next.id),
        }
      : null,
    // The note goes with the first session only, until it has begun.
    firstSessionNote: held[0] && held[0].startsAt > now ? settings.firstSessionNote : null,
    feed: {
      url: feedUrl,
      webcal: feedUrl.replace(/^https?:/, "webcal:"),
      replaceAction: href("/application/:token/calendar", { token }),
    },
    attendance: counts.get(student.id) ?? null,
  };
}

export type StudentTimetable = NonNullable<Awaited<ReturnType<typeof loadStudentTimetable>>>;

export const studentCalendarMessages = {
  replaced: "Your calendar address was replaced: subscribe again with the new one below.",
  notStudent: "This page has no calendar yet.",
} as const;

/**
 * Replaces the student's calendar address (they shared it by mistake): the old one stops
 * answering. False when the link opens no enrolled place.
 */
export async function replaceStudentCalendar(token: string) {
  const applicationId = await db().transaction((tx) => applicationIdOfToken(tx, token));
  if (!applicationId) return false;
  const [student] = await db()
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.status, "enrolled")));
  if (!student) return false;
  await revokeCalendarLinks("student", student.id);
  return true;
}
