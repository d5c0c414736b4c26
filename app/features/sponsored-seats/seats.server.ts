import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { sponsoredSeats, sponsors, sponsorships } from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { sponsorMessages } from "./sponsor-messages";

// A seat as the apply form and the price see it. Kept apart from the rest of the feature (it
// needs only the schema), since applications and discounts build on it.

type Reader = Pick<Transaction, "select">;

/**
 * Locks the seat a code names for an applicant of `intakeId` with address `email`, refusing (on
 * the code field) a code that is unknown, used, released, for another intake or kept for someone
 * else. The caller then enrols the applicant and calls `takeSeat`.
 */
export async function lockSeatToUse(
  tx: Transaction,
  code: string | null,
  intakeId: string,
  email: string,
  field: string,
) {
  const refuse = (message: string): never => {
    throw new UserFacingError(message, 409, field);
  };
  if (!code) return refuse(sponsorMessages.seatUnknown);
  const [row] = await tx
    .select({ seat: sponsoredSeats, intakeId: sponsorships.intakeId })
    .from(sponsoredSeats)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsoredSeats.sponsorshipId))
    .where(eq(sponsoredSeats.code, code))
    .for("update", { of: sponsoredSeats });
  if (!row) return refuse(sponsorMessages.seatUnknown);
  const { seat } = row;
  if (seat.status === "used") return refuse(sponsorMessages.seatUsed);
  if (seat.status === "released") return refuse(sponsorMessages.seatReleased);
  if (row.intakeId !== intakeId) return refuse(sponsorMessages.seatOtherIntake);
  if (seat.assignedEmail && seat.assignedEmail !== email.toLowerCase())
    return refuse(sponsorMessages.seatForSomeoneElse);
  return seat;
}

/**
 * Marks a locked seat used: it stops holding its place (the trigger gives it back to the
 * intake), so the caller's enrolment can take it in the same transaction.
 */
export async function takeSeat(tx: Transaction, seatId: string) {
  await tx
    .update(sponsoredSeats)
    .set({ status: "used", usedAt: sql`now()` })
    .where(and(eq(sponsoredSeats.id, seatId), eq(sponsoredSeats.status, "open")));
}

/** Names the application that used a seat (once the application exists). */
export async function linkSeatToApplication(
  tx: Transaction,
  seatId: string,
  applicationId: string,
) {
  await tx.update(sponsoredSeats).set({ applicationId }).where(eq(sponsoredSeats.id, seatId));
}

/** The sponsor who paid for an application's seat, by name; null when no seat paid for it. */
export async function seatSponsorOf(reader: Reader, applicationId: string) {
  const [row] = await reader
    .select({ name: sponsors.name })
    .from(sponsoredSeats)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsoredSeats.sponsorshipId))
    .innerJoin(sponsors, eq(sponsors.id, sponsorships.sponsorId))
    .where(eq(sponsoredSeats.applicationId, applicationId));
  return row?.name ?? null;
}
