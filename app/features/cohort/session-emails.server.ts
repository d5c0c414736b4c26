import type {
  ApplicationForEmail,
  EmailText,
} from "~/features/applications/application-emails.server";
import { applicantEmail } from "~/features/applications/application-emails.server";
import { addDays, formatFullDate, lagosToday } from "~/lib/format/dates";
import { formatClock, type SessionForText, sessionWhen, sessionWhere } from "./session-text";

// The e-mails a student gets about their classes: a session moved or cancelled, and the
// reminders before class (session-reminders.server.ts). Plain text, queued in the transaction
// that causes them.

const privateLink = (link: string) => [
  "Your timetable, calendar and payments are on your private page:",
  link,
  "Keep this link to yourself: anyone who has it can see your application.",
];

/** A session moved (time, place or link) or cancelled, with what staff told the students. */
export function sessionChangedEmail(
  student: ApplicationForEmail,
  before: SessionForText,
  after: SessionForText,
  notice: string | null,
  link: string,
): EmailText {
  const cancelled = after.status === "cancelled";
  const subject = cancelled
    ? `Class cancelled: ${before.title}, ${sessionWhen(before)}`
    : `Class changed: ${after.title}, now ${sessionWhen(after)}`;
  const lines = cancelled
    ? [`${before.title} of ${student.courseTitle} on ${sessionWhen(before)} is cancelled.`]
    : [
        `${after.title} of ${student.courseTitle} has changed.`,
        "",
        `Was: ${sessionWhen(before)}, ${sessionWhere(before)}`,
        `Now: ${sessionWhen(after)}, ${sessionWhere(after)}`,
      ];
  return applicantEmail(student, subject, [
    ...lines,
    ...(notice ? ["", notice] : []),
    "",
    "A calendar you subscribed to from your page shows the change by itself.",
    "",
    ...privateLink(link),
  ]);
}

/** 'today', 'tomorrow' or 'on Thursday, 14 January 2027': the session's day seen from `now`. */
function dayOf(startsAt: Date | string, now: Date) {
  const day = lagosToday(new Date(startsAt));
  const today = lagosToday(now);
  if (day === today) return "today";
  if (day === addDays(today, 1)) return "tomorrow";
  return `on ${formatFullDate(new Date(startsAt))}`;
}

const whenAndWhere = (session: SessionForText) => [
  session.title,
  `When: ${sessionWhen(session)}`,
  `Where: ${sessionWhere(session)}`,
];

/** The day before the first session: when, where, what to bring and the private link. */
export function firstSessionReminderEmail(
  student: ApplicationForEmail,
  session: SessionForText,
  whatToBring: string | null,
  now: Date,
  link: string,
): EmailText {
  const day = dayOf(session.startsAt, now);
  return applicantEmail(
    student,
    `Your first class is ${day} at ${formatClock(session.startsAt)}: ${session.title}`,
    [
      `Your first class of ${student.courseTitle}, ${student.intakeLabel}, is ${day}. We look forward to seeing you.`,
      "",
      ...whenAndWhere(session),
      ...(whatToBring ? ["", "What to bring:", whatToBring] : []),
      "",
      ...privateLink(link),
    ],
  );
}

/** A reminder the intake's set hours before a session. */
export function sessionReminderEmail(
  student: ApplicationForEmail,
  session: SessionForText,
  now: Date,
  link: string,
): EmailText {
  const day = dayOf(session.startsAt, now);
  const clock = formatClock(session.startsAt);
  return applicantEmail(student, `Class ${day} at ${clock}: ${session.title}`, [
    `A reminder: ${session.title} of ${student.courseTitle} is ${day} at ${clock} (Lagos time).`,
    "",
    ...whenAndWhere(session),
    "",
    ...privateLink(link),
  ]);
}
