import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications, classSessions, type NewIntake, tutors } from "~/db/schema";
import { buildTimetable } from "~/features/cohort/sessions.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { applicantInput, openIntake } from "./application-fixtures";

/**
 * An open intake with `size` enrolled students (and room for more), starting `startsInDays`
 * from today in Lagos; each student is a new person.
 */
export async function enrolledClass(
  size: number,
  { startsInDays = 7, ...fields }: Partial<NewIntake> & { startsInDays?: number } = {},
) {
  const startsOn = addDays(lagosToday(), startsInDays);
  const { course, intake } = await openIntake({
    startsOn,
    endsOn: addDays(startsOn, 55),
    seats: Math.max(size, 1) + 5,
    enrolmentClosesAt: new Date(`${addDays(startsOn, -1)}T00:00:00+01:00`),
    ...fields,
  });
  const students = size
    ? await db()
        .insert(applications)
        .values(
          Array.from({ length: size }, () => {
            const { consent: _, ...answers } = applicantInput();
            return {
              intakeId: intake.id,
              ...answers,
              consentGiven: true,
              status: "enrolled" as const,
            };
          }),
        )
        .returning()
    : [];
  return { course, intake, students };
}

/** A tutor who teaches nothing yet. */
export async function makeTutor(name = "Tunde Bakare") {
  const [tutor] = await db().insert(tutors).values({ name, role: "Lead tutor" }).returning();
  if (!tutor) throw new Error("no tutor");
  return tutor;
}

/** Tuesday and Thursday evenings, 6 to 9 pm, over the intake's dates: 16 sessions in 8 weeks. */
export async function twiceWeekly(
  intake: { id: string; startsOn: string },
  extra: { tutorId?: string; place?: string; onlineUrl?: string } = {},
) {
  await buildTimetable(intake.id, {
    intent: "build",
    days: [2, 4],
    startTime: "18:00",
    endTime: "21:00",
    from: intake.startsOn,
    until: addDays(intake.startsOn, 55),
    titlePrefix: "Session",
    place: "Room 2, 14 Admiralty Way, Lekki",
    ...extra,
  });
  return sessionRows(intake.id);
}

/** An intake's sessions as stored, in time order. */
export const sessionRows = (intakeId: string) =>
  db()
    .select()
    .from(classSessions)
    .where(eq(classSessions.intakeId, intakeId))
    .orderBy(asc(classSessions.startsAt));
