import { db } from "~/db/client.server";
import { intakes, type NewIntake } from "~/db/schema";
import { startOfLagosDate } from "~/lib/format/dates";

/**
 * Open intakes of a course starting on each of `startDates` (Lagos dates): 20 seats, a week
 * long, enrolment closing as the first day begins; `fields` overrides any of it.
 */
export async function insertIntakes(
  courseId: string,
  startDates: string[],
  fields: Partial<NewIntake> = {},
) {
  if (!startDates.length) return [];
  return db()
    .insert(intakes)
    .values(
      startDates.map((startsOn) => ({
        courseId,
        label: `Intake of ${startsOn}`,
        startsOn,
        endsOn: startsOn,
        seats: 20,
        enrolmentClosesAt: startOfLagosDate(startsOn),
        price: 0,
        status: "open" as const,
        ...fields,
      })),
    )
    .returning();
}
