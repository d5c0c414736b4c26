import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import {
  applications,
  type Instalment,
  instalments,
  intakes,
  type Payment,
  payments,
} from "~/db/schema";
import {
  type ApplicationActor,
  recordEvent,
  systemActor,
} from "~/features/applications/application-history.server";
import { paysForPlace } from "~/features/applications/application-rules";
import { instalmentSchedule, type PaymentPlanKind } from "~/features/intakes/payment-plans";
import { defineJob } from "~/features/jobs/define-job.server";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { logger } from "~/lib/infra/logger.server";
import { configuredGateway } from "./gateway.server";
import { leftToPay } from "./instalment-balance";
import { lockMoneyRows, lockPaymentInOrder } from "./money-locks.server";
import type { PaymentGateway } from "./payment-gateway";
import { paymentMessages } from "./payment-messages";
import {
  formatReceiptNumber,
  newPaymentReference,
  paymentReferencePattern,
} from "./payment-reference";
import type { ChargeStatus, VerifiedCharge } from "./paystack.server";
import { queueReceiptEmail } from "./receipts.server";

/**
 * Chooses how an accepted place is paid for: writes the plan's instalments once, priced by the
 * day the place was accepted (the early bird). Amounts come from the intake, never the browser.
 */
export async function choosePaymentPlan(applicationId: string, kind: PaymentPlanKind) {
  return db().transaction(async (tx) => {
    const [found] = await tx
      .select({ application: applications, intake: intakes })
      .from(applications)
      .innerJoin(intakes, eq(intakes.id, applications.intakeId))
      .where(eq(applications.id, applicationId))
      .for("update", { of: applications });
    if (!found) throw new UserFacingError(paymentMessages.notAccepted, 404);
    const { application, intake } = found;
    if (intake.status === "cancelled")
      throw new UserFacingError(paymentMessages.intakeCancelled, 409);
    if (!paysForPlace(application.status))
      throw new UserFacingError(paymentMessages.notAccepted, 409);
    if (application.paymentPlan) throw new UserFacingError(paymentMessages.planAlreadyChosen, 409);
    if (!intake.paymentPlans.includes(kind))
      throw new UserFacingError(paymentMessages.planNotOffered, 400, "plan");
    const acceptedOn = lagosToday(application.acceptedAt ?? application.updatedAt);
    const schedule = instalmentSchedule(kind, intake, acceptedOn);
    await tx.insert(instalments).values(schedule.map((part) => ({ applicationId, ...part })));
    await tx
      .update(applications)
      .set({ paymentPlan: kind, updatedAt: sql`now()` })
      .where(eq(applications.id, applicationId));
    await recordEvent(
      tx,
      applicationId,
      "plan-chosen",
      { kind: "applicant" },
      { detail: { plan: kind } },
    );
    return schedule;
  });
}

/** The first instalment not yet paid, in due order; null when everything is paid. */
export async function nextUnpaidInstalment(tx: Transaction, applicationId: string) {
  const [next] = await tx
    .select()
    .from(instalments)
    .where(and(eq(instalments.applicationId, applicationId), isNull(instalments.paidAt)))
    .orderBy(asc(instalments.number))
    .limit(1);
  return next ?? null;
}

/**
 * The application (locked for update) and the instalment it pays next, refused as the applicant
 * reads it when the place is not accepted, no plan is chosen or nothing is left to pay.
 */
export async function lockPayableInstalment(tx: Transaction, applicationId: string) {
  const { application } = await lockMoneyRows(tx, applicationId);
  const [intake] = application
    ? await tx.select({ status: intakes.status }).from(intakes).where(eq(intakes.id, application.intakeId))
    : [];
  if (intake?.status === "cancelled") throw new UserFacingError(paymentMessages.intakeCancelled, 409);
  if (!application || !paysForPlace(application.status))
    throw new UserFacingError(paymentMessages.notAccepted, 409);
  if (!application.paymentPlan) throw new UserFacingError(paymentMessages.noPlan, 409);
  // Read under the application's lock, which every payment of it holds: it stays the next one.
  const instalment = await nextUnpaidInstalment(tx, applicationId);
  if (!instalment) throw new UserFacingError(paymentMessages.nothingDue, 409);
  return { application, instalment };
}

/** What is left to pay of `instalment` (leftToPay), read in the transaction that pays it. */
export async function instalmentLeftToPay(tx: Transaction, instalment: Instalment) {
  const paid = await tx
    .select({
      instalmentId: payments.instalmentId,
      status: payments.status,
      amount: payments.amount,
    })
    .from(payments)
    .where(and(eq(payments.instalmentId, instalment.id), eq(payments.status, "paid")));
  return leftToPay(instalment, paid);
}

/**
 * Records an attempt to pay what is left of `instalment` by `method`, under a new reference of
 * ours; `details` are what the method adds (a proof, the staff note, a part's amount).
 */
export async function insertPayment(
  tx: Transaction,
  instalment: Instalment,
  method: Payment["method"],
  details: Partial<typeof payments.$inferInsert> = {},
) {
  const [payment] = await tx
    .insert(payments)
    .values({
      reference: newPaymentReference(),
      applicationId: instalment.applicationId,
      instalmentId: instalment.id,
      method,
      amount: details.amount ?? (await instalmentLeftToPay(tx, instalment)),
      ...details,
    })
    .returning();
  if (!payment) throw new Error("The payment was not recorded");
  return payment;
}

/**
 * Starts paying the next instalment through the gateway: records the attempt under a reference
 * of ours (with a delayed check, so a webhook that never comes loses nothing), then asks the
 * gateway for its checkout page. The database transaction is over before the gateway is called.
 */
export async function startGatewayPayment(
  applicationId: string,
  gateway: PaymentGateway,
  callbackUrl: string,
): Promise<{ authorizationUrl: string; payment: Payment }> {
  const { payment, email } = await db().transaction(async (tx) => {
    const { application, instalment } = await lockPayableInstalment(tx, applicationId);
    const started = await insertPayment(tx, instalment, "paystack");
    await paymentCheckJob.enqueue(
      tx,
      { reference: started.reference, attempt: 1 },
      { startAfter: new Date(Date.now() + checkDelaysMinutes[0] * 60_000) },
    );
    return { payment: started, email: application.email };
  });
  try {
    const { authorizationUrl } = await gateway.initialize({
      reference: payment.reference,
      amountKobo: payment.amount,
      email,
      callbackUrl,
      metadata: { application: applicationId },
    });
    return { authorizationUrl, payment };
  } catch (error) {
    logger.warn(
      { err: error, reference: payment.reference },
      "The gateway did not start a payment",
    );
    await db()
      .update(payments)
      .set({ status: "failed", flagReason: "The gateway did not start it", updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "started")));
    throw new UserFacingError(paymentMessages.gatewayUnavailable, 503);
  }
}

/** cancelled: paid, and recorded, for an intake cancelled meanwhile (flagged for a refund). */
export type SettleOutcome =
  | "unknown"
  | "pending"
  | "paid"
  | "failed"
  | "flagged"
  | "cancelled"
  | "already";

/**
 * A charge Paystack says failed or was reversed has ended. 'abandoned' has not: it is what a
 * checkout not yet completed verifies as, and the applicant may still pay; only the last
 * delayed check gives such a payment up.
 */
const endedStatuses: ReadonlySet<ChargeStatus> = new Set(["failed", "reversed"]);

/**
 * Asks the gateway what became of a payment and records it. Webhooks, the applicant's return
 * from checkout and the delayed check all come here, as often as they like: the payment's row
 * is locked and only a started payment changes, so each is recorded once.
 */
export async function settleGatewayPayment(
  reference: string,
  gateway: Pick<PaymentGateway, "verify">,
  now = new Date(),
): Promise<SettleOutcome> {
  const [known] = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.reference, reference));
  if (!known) return "unknown";
  if (known.status !== "started") return "already";
  return recordCharge(reference, await gateway.verify(reference), now);
}

/**
 * Records what the gateway verified of a started payment. Money that does not match what we
 * asked (amount or currency), or pays an instalment already paid, is flagged for staff and
 * counts as nothing paid. The first money in turns an accepted place into an enrolled one.
 */
export async function recordCharge(
  reference: string,
  charge: VerifiedCharge | null,
  now = new Date(),
): Promise<SettleOutcome> {
  return db().transaction(async (tx) => {
    const locked = await lockPaymentInOrder(tx, { reference });
    if (!locked) return "unknown";
    const { payment, instalment } = locked;
    if (payment.status !== "started") return "already";
    if (
      charge?.reference !== reference ||
      (charge.status !== "success" && !endedStatuses.has(charge.status))
    ) {
      await tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, payment.id));
      return "pending";
    }
    if (endedStatuses.has(charge.status)) {
      await tx
        .update(payments)
        .set({ status: "failed", gatewayId: charge.gatewayId, checkedAt: now, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return "failed";
    }
    const mismatch = instalment.paidAt
      ? paymentMessages.paidTwice
      : (mismatchOf(payment, charge) ??
        (payment.amount > (await instalmentLeftToPay(tx, instalment))
          ? paymentMessages.moreThanLeft
          : null));
    if (mismatch) {
      await tx
        .update(payments)
        .set({
          status: "flagged",
          flagReason: mismatch,
          receivedAmount: charge.amountKobo,
          receivedCurrency: charge.currency,
          gatewayId: charge.gatewayId,
          checkedAt: now,
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      await recordEvent(tx, payment.applicationId, "payment-flagged", systemActor, {
        detail: { reference, reason: mismatch },
      });
      return "flagged";
    }
    await markPaid(tx, payment, { paidAt: charge.paidAt ?? now, gatewayId: charge.gatewayId });
    return (await flagIfIntakeCancelled(tx, payment)) ? "cancelled" : "paid";
  });
}

/**
 * Money that arrives for a cancelled intake (a checkout started before it was cancelled) is
 * kept as paid, with its receipt, so it is never lost and can be refunded or moved with the
 * place; the history flags it, and the intake's list of payers shows it to staff.
 */
async function flagIfIntakeCancelled(tx: Transaction, payment: Payment) {
  const [intake] = await tx
    .select({ status: intakes.status })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .where(eq(applications.id, payment.applicationId));
  if (intake?.status !== "cancelled") return false;
  await recordEvent(tx, payment.applicationId, "payment-flagged", systemActor, {
    detail: { reference: payment.reference, reason: paymentMessages.paidForCancelledIntake },
  });
  return true;
}

function mismatchOf(payment: Payment, charge: VerifiedCharge): string | null {
  if (charge.currency !== payment.currency)
    return `Paid in ${charge.currency}, not ${payment.currency}`;
  if (charge.amountKobo !== payment.amount)
    return `Paid ${formatNaira(charge.amountKobo)}, not the ${formatNaira(payment.amount)} asked`;
  return null;
}

/**
 * A confirmed payment: numbered, its instalment paid, the place enrolled, and its receipt
 * e-mailed. Every way a payment is confirmed (gateway, bank transfer, staff) comes here;
 * `actor` is whoever confirmed it: the gateway's word (system) or a staff member.
 */
export async function markPaid(
  tx: Transaction,
  payment: Payment,
  {
    paidAt,
    gatewayId,
    actor = systemActor,
  }: { paidAt: Date; gatewayId: string | null; actor?: ApplicationActor },
) {
  const [paid] = await tx
    .update(payments)
    .set({
      status: "paid",
      paidAt,
      gatewayId,
      receiptNumber: sql`nextval('payment_receipt_seq')`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!paid?.receiptNumber) throw new Error("The payment was not numbered");
  // A part payment leaves the instalment unpaid: it is paid once nothing is left.
  const [instalmentPaid] = await tx
    .update(instalments)
    .set({ paidAt, updatedAt: sql`now()` })
    .where(
      and(
        eq(instalments.id, payment.instalmentId),
        sql`${instalments.amount} <= (select coalesce(sum(${payments.amount}), 0) from ${payments}
          where ${payments.instalmentId} = ${instalments.id} and ${payments.status} = 'paid')`,
      ),
    )
    .returning({ id: instalments.id });
  // A proof still waiting for a paid instalment has nothing left to prove.
  if (instalmentPaid)
    await tx
      .update(payments)
      .set({ status: "rejected", staffNote: paymentMessages.paidAnotherWay, updatedAt: sql`now()` })
      .where(
        and(
          eq(payments.instalmentId, payment.instalmentId),
          eq(payments.status, "proof-sent"),
          ne(payments.id, payment.id),
        ),
      );
  await recordEvent(tx, payment.applicationId, "payment-received", actor, {
    detail: {
      reference: payment.reference,
      amount: formatNaira(payment.amount),
      receipt: formatReceiptNumber(paid.receiptNumber),
    },
  });
  const [enrolled] = await tx
    .update(applications)
    .set({ status: "enrolled", updatedAt: sql`now()` })
    .where(and(eq(applications.id, payment.applicationId), eq(applications.status, "accepted")))
    .returning({ id: applications.id });
  if (enrolled)
    await recordEvent(tx, enrolled.id, "enrolled", systemActor, { detail: { by: "payment" } });
  await queueReceiptEmail(tx, paid.id);
  return paid;
}

/** A place's schedule with what is paid, for 'My application' and the portal. */
export function instalmentsOf(applicationId: string): Promise<Instalment[]> {
  return db()
    .select()
    .from(instalments)
    .where(eq(instalments.applicationId, applicationId))
    .orderBy(asc(instalments.number));
}

/**
 * When a started payment is checked with the gateway if nothing has told us of it: 15 minutes,
 * then 1, 6 and 24 hours. After the last, a payment still unknown to the gateway is abandoned.
 */
export const checkDelaysMinutes = [15, 60, 6 * 60, 24 * 60] as const;

/** Attempt 0: a webhook told us of the payment; 1 and on: the delayed checks. */
type PaymentCheck = { reference: string; attempt: number };

/**
 * Settles one payment with the gateway: from a webhook (attempt 0) or the delayed check. A
 * check that finds it still pending is enqueued again with the next delay.
 */
export async function checkPayment(
  { reference, attempt }: PaymentCheck,
  gateway: Pick<PaymentGateway, "verify"> | null,
) {
  if (!gateway) throw new Error("No payment gateway is configured: the check waits for one");
  const outcome = await settleGatewayPayment(reference, gateway);
  if (outcome !== "pending" || attempt === 0) return;
  const nextDelay = checkDelaysMinutes[attempt];
  await db().transaction(async (tx) => {
    if (nextDelay === undefined) {
      await tx
        .update(payments)
        .set({ status: "abandoned", updatedAt: sql`now()` })
        .where(and(eq(payments.reference, reference), eq(payments.status, "started")));
      return;
    }
    await paymentCheckJob.enqueue(
      tx,
      { reference, attempt: attempt + 1 },
      { startAfter: new Date(Date.now() + nextDelay * 60_000) },
    );
  });
}

export const paymentCheckJob = defineJob({
  name: "payment-check",
  payload: z.object({
    reference: z.string().check(z.regex(paymentReferencePattern)),
    attempt: z.number().check(z.int(), z.minimum(0), z.maximum(checkDelaysMinutes.length)),
  }),
  retry: { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  run: (check) => checkPayment(check, configuredGateway()),
});
