import { and, count, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type Application, applications, type Intake, intakes } from "~/db/schema";
import { HOUR_MS } from "~/features/reply-clock/reply-clock";
import { OFFER_HOLD_HOURS } from "./application-rules";

/*
 * Places: every transaction that may change who holds a place locks the intake's row first
 * (`lockIntake`), then the applications it changes. One order everywhere, so no two
 * transactions wait on each other in a circle; and the intake's `places_taken`, kept by the
 * database and checked against its seats, is the last word on overselling (migration 0018).
 */

export async function lockIntake(tx: Transaction, intakeId: string) {
  const [intake] = await tx.select().from(intakes).where(eq(intakes.id, intakeId)).for("update");
  return intake ?? null;
}

export const hasFreePlace = (intake: Pick<Intake, "seats" | "placesTaken">) =>
  intake.placesTaken < intake.seats;

/** The default deadline of an offer made now. */
export const defaultOfferDeadline = (now: Date) =>
  new Date(now.getTime() + OFFER_HOLD_HOURS * HOUR_MS);

/**
 * An application's place in its intake's waitlist, 1 for the first in line; null if not
 * waiting. Compared in SQL: PostgreSQL keeps microseconds that a JavaScript Date would lose.
 */
export async function waitlistPlace(
  tx: Transaction,
  application: Pick<Application, "id" | "intakeId" | "status">,
) {
  if (application.status !== "waitlisted") return null;
  const [row] = await tx
    .select({ place: count() })
    .from(applications)
    .where(
      and(
        eq(applications.intakeId, application.intakeId),
        eq(applications.status, "waitlisted"),
        sql`(${applications.waitlistedAt}, ${applications.reference}) <= (
          select "waitlisted_at", "reference" from "applications" where "id" = ${application.id})`,
      ),
    );
  return row?.place ?? null;
}
