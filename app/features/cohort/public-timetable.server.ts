import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classSessions } from "~/db/schema";
import { sessionWhen } from "./session-text";
import { sessionsInWords } from "./timetable-pattern";

/*
 * What a course page says of an open intake's timetable once it is built: the pattern in words
 * ('Tuesdays and Thursdays, 6pm–9pm', from the sessions as they stand) and the first session.
 * Nothing private: no place beyond the intake's, no online link.
 */

export type PublicTimetable = { pattern: string; firstSession: string; sessions: number };

/** Each intake's timetable summary, by intake id; an intake without sessions is absent. */
export async function publicTimetables(intakeIds: string[]) {
  const byIntake: Record<string, PublicTimetable> = {};
  if (intakeIds.length === 0) return byIntake;
  const rows = await db()
    .select({
      intakeId: classSessions.intakeId,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(classSessions)
    .where(and(inArray(classSessions.intakeId, intakeIds), eq(classSessions.status, "scheduled")))
    .orderBy(asc(classSessions.startsAt));
  for (const intakeId of intakeIds) {
    const sessions = rows.filter((row) => row.intakeId === intakeId);
    const [first] = sessions;
    if (!first) continue;
    byIntake[intakeId] = {
      pattern: sessionsInWords(sessions),
      firstSession: sessionWhen(first),
      sessions: sessions.length,
    };
  }
  return byIntake;
}
