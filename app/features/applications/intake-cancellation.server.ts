import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type Admin, applications, type Intake, payments } from "~/db/schema";
import { intakeCancelledEmail } from "./application-emails.server";
import { emailApplicant, forEmail } from "./application-history.server";
import { liveStatuses } from "./application-rules";
import { issueApplicationLink } from "./application-token.server";

/**
 * What each application has paid and not been given back, in kobo: the sum of its paid
 * payments less their refunds (pending refunds included, as they are reserved).
 */
export async function moneyKept(tx: Transaction, applicationIds: string[]) {
  const rows = applicationIds.length
    ? await tx
        .select({
          applicationId: payments.applicationId,
          kept: sql<number>`sum(${payments.amount} - ${payments.refundedAmount})`.mapWith(Number),
        })
        .from(payments)
        .where(and(inArray(payments.applicationId, applicationIds), eq(payments.status, "paid")))
        .groupBy(payments.applicationId)
    : [];
  return new Map(rows.map((row) => [row.applicationId, row.kept]));
}

/**
 * Tells everyone with a live application of an intake just cancelled (its row locked by the
 * caller, in the transaction that cancels it): one e-mail each, with the reason and what
 * happens to their money, and an entry in each history. Cancelling is refused once done, so
 * nobody is told twice, whichever process or retry cancels. Statuses stay as they were: an
 * accepted or enrolled place can still be moved to another intake (transfers.server.ts), and
 * the cancelled intake is what closes payment, offers and the applicant's steps.
 */
export async function tellApplicantsOfCancellation(
  tx: Transaction,
  intake: Pick<Intake, "id">,
  reason: string,
  admin: Pick<Admin, "id">,
) {
  const told = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.intakeId, intake.id), inArray(applications.status, liveStatuses)))
    .orderBy(applications.reference)
    .for("update");
  const kept = await moneyKept(
    tx,
    told.map((application) => application.id),
  );
  // An offer's reminder would ask them to accept a place that no longer exists.
  await tx
    .update(applications)
    .set({ offerRemindedAt: sql`now()` })
    .where(and(eq(applications.intakeId, intake.id), eq(applications.status, "offered")));
  for (const application of told) {
    const paid = kept.get(application.id) ?? 0;
    await emailApplicant(
      tx,
      application,
      intakeCancelledEmail(
        await forEmail(tx, application),
        reason,
        paid,
        await issueApplicationLink(tx, application.id),
      ),
      "intake-cancelled",
      { kind: "staff", adminId: admin.id },
      { reason, status: application.status, paidKobo: String(paid) },
    );
  }
  return told.length;
}
