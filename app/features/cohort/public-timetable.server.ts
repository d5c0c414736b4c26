import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classSessions } from "~/db/schema";
import { lagosInputFromInstant } from "~/lib/format/dates";
import { sessionWhen } from "./session-text";
import { patternWords } from "./timetable-pattern";

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
      pattern: patternOf(sessions),
      firstSession: sessionWhen(first),
      sessions: sessions.length,
    };
  }
  return byIntake;
}

/** The weekdays the sessions fall on, at their most common hours. */
function patternOf(sessions: { startsAt: Date; endsAt: Date }[]) {
  const days = new Set<number>();
  const hours = new Map<string, number>();
  for (const session of sessions) {
    const start = lagosInputFromInstant(session.startsAt);
    days.add(new Date(`${start.slice(0, 10)}T12:00:00Z`).getUTCDay());
    const key = `${start.slice(11, 16)}-${lagosInputFromInstant(session.endsAt).slice(11, 16)}`;
    hours.set(key, (hours.get(key) ?? 0) + 1);
  }
  const [common = "00:00-00:00"] = [...hours].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  const [startTime = "", endTime = ""] = common.split("-");
  return patternWords([...days], startTime, endTime);
}
