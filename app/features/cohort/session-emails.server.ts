import type {
  ApplicationForEmail,
  EmailText,
} from "~/features/applications/application-emails.server";
import { applicantEmail } from "~/features/applications/application-emails.server";
import { type SessionForText, sessionWhen, sessionWhere } from "./session-text";

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
