import { and, asc, eq, gt, lt, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import * as z from "zod/mini";
import { db } from "~/db/client.server";
import {
  applications,
  classSessions,
  intakes,
  sessionReminders,
  timetableSettings,
} from "~/db/schema";
import { systemActor } from "~/features/applications/application-history.server";
import { defineJob } from "~/features/jobs/define-job.server";
import { emailWithLink } from "~/features/payments/payment-emails.server";
import { addDays, lagosToday, startOfLagosDate } from "~/lib/format/dates";
import { firstSessionReminderEmail, sessionReminderEmail } from "./session-emails.server";
import { DEFAULT_REMINDER_HOURS } from "./timetable-schema";

/*
 * The reminders before class, swept every five minutes; each goes to each enrolled student of
 * an intake not cancelled, for a session not cancelled, once:
 *
 * - 'first-day': the intake's first scheduled session, from 10:00 (Lagos) on the day before it
 *   until it starts: when, where, what to bring (the timetable's note) and the private link.
 *   A student enrolled later gets it later, while the session is still ahead.
 * - 'before': every scheduled session, from the intake's `reminderHoursBefore` hours before it
 *   until it starts (3 when the intake's settings were never saved; none when staff cleared it).
 *   The first session has one too (a nudge at the set hours, after the day-before e-mail),
 *   except for a student whose first-day reminder went out once this window was open already
 *   (a late enrolment, a sweep that was down): it said everything a moment before, so one
 *   e-mail is enough.
 *
 * Exactly once across processes: a batch inserts its `session_reminders` rows with ON CONFLICT
 * DO NOTHING … RETURNING and queues e-mails for the rows returned only, in one transaction, so
 * a sweep racing another waits on the other's rows and then skips them. Rows go in key order,
 * so two sweeps never wait on each other in a circle. The sessions read are held FOR SHARE, so
 * a session moved or cancelled meanwhile (updateSession, cancelSession lock it for update) waits
 * for the batch, then forgets its 'before' rows: it is reminded again at its new time.
 */

/** The first-day reminder goes from this hour (Lagos) of the day before the first session. */
export const FIRST_DAY_FROM_HOUR = 10;
const BATCH = 50;

type Kind = "first-day" | "before";

/**
 * The end of the sessions the first-day reminder may be about at `now`: a session starting
 * before it has passed 10:00 on its day before. 10:00 on day D−1 has passed exactly when
 * `now` minus 10 hours is on D−1 or later, so sessions up to the start of that day plus two.
 */
function firstDayHorizon(now: Date) {
  const shifted = new Date(now.getTime() - FIRST_DAY_FROM_HOUR * 60 * 60 * 1000);
  return startOfLagosDate(addDays(lagosToday(shifted), 2));
}

/** The intake's reminder hours: the default with no settings row, null when cleared. */
const reminderHours = sql`(case when ${timetableSettings.intakeId} is null then ${sql.raw(
  String(DEFAULT_REMINDER_HOURS),
)} else ${timetableSettings.reminderHoursBefore} end)`;

/** When the 'before' window of the session opens (null: no 'before' reminder). */
const beforeWindowOpens = sql`(${classSessions.startsAt} - make_interval(hours => ${reminderHours}))`;

/** A reminder row of `kind` for this session and student, with `extra` conditions. */
function reminderSent(kind: Kind, extra?: SQL) {
  return db()
    .select({ one: sql`1` })
    .from(sessionReminders)
    .where(
      and(
        eq(sessionReminders.sessionId, classSessions.id),
        eq(sessionReminders.applicationId, applications.id),
        eq(sessionReminders.kind, kind),
        extra,
      ),
    );
}

const earlier = alias(classSessions, "earlier");

/** What makes a session and student due for a reminder of `kind` at `now`. */
function dueFor(kind: Kind, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (kind === "first-day")
    return and(
      lt(classSessions.startsAt, firstDayHorizon(now)),
      // Once per student: the first session cancelled after its reminder makes no second one.
      notExists(
        db()
          .select({ one: sql`1` })
          .from(sessionReminders)
          .where(
            and(
              eq(sessionReminders.applicationId, applications.id),
              eq(sessionReminders.kind, "first-day"),
            ),
          ),
      ),
      // The intake's first scheduled session: none scheduled before it.
      notExists(
        db()
          .select({ one: sql`1` })
          .from(earlier)
          .where(
            and(
              eq(earlier.intakeId, classSessions.intakeId),
              eq(earlier.status, "scheduled"),
              or(
                lt(earlier.startsAt, classSessions.startsAt),
                and(eq(earlier.startsAt, classSessions.startsAt), lt(earlier.id, classSessions.id)),
              ),
            ),
          ),
      ),
    );
  return and(
    sql`${beforeWindowOpens} <= ${at}`,
    notExists(reminderSent("first-day", sql`${sessionReminders.sentAt} >= ${beforeWindowOpens}`)),
  );
}

/** Reminds one batch of `kind`: how many pairs were due, and how many e-mails were queued. */
async function remindBatch(kind: Kind, now: Date) {
  return db().transaction(async (tx) => {
    const due = await tx
      .select({
        session: classSessions,
        student: applications,
        firstSessionNote: timetableSettings.firstSessionNote,
      })
      .from(classSessions)
      .innerJoin(intakes, eq(intakes.id, classSessions.intakeId))
      .innerJoin(
        applications,
        and(eq(applications.intakeId, classSessions.intakeId), eq(applications.status, "enrolled")),
      )
      .leftJoin(timetableSettings, eq(timetableSettings.intakeId, classSessions.intakeId))
      .where(
        and(
          eq(classSessions.status, "scheduled"),
          ne(intakes.status, "cancelled"),
          gt(classSessions.startsAt, now),
          dueFor(kind, now),
          notExists(reminderSent(kind)),
        ),
      )
      .orderBy(asc(classSessions.startsAt), asc(classSessions.id), asc(applications.id))
      .limit(BATCH)
      .for("share", { of: classSessions });
    if (due.length === 0) return { due: 0, sent: 0 };
    const keyOf = (sessionId: string, applicationId: string) => `${sessionId} ${applicationId}`;
    const rows = due
      .map(({ session, student }) => ({
        sessionId: session.id,
        applicationId: student.id,
        kind,
        sentAt: now,
      }))
      .sort((a, b) =>
        keyOf(a.sessionId, a.applicationId) < keyOf(b.sessionId, b.applicationId) ? -1 : 1,
      );
    const inserted = await tx
      .insert(sessionReminders)
      .values(rows)
      .onConflictDoNothing()
      .returning({
        sessionId: sessionReminders.sessionId,
        applicationId: sessionReminders.applicationId,
      });
    const ours = new Set(inserted.map((row) => keyOf(row.sessionId, row.applicationId)));
    let sent = 0;
    for (const { session, student, firstSessionNote } of due) {
      if (!ours.has(keyOf(session.id, student.id))) continue;
      await emailWithLink(
        tx,
        student,
        (about, link) =>
          kind === "first-day"
            ? firstSessionReminderEmail(about, session, firstSessionNote, now, link)
            : sessionReminderEmail(about, session, now, link),
        "session-reminded",
        systemActor,
        { session: session.title, kind, startsAt: session.startsAt.toISOString() },
      );
      sent += 1;
    }
    return { due: due.length, sent };
  });
}

/** Sends every class reminder due at `now`; the number of e-mails queued. */
export async function sendSessionReminders(now = new Date()) {
  let sent = 0;
  // The first-day reminders first: a first session's 'before' one then knows it was just sent.
  for (const kind of ["first-day", "before"] as const) {
    for (;;) {
      const batch = await remindBatch(kind, now);
      sent += batch.sent;
      if (batch.due < BATCH) break;
    }
  }
  return sent;
}

export const sessionReminderJob = defineJob({
  name: "session-reminders",
  payload: z.object({}),
  // Every five minutes: a reminder hours before class goes within minutes of its time; a
  // missed sweep is made up by the next one, as each reminder stays due until the class starts.
  schedule: "*/5 * * * *",
  retry: { retryLimit: 1, retryDelay: 60, expireInSeconds: 5 * 60 },
  run: async () => {
    await sendSessionReminders();
  },
});
