import type { Intake, NewClassSession } from "~/db/schema";
import { readClassTimes, sessionsOfPattern } from "~/features/cohort/timetable-pattern";

/**
 * The demo intakes' timetables, built from their class times in words as staff would build
 * them, so a newcomer sees the course pages' first classes, the week view and the registers.
 * An intake whose class times cannot be read stays without sessions, as in real use.
 */
export function demoSessions(
  rows: Pick<Intake, "id" | "startsOn" | "endsOn" | "classTimes" | "mode" | "location">[],
): NewClassSession[] {
  return rows.flatMap((intake) => {
    const { days, startTime, endTime } = readClassTimes(intake.classTimes);
    if (!days || !startTime || !endTime) return [];
    return sessionsOfPattern({
      days,
      startTime,
      endTime,
      from: intake.startsOn,
      until: intake.endsOn,
    }).map((times, index) => ({
      intakeId: intake.id,
      title: `Session ${index + 1}`,
      ...times,
      place: intake.mode === "online" ? null : intake.location,
      onlineUrl: intake.mode === "in-person" ? null : "https://meet.google.com/lta-demo-class",
    }));
  });
}
