import { and, asc, eq, gte, min } from "drizzle-orm";
import { db } from "~/db/client.server";
import { intakes } from "~/db/schema";
import { publicTutorColumns } from "~/features/tutors/tutors.server";
import { lagosToday } from "~/lib/format/dates";
import { closingText, earlyBirdText, intakeModeLabels, placesLeftText } from "./intake-wording";
import { tutorsByIntake } from "./intakes.server";
import { planOffers } from "./plan-offers";

/** How many intakes a course page lists. */
export const NEXT_INTAKES = 3;

/** Intakes a visitor may see: open, and not yet started (Lagos date). Drafts, closed and cancelled ones stay in the portal. */
const upcoming = (today: string) => and(eq(intakes.status, "open"), gte(intakes.startsOn, today));

/** A course's next intakes as its page shows them, soonest first. */
export async function nextIntakes(courseId: string, now: Date = new Date()) {
  const today = lagosToday(now);
  const rows = await db()
    .select()
    .from(intakes)
    .where(and(eq(intakes.courseId, courseId), upcoming(today)))
    .orderBy(asc(intakes.startsOn), asc(intakes.createdAt))
    .limit(NEXT_INTAKES);
  const tutorsOf = await tutorsByIntake(
    rows.map((intake) => intake.id),
    publicTutorColumns,
    { activeOnly: true },
  );
  return rows.map((intake) => {
    const places = intake.placesTaken;
    return {
      id: intake.id,
      label: intake.label,
      startsOn: intake.startsOn,
      endsOn: intake.endsOn,
      classTimes: intake.classTimes,
      mode: intake.mode,
      modeLabel: intakeModeLabels[intake.mode],
      location: intake.location,
      price: intake.price,
      full: places >= intake.seats,
      // For the course page to judge whether the intake takes applications now.
      status: intake.status,
      enrolmentOpensAt: intake.enrolmentOpensAt,
      enrolmentClosesAt: intake.enrolmentClosesAt,
      placesLeft: placesLeftText(intake.seats, places),
      closing: closingText(intake.enrolmentClosesAt, now),
      earlyBird: earlyBirdText(intake, now),
      // As if accepted today: the page is rendered again when the Lagos date changes.
      plans: planOffers(intake, today),
      tutors: tutorsOf.get(intake.id) ?? [],
    };
  });
}

export type PublicIntake = Awaited<ReturnType<typeof nextIntakes>>[number];

/** Each course's next start date (Lagos), for the catalogue; a course without one is absent. */
export async function nextStartByCourse(now: Date = new Date()) {
  const rows = await db()
    .select({ courseId: intakes.courseId, startsOn: min(intakes.startsOn) })
    .from(intakes)
    .where(upcoming(lagosToday(now)))
    .groupBy(intakes.courseId);
  return new Map(rows.flatMap((row) => (row.startsOn ? [[row.courseId, row.startsOn]] : [])));
}

/** A course's next start date (Lagos), or null while none is announced. */
export async function nextStartOf(courseId: string, now: Date = new Date()) {
  const [row] = await db()
    .select({ startsOn: intakes.startsOn })
    .from(intakes)
    .where(and(eq(intakes.courseId, courseId), upcoming(lagosToday(now))))
    .orderBy(asc(intakes.startsOn))
    .limit(1);
  return row?.startsOn ?? null;
}
