import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  type Application,
  type Payment,
  payments,
  type Refund,
  refunds,
} from "~/db/schema";
import {
  type ApplicationActor,
  emailApplicant,
  forEmail,
  recordEvent,
  systemActor,
} from "~/features/applications/application-history.server";
import { defineJob } from "~/features/jobs/define-job.server";
import { UserFacingError } from "~/lib/errors";
import { formatNaira } from "~/lib/format/money";
import { uuidSchema } from "~/lib/ids";
import { logger } from "~/lib/infra/logger.server";
import { configuredGateway } from "./gateway/gateway.server";
import type { PaymentGateway } from "./gateway/payment-gateway";
import { type GatewayRefund, PaystackRefusedError } from "./gateway/paystack.server";
import { refundablePaymentStatuses } from "./instalment-status";
import { lockPayment, lockPaymentInOrder } from "./money-locks.server";
import { refundEmail } from "./payment-emails.server";
import { paymentReferencePattern } from "./payment-reference";

/*
 * Refunds, in full or in part. The amount is reserved first, in the payment's locked row
 * (`refundedAmount` counts pending and processed refunds, and the database refuses more than
 * was paid), so two refunds at once can never give back more than came in. A card payment is
 * then refunded through Paystack, outside any transaction: a refusal releases the amount again;
 * no answer leaves it pending, and a check asks Paystack what it did. A bank transfer or a
 * payment recorded by staff is given back by a transfer of the academy's: processed at once.
 */

export const refundMessages = {
  notPaid: "Only a paid or flagged payment can be refunded.",
  overRefund: (left: number) =>
    left > 0
      ? `At most ${formatNaira(left)} of this payment is left to refund.`
      : "This payment is already refunded in full.",
  noGateway:
    "Card refunds need Paystack, which is not configured. Refund it from Paystack's dashboard.",
  refused: (said: string) => `Paystack refused the refund, and nothing was refunded: ${said}`,
  unknown:
    "Paystack did not answer. The refund is recorded as pending and is checked with Paystack in a few minutes; please do not refund again meanwhile.",
  refunded: "Refund recorded: the applicant is told.",
  pending:
    "Refund asked of Paystack: it shows as pending until Paystack has made it. The applicant is told.",
} as const;

export type RefundGateway = Pick<PaymentGateway, "refund" | "fetchRefund" | "listRefunds">;

const staff = (admin: Admin): ApplicationActor => ({ kind: "staff", adminId: admin.id });

/** Paystack's statuses of a refund, as ours: only `processed` and `failed` have ended. */
const statusOf = (said: string): Refund["status"] =>
  said === "processed" ? "processed" : said === "failed" ? "failed" : "pending";

/** Tells the applicant of the refund and puts it in the timeline. */
async function announceRefund(
  tx: Transaction,
  application: Application,
  payment: Payment,
  refund: Refund,
  actor: ApplicationActor,
) {
  await emailApplicant(
    tx,
    application,
    refundEmail(await forEmail(tx, application), {
      amount: refund.amount,
      reason: refund.reason,
      paymentReference: payment.reference,
      byCard: refund.method === "paystack",
    }),
    "refunded",
    actor,
    {
      reference: payment.reference,
      amount: formatNaira(refund.amount),
      reason: refund.reason,
      method: refund.method,
      status: refund.status,
    },
  );
}

/** Gives a failed refund's amount back to what may still be refunded. */
async function releaseRefund(tx: Transaction, refund: Refund, gatewayId: string | null) {
  await tx
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} - ${refund.amount}`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, refund.paymentId));
  await tx
    .update(refunds)
    .set({ status: "failed", gatewayId, updatedAt: sql`now()` })
    .where(eq(refunds.id, refund.id));
}

/**
 * Refunds `amount` kobo of a paid or flagged payment, for `reason`. Returns the refund's status: processed
 * (a manual refund, or Paystack did it at once) or pending (Paystack queued it).
 */
export async function refundPayment(
  admin: Admin,
  applicationId: string,
  paymentId: string,
  amount: number,
  reason: string,
  gateway: RefundGateway | null = configuredGateway(),
): Promise<Refund["status"]> {
  const { payment, refund } = await db().transaction(async (tx) => {
    const { application, payment } = await lockPayment(tx, applicationId, paymentId);
    if (!(refundablePaymentStatuses as readonly string[]).includes(payment.status))
      throw new UserFacingError(refundMessages.notPaid, 409);
    const left = payment.amount - payment.refundedAmount;
    if (amount > left) throw new UserFacingError(refundMessages.overRefund(left), 400, "amount");
    const byCard = payment.method === "paystack";
    if (byCard && !gateway) throw new UserFacingError(refundMessages.noGateway, 503);
    await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}`, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amount,
        reason,
        method: byCard ? "paystack" : "manual",
        status: byCard ? "pending" : "processed",
        actorId: admin.id,
      })
      .returning();
    if (!refund) throw new Error("The refund was not recorded");
    if (!byCard) await announceRefund(tx, application, payment, refund, staff(admin));
    return { payment, refund };
  });
  if (refund.method === "manual" || !gateway) return refund.status;

  let answer: GatewayRefund;
  try {
    answer = await gateway.refund({ reference: payment.reference, amountKobo: amount, reason });
  } catch (error) {
    if (error instanceof PaystackRefusedError) {
      await db().transaction(async (tx) => {
        await lockPayment(tx, applicationId, paymentId);
        await releaseRefund(tx, refund, null);
      });
      throw new UserFacingError(refundMessages.refused(error.paystackMessage), 409);
    }
    // No answer: Paystack may have refunded it. The amount stays reserved until a check knows.
    logger.warn({ err: error, refundId: refund.id }, "Paystack did not answer a refund");
    await db().transaction((tx) =>
      refundCheckJob.enqueue(
        tx,
        { refundId: refund.id, attempt: 1 },
        { startAfter: new Date(Date.now() + refundCheckDelaysMinutes[0] * 60_000) },
      ),
    );
    throw new UserFacingError(refundMessages.unknown, 503);
  }
  const status = await recordGatewayRefund(refund.id, answer, staff(admin), 1);
  // Released already (recordGatewayRefund): staff are told nothing was refunded.
  if (status === "failed")
    throw new UserFacingError(refundMessages.refused(`the refund ${answer.status}`), 409);
  return status;
}

/**
 * Records what Paystack said of one of our pending refunds, once: the refund's row is locked
 * (after its payment's, in the order of lockMoneyRows) and only a pending one changes.
 * The applicant is told when Paystack first takes it on; a refund still pending is checked again.
 */
async function recordGatewayRefund(
  refundId: string,
  said: GatewayRefund | null,
  actor: ApplicationActor,
  nextAttempt: number,
): Promise<Refund["status"]> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!current) return "failed";
    const locked = await lockPaymentInOrder(tx, { id: current.paymentId });
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!locked || !refund || refund.status !== "pending") return refund?.status ?? "failed";
    const { application, payment } = locked;
    if (!said) {
      await releaseRefund(tx, refund, null);
      await recordEvent(tx, payment.applicationId, "refunded", systemActor, {
        detail: {
          reference: payment.reference,
          amount: formatNaira(refund.amount),
          status: "failed",
        },
      });
      return "failed";
    }
    const status = statusOf(said.status);
    if (status === "failed") {
      await releaseRefund(tx, refund, said.refundId);
      if (refund.gatewayId)
        await recordEvent(tx, payment.applicationId, "refunded", systemActor, {
          detail: { reference: payment.reference, amount: formatNaira(refund.amount), status },
        });
      return status;
    }
    const [saved] = await tx
      .update(refunds)
      .set({ status, gatewayId: said.refundId, updatedAt: sql`now()` })
      .where(eq(refunds.id, refund.id))
      .returning();
    if (!saved) throw new Error("The refund was not saved");
    // Told once: when Paystack first takes it on.
    if (!refund.gatewayId) await announceRefund(tx, application, payment, saved, actor);
    const delay = refundCheckDelaysMinutes[nextAttempt - 1];
    if (status === "pending" && delay !== undefined)
      await refundCheckJob.enqueue(
        tx,
        { refundId, attempt: nextAttempt },
        { startAfter: new Date(Date.now() + delay * 60_000) },
      );
    return status;
  });
}

/**
 * When a pending refund is asked about: 15 minutes, then 1 hour, 6 hours, 1 day and 3 days.
 * Paystack's `refund.*` webhooks ask at once (attempt 0, no follow-up of its own).
 */
export const refundCheckDelaysMinutes = [15, 60, 6 * 60, 24 * 60, 3 * 24 * 60] as const;

type RefundCheck = { refundId: string; attempt: number };

/**
 * Asks Paystack what became of a pending refund: by its id, or, when Paystack never answered
 * the refund itself, by looking for it among the transaction's refunds (not found: it was not
 * made, and its amount is released).
 */
export async function checkRefund(
  { refundId, attempt }: RefundCheck,
  gateway: Pick<RefundGateway, "fetchRefund" | "listRefunds"> | null,
) {
  if (!gateway) throw new Error("No payment gateway is configured: the check waits for one");
  const [row] = await db()
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (row?.refund.status !== "pending") return;
  const { refund, payment } = row;
  let said: GatewayRefund | null;
  if (refund.gatewayId) said = await gateway.fetchRefund(refund.gatewayId);
  else {
    const known = await db()
      .select({ gatewayId: refunds.gatewayId })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const claimed = new Set(known.map((other) => other.gatewayId));
    const theirs = await gateway.listRefunds(payment.gatewayId ?? payment.reference);
    said =
      theirs.find(
        (candidate) => candidate.amountKobo === refund.amount && !claimed.has(candidate.refundId),
      ) ?? null;
  }
  // A webhook's check (attempt 0) leaves the delayed checks to their own schedule.
  await recordGatewayRefund(refundId, said, systemActor, attempt === 0 ? 99 : attempt + 1);
}

export const refundCheckJob = defineJob({
  name: "refund-check",
  payload: z.object({
    refundId: uuidSchema(),
    attempt: z.number().check(z.int(), z.minimum(0), z.maximum(refundCheckDelaysMinutes.length)),
  }),
  retry: { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  run: (check) => checkRefund(check, configuredGateway()),
});

/**
 * Paystack's word that a refund of one of our transactions moved on: its pending refunds are
 * checked at once (the webhook's body is not trusted: Paystack is asked).
 */
export async function checkRefundsOfPayment(tx: Transaction, reference: string) {
  if (!paymentReferencePattern.test(reference)) return;
  const pending = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.reference, reference), eq(refunds.status, "pending")));
  for (const refund of pending)
    await refundCheckJob.enqueue(tx, { refundId: refund.id, attempt: 0 });
}

/** The refunds of `paid` payments, oldest first. */
export async function refundsOf(paid: readonly Pick<Payment, "id">[]) {
  if (!paid.length) return [];
  return db()
    .select()
    .from(refunds)
    .where(
      inArray(
        refunds.paymentId,
        paid.map((payment) => payment.id),
      ),
    )
    .orderBy(asc(refunds.createdAt));
}
