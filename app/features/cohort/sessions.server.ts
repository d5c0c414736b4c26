import { and, asc, count, eq, gte, lt, ne, type SQL } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  applications,
  type ClassSession,
  classSessions,
  courses,
  intakes,
  sessionReminders,
  timetableSettings,
  tutors,
} from "~/db/schema";
import type { ApplicationActor } from "~/features/applications/application-history.server";
import type { findIntakeWithCourse } from "~/features/intakes/intakes.server";
import { emailWithLink } from "~/features/payments/payment-emails.server";
import { UserFacingError } from "~/lib/errors";
import { addDays, lagosToday, mondayOf, startOfLagosDate } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { sessionChangedEmail } from "./session-emails.server";
import {
  isTeachingDate,
  lagosInstant,
  MAX_SESSIONS_PER_BUILD,
  sessionsOfPattern,
} from "./timetable-pattern";
import {
  type BuildInput,
  DEFAULT_REMINDER_HOURS,
  type SessionInput,
  timetableMessages,
} from "./timetable-schema";

/*
 * An intake's sessions: built from a pattern, then added, edited, moved or cancelled one by one.
 * Authorization: the timetable route guards with requireAdmin, and any active admin may manage
 * timetables (as intakes), so these services have no rule of their own.
 *
 * A change a calendar shows raises the session's `sequence` (RFC 5545's SEQUENCE). A change of
 * time, place or link to a session not yet over, and a cancellation, e-mails each enrolled
 * student once, in the transaction that makes the change; a session moved to another time is
 * reminded of again before it. A change a calendar does not show (the register, the notice
 * alone) keeps the sequence; a save from a form older than the last change is refused.
 */

const sessionNotFound = () => new UserFacingError(timetableMessages.sessionNotFound, 404);

export type TimetableIntake = NonNullable<Awaited<ReturnType<typeof findIntakeWithCourse>>>;

/** What lists of sessions show of each: the session, its tutor's name and its intake. */
export const sessionColumns = {
  id: classSessions.id,
  intakeId: classSessions.intakeId,
  title: classSessions.title,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
  place: classSessions.place,
  onlineUrl: classSessions.onlineUrl,
  tutorId: classSessions.tutorId,
  tutorName: tutors.name,
  status: classSessions.status,
  notice: classSessions.notice,
  sequence: classSessions.sequence,
  registerTakenAt: classSessions.registerTakenAt,
  updatedAt: classSessions.updatedAt,
};

/** Sessions with their tutor's name, intake and course, for any condition, in time order. */
export function selectSessions(where: SQL | undefined) {
  return db()
    .select({ ...sessionColumns, intakeLabel: intakes.label, courseTitle: courses.title })
    .from(classSessions)
    .innerJoin(intakes, eq(intakes.id, classSessions.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .leftJoin(tutors, eq(tutors.id, classSessions.tutorId))
    .where(where)
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

export type ListedSession = Awaited<ReturnType<typeof selectSessions>>[number];

/** An intake's sessions, cancelled ones included, in time order. */
export function sessionsOfIntake(intakeId: string) {
  return selectSessions(eq(classSessions.intakeId, intakeId));
}

/** The reminder settings of an intake (defaults when never saved). */
export async function timetableSettingsOf(intakeId: string) {
  const [row] = await db()
    .select()
    .from(timetableSettings)
    .where(eq(timetableSettings.intakeId, intakeId));
  return {
    reminderHoursBefore: row ? row.reminderHoursBefore : DEFAULT_REMINDER_HOURS,
    firstSessionNote: row?.firstSessionNote ?? null,
  };
}

/** The intake row, locked for a timetable change; a cancelled intake refuses. */
async function lockIntake(tx: Transaction, intakeId: string) {
  if (!isUuid(intakeId)) throw new UserFacingError(timetableMessages.intakeNotFound, 404);
  const [intake] = await tx
    .select({ id: intakes.id, status: intakes.status })
    .from(intakes)
    .where(eq(intakes.id, intakeId))
    .for("update");
  if (!intake) throw new UserFacingError(timetableMessages.intakeNotFound, 404);
  if (intake.status === "cancelled")
    throw new UserFacingError(timetableMessages.intakeCancelled, 409);
  return intake;
}

async function requireTutor(tx: Transaction, tutorId: string | undefined) {
  if (!tutorId) return null;
  const [tutor] = await tx.select({ id: tutors.id }).from(tutors).where(eq(tutors.id, tutorId));
  if (!tutor) throw new UserFacingError(timetableMessages.tutorGone, 400, "tutorId");
  return tutor.id;
}

const blankToNull = (value: string | undefined) => (value ? value : null);

/** Builds an intake's sessions from a pattern; refused once it has any. The number made. */
export async function buildTimetable(intakeId: string, input: BuildInput) {
  const times = sessionsOfPattern(input);
  if (times.length === 0) throw new UserFacingError(timetableMessages.noSessions, 400, "days");
  if (times.length > MAX_SESSIONS_PER_BUILD)
    throw new UserFacingError(timetableMessages.tooManySessions, 400, "until");
  return db().transaction(async (tx) => {
    await lockIntake(tx, intakeId);
    const [existing] = await tx
      .select({ count: count() })
      .from(classSessions)
      .where(eq(classSessions.intakeId, intakeId));
    if (existing && existing.count > 0)
      throw new UserFacingError(timetableMessages.alreadyBuilt, 409);
    const tutorId = await requireTutor(tx, input.tutorId);
    await tx.insert(classSessions).values(
      times.map((at, index) => ({
        intakeId,
        title: `${input.titlePrefix} ${index + 1}`,
        ...at,
        place: blankToNull(input.place),
        onlineUrl: blankToNull(input.onlineUrl),
        tutorId,
      })),
    );
    return times.length;
  });
}

const sessionValues = async (tx: Transaction, input: SessionInput) => ({
  title: input.title,
  startsAt: lagosInstant(input.date, input.startTime),
  endsAt: lagosInstant(input.date, input.endTime),
  place: blankToNull(input.place),
  onlineUrl: blankToNull(input.onlineUrl),
  tutorId: await requireTutor(tx, input.tutorId),
});

/** Adds one session to an intake's timetable (a guest lecture, a catch-up class). */
export async function addSession(intakeId: string, input: SessionInput) {
  await db().transaction(async (tx) => {
    await lockIntake(tx, intakeId);
    await tx.insert(classSessions).values({ intakeId, ...(await sessionValues(tx, input)) });
  });
}

/** The session of this intake, locked for a change; refused when unknown. */
async function lockSession(tx: Transaction, intakeId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw sessionNotFound();
  await lockIntake(tx, intakeId);
  const [session] = await tx
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.id, sessionId), eq(classSessions.intakeId, intakeId)))
    .for("update");
  if (!session) throw sessionNotFound();
  return session;
}

/** The students of an intake whom its changes reach: every enrolled application. */
export function enrolledStudents(tx: Transaction, intakeId: string) {
  return tx
    .select()
    .from(applications)
    .where(and(eq(applications.intakeId, intakeId), eq(applications.status, "enrolled")))
    .orderBy(asc(applications.fullName), asc(applications.id));
}

/** E-mails every enrolled student about a change of `before` into `after`; how many were told. */
async function tellStudents(
  tx: Transaction,
  before: ClassSession,
  after: ClassSession,
  notice: string | null,
  actor: ApplicationActor,
) {
  const students = await enrolledStudents(tx, before.intakeId);
  for (const student of students)
    await emailWithLink(
      tx,
      student,
      (about, link) => sessionChangedEmail(about, before, after, notice, link),
      "session-changed",
      actor,
      {
        session: after.title,
        change: after.status === "cancelled" ? "cancelled" : "moved",
        startsAt: after.startsAt.toISOString(),
      },
    );
  return students.length;
}

const staff = (admin: Admin): ApplicationActor => ({ kind: "staff", adminId: admin.id });

/** What a calendar shows of a session: a change of any of these raises its sequence. */
const shownFields = ["title", "startsAt", "endsAt", "place", "onlineUrl", "tutorId"] as const;
/** What a student must be told of: a change of any of these moves the class. */
const movingFields = ["startsAt", "endsAt", "place", "onlineUrl"] as const;

const differs = (a: ClassSession, b: ClassSession, fields: readonly (keyof ClassSession)[]) =>
  fields.some((field) => String(a[field]) !== String(b[field]));

/**
 * Edits one session. A moved session not yet over is e-mailed to its students (the number told
 * is returned; 0 otherwise), and its reminder goes again before the new time.
 */
export async function updateSession(
  actor: Admin,
  intakeId: string,
  sessionId: string,
  input: SessionInput & { notice?: string; sequence: number },
  now = new Date(),
) {
  return db().transaction(async (tx) => {
    const before = await lockSession(tx, intakeId, sessionId);
    if (before.status === "cancelled")
      throw new UserFacingError(timetableMessages.cancelledIsFinal, 409);
    // A form opened before another change would undo it (and tell the students twice).
    if (before.sequence !== input.sequence)
      throw new UserFacingError(timetableMessages.changedMeanwhile, 409);
    const values = await sessionValues(tx, input);
    const proposed = { ...before, ...values };
    const shown = differs(before, proposed, shownFields);
    const moved = differs(before, proposed, movingFields);
    const [after] = await tx
      .update(classSessions)
      .set({
        ...values,
        notice: moved ? blankToNull(input.notice) : before.notice,
        sequence: shown ? before.sequence + 1 : before.sequence,
      })
      .where(eq(classSessions.id, sessionId))
      .returning();
    if (!after) throw sessionNotFound();
    if (!moved) return 0;
    if (before.startsAt.getTime() !== after.startsAt.getTime())
      await forgetReminders(tx, sessionId);
    const over = before.endsAt <= now && after.endsAt <= now;
    return over ? 0 : tellStudents(tx, before, after, after.notice, staff(actor));
  });
}

/** Cancels one session with what to tell the students; the number told. */
export async function cancelSession(
  actor: Admin,
  intakeId: string,
  sessionId: string,
  notice: string,
  now = new Date(),
) {
  return db().transaction(async (tx) => {
    const before = await lockSession(tx, intakeId, sessionId);
    if (before.status === "cancelled")
      throw new UserFacingError(timetableMessages.cancelledIsFinal, 409);
    const [after] = await tx
      .update(classSessions)
      .set({ status: "cancelled", notice, sequence: before.sequence + 1 })
      .where(eq(classSessions.id, sessionId))
      .returning();
    if (!after) throw sessionNotFound();
    return before.endsAt <= now ? 0 : tellStudents(tx, before, after, notice, staff(actor));
  });
}

/** A session moved to another time is reminded of again, before its new time. */
async function forgetReminders(tx: Transaction, sessionId: string) {
  await tx
    .delete(sessionReminders)
    .where(and(eq(sessionReminders.sessionId, sessionId), eq(sessionReminders.kind, "before")));
}

/** Saves an intake's reminder settings. */
export async function saveTimetableSettings(
  intakeId: string,
  input: { reminderHoursBefore?: number; firstSessionNote?: string },
) {
  await db().transaction(async (tx) => {
    await lockIntake(tx, intakeId);
    const values = {
      reminderHoursBefore: input.reminderHoursBefore ?? null,
      firstSessionNote: blankToNull(input.firstSessionNote),
    };
    await tx
      .insert(timetableSettings)
      .values({ intakeId, ...values })
      .onConflictDoUpdate({ target: timetableSettings.intakeId, set: values });
  });
}

/** Sessions between two instants across intakes not cancelled (the week view, today's). */
export function sessionsBetween(from: Date, until: Date) {
  return selectSessions(
    and(
      gte(classSessions.startsAt, from),
      lt(classSessions.startsAt, until),
      ne(intakes.status, "cancelled"),
    ),
  );
}

/**
 * The week view: the Monday of the week holding `week` (a `YYYY-MM-DD` date; anything else
 * means this week in Lagos) and its seven days, each with its sessions.
 */
export async function sessionsOfWeek(week: string | null, now = new Date()) {
  const asked = week && isTeachingDate(week) ? week : lagosToday(now);
  const monday = mondayOf(asked);
  const sessions = await sessionsBetween(
    startOfLagosDate(monday),
    startOfLagosDate(addDays(monday, 7)),
  );
  const days = Array.from({ length: 7 }, (_, index) => {
    const date = addDays(monday, index);
    return { date, sessions: sessions.filter((session) => lagosToday(session.startsAt) === date) };
  });
  return { monday, days };
}

/** Today's sessions (Lagos), every intake: the dashboard's card. */
export function sessionsToday(now = new Date()) {
  const today = lagosToday(now);
  return sessionsBetween(startOfLagosDate(today), startOfLagosDate(addDays(today, 1)));
}
