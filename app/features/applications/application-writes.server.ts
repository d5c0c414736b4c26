import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type AgreedPricing, applications, type NewApplication } from "~/db/schema";
import type { PaymentPlanKind } from "~/features/intakes/payment-plans";
import { paymentMoves } from "./application-rules";

// Every write to an application's row that another feature causes (payments, transfers,
// erasure, the demo) goes through here, so its status moves only by the rules in
// application-rules.ts and one feature owns the table (decision 0064).

/** Stores new applications' rows as given (the demo's seeded applicants). */
export function insertApplications(tx: Transaction, rows: NewApplication[]) {
  return tx.insert(applications).values(rows).returning({ id: applications.id });
}

/** The plan an accepted place is paid by; the demo also dates the acceptance it seeds. */
export async function setPaymentPlan(
  tx: Transaction,
  applicationId: string,
  plan: PaymentPlanKind,
  agreedPricing: AgreedPricing,
  acceptedAt?: Date,
) {
  await tx
    .update(applications)
    .set({
      paymentPlan: plan,
      agreedPricing,
      updatedAt: sql`now()`,
      ...(acceptedAt ? { acceptedAt } : {}),
    })
    .where(eq(applications.id, applicationId));
}

/** Marks an application changed now (a proof sent), for lists sorted by their latest change. */
export async function touchApplication(tx: Transaction, applicationId: string) {
  await tx
    .update(applications)
    .set({ updatedAt: sql`now()` })
    .where(eq(applications.id, applicationId));
}

/** A paid payment enrols the place if its status allows (`paymentMoves.enrol`); its id, or null. */
export async function enrolOnPayment(tx: Transaction, applicationId: string) {
  const [enrolled] = await tx
    .update(applications)
    .set({ status: "enrolled", updatedAt: sql`now()` })
    .where(
      and(eq(applications.id, applicationId), inArray(applications.status, paymentMoves.enrol)),
    )
    .returning({ id: applications.id });
  return enrolled?.id ?? null;
}

/** Moves a place to another intake of the course; the moved row. */
export async function moveToIntake(tx: Transaction, applicationId: string, intakeId: string) {
  const [moved] = await tx
    .update(applications)
    .set({ intakeId, updatedAt: sql`now()` })
    .where(eq(applications.id, applicationId))
    .returning();
  return moved;
}

/** Erases what an application says of its person (personal data erasure), keeping the place. */
export async function eraseApplicant(
  tx: Transaction,
  applicationId: string,
  erasedName: string,
  erasedEmail: string,
) {
  await tx
    .update(applications)
    .set({
      fullName: erasedName,
      email: erasedEmail,
      phone: "",
      goals: "",
      adminNotes: null,
      ipAddress: null,
      userAgent: null,
    })
    .where(eq(applications.id, applicationId));
}
