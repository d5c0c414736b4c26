import { and, eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { applications, instalments, intakes, payments } from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { staffPaymentMessages } from "./payment-messages";

/**
 * Locks an application's money rows in the one order every transaction that changes them keeps:
 * the application, then the instalment, then the payment (and a payment's refunds after it). A
 * transaction that took them in another order could wait on one that holds what it needs next,
 * and PostgreSQL would end one of the two with a deadlock (decision 0056). With the application
 * first, everything that changes its money happens one after the other; the intake, when it is
 * locked too (places), comes before the application.
 *
 * Each row is looked for within the application: a missing one is undefined, for the caller to
 * refuse in its own words. The application's intake comes with it, read but not locked (its
 * status and prices decide what may be paid).
 */
export async function lockMoneyRows(
  tx: Transaction,
  applicationId: string,
  { instalmentId, paymentId }: { instalmentId?: string; paymentId?: string } = {},
) {
  const [owner] = await tx
    .select({ application: applications, intake: intakes })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .where(eq(applications.id, applicationId))
    .for("update", { of: applications });
  const [instalment] = instalmentId
    ? await tx
        .select()
        .from(instalments)
        .where(and(eq(instalments.id, instalmentId), eq(instalments.applicationId, applicationId)))
        .for("update")
    : [];
  const [payment] = paymentId
    ? await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.applicationId, applicationId)))
        .for("update")
    : [];
  return { application: owner?.application, intake: owner?.intake, instalment, payment };
}

/**
 * A payment locked after its application and instalment, as lockMoneyRows keeps the order, for a
 * transaction that starts from the payment: its owners are read first, without a lock (a
 * payment's application and instalment never change). Null when there is no such payment (of
 * `applicationId`, when given).
 */
export async function lockPaymentInOrder(
  tx: Transaction,
  which: { id: string } | { reference: string },
  applicationId?: string,
) {
  const [owners] = await tx
    .select({
      id: payments.id,
      applicationId: payments.applicationId,
      instalmentId: payments.instalmentId,
    })
    .from(payments)
    .where(
      and(
        "id" in which ? eq(payments.id, which.id) : eq(payments.reference, which.reference),
        applicationId ? eq(payments.applicationId, applicationId) : undefined,
      ),
    );
  if (!owners) return null;
  const { application, instalment, payment } = await lockMoneyRows(tx, owners.applicationId, {
    instalmentId: owners.instalmentId,
    paymentId: owners.id,
  });
  return application && instalment && payment ? { application, instalment, payment } : null;
}

/** A payment of the application, locked in order (its application first); refused unless it is one. */
export async function lockPayment(tx: Transaction, applicationId: string, paymentId: string) {
  if (!isUuid(paymentId)) throw new UserFacingError(staffPaymentMessages.notFound, 404);
  const locked = await lockPaymentInOrder(tx, { id: paymentId }, applicationId);
  if (!locked) throw new UserFacingError(staffPaymentMessages.notFound, 404);
  return locked;
}
