import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications, attendance, classSessions } from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { DEFAULT_MARK } from "./attendance-rules";
import { type RegisterInput, registerMessages } from "./register-schema";
import { selectSessions } from "./sessions.server";

/*
 * A session's register. Authorization is the caller's: the portal's route guards with
 * requireAdmin (any admin may take any register); a tutor's private page passes `tutorId`, and
 * only that tutor's sessions open. Two people marking at once do not overwrite each other: a
 * row is written only where this person changed the mark the page showed them, or where no
 * one has marked the student yet (the default, present, is then recorded).
 */

/** A session with its intake and course, as the register heads it; null when not found. */
async function findSession(sessionId: string, tutorId?: string) {
  if (!isUuid(sessionId)) return null;
  const [session] = await selectSessions(
    and(eq(classSessions.id, sessionId), tutorId ? eq(classSessions.tutorId, tutorId) : undefined),
  ).limit(1);
  return session ?? null;
}

/** A register may be taken from the session's Lagos day on, never for a cancelled one. */
function registerRefusal(session: { status: string; startsAt: Date }, now: Date) {
  if (session.status === "cancelled") return registerMessages.cancelled;
  if (lagosToday(session.startsAt) > lagosToday(now)) return registerMessages.tooEarly;
  return null;
}

/** The register of a session: its students (enrolled) with their marks; null when not found. */
export async function loadRegister(
  sessionId: string,
  { tutorId, now = new Date() }: { tutorId?: string; now?: Date } = {},
) {
  const session = await findSession(sessionId, tutorId);
  if (!session) return null;
  const students = await db()
    .select({
      id: applications.id,
      fullName: applications.fullName,
      mark: attendance.mark,
      markedBy: attendance.markedBy,
      markedAt: attendance.markedAt,
    })
    .from(applications)
    .leftJoin(
      attendance,
      and(eq(attendance.applicationId, applications.id), eq(attendance.sessionId, session.id)),
    )
    .where(and(eq(applications.intakeId, session.intakeId), eq(applications.status, "enrolled")))
    .orderBy(asc(applications.fullName), asc(applications.id));
  return { session, students, refusal: registerRefusal(session, now) };
}

export type Register = NonNullable<Awaited<ReturnType<typeof loadRegister>>>;

/**
 * Saves a register as posted by `markedBy` (a name the register shows); the number of marks
 * written. Rows for students not enrolled in the session's intake are ignored.
 */
export async function saveRegister(
  sessionId: string,
  input: RegisterInput,
  markedBy: string,
  { tutorId, now = new Date() }: { tutorId?: string; now?: Date } = {},
) {
  const session = await findSession(sessionId, tutorId);
  if (!session) throw new UserFacingError(registerMessages.notFound, 404);
  const refusal = registerRefusal(session, now);
  if (refusal) throw new UserFacingError(refusal, 409);
  return db().transaction(async (tx) => {
    const enrolled = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.intakeId, session.intakeId), eq(applications.status, "enrolled")));
    const students = new Set(enrolled.map((row) => row.id));
    let written = 0;
    for (const [index, applicationId] of input.student.entries()) {
      const mark = input.mark[index] ?? DEFAULT_MARK;
      const was = input.was[index] ?? "";
      if (!students.has(applicationId)) continue;
      const row = { sessionId: session.id, applicationId, mark, markedBy, markedAt: now };
      // The page shows an unmarked student as present.
      const shown = was === "" ? DEFAULT_MARK : was;
      if (mark !== shown) {
        // This person's change: it wins over whatever was there.
        await tx
          .insert(attendance)
          .values(row)
          .onConflictDoUpdate({
            target: [attendance.sessionId, attendance.applicationId],
            set: { mark, markedBy, markedAt: now },
          });
        written++;
      } else if (was === "") {
        // Left as the page showed it, unmarked: recorded unless someone marked it meanwhile.
        const inserted = await tx.insert(attendance).values(row).onConflictDoNothing().returning();
        written += inserted.length;
      }
    }
    // A register posted with no one in it (all enrolled since withdrew) is not one taken.
    if (written > 0)
      await tx
        .update(classSessions)
        .set({ registerTakenAt: sql`coalesce(${classSessions.registerTakenAt}, ${now})` })
        .where(eq(classSessions.id, session.id));
    return written;
  });
}
