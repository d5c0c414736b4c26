import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import { intakes, sponsorInvoicePayments, sponsors, sponsorships } from "~/db/schema";
import { defineJob } from "~/features/jobs/define-job.server";
import { configuredGateway } from "~/features/payments/gateway/gateway.server";
import type { PaymentGateway } from "~/features/payments/gateway/payment-gateway";
import { UserFacingError } from "~/lib/errors";
import { logger } from "~/lib/infra/logger.server";
import { randomCrockford } from "~/lib/text/crockford";
import { sponsorMessages as messages } from "./sponsor-messages";

// An invoice paid online: the sponsor's page starts a Paystack checkout for the invoice's total
// under our own reference; Paystack's webhook, the way back from the checkout and a check a
// while later each ask Paystack what became of it, and a success of exactly the total marks the
// invoice paid, once (as an applicant's card payment, decision 0041).

/** 'LTA-I-7K2M9QX4TB': one try to pay an invoice online; random, so none is guessed. */
export const invoiceReferencePattern = /^LTA-I-[0-9A-HJKMNP-TV-Z]{10}$/;

/** A checkout not finished is looked at again after this long, whatever else tells us. */
const CHECK_AFTER_MINUTES = 30;

/** An invoice's total: the seats it was issued for at their price. */
export const invoiceTotal = (sponsorship: { seats: number; seatPrice: number }) =>
  sponsorship.seats * sponsorship.seatPrice;
/** invoiceTotal of a sponsorships row, in SQL, for the Reports page's sums. */
export const invoiceTotalSql = sql`${sponsorships.seats} * ${sponsorships.seatPrice}`;

/**
 * Marks the invoice paid (by a bank transfer staff saw arrive, in their words; or 'Paystack'),
 * once: a second recording is refused, so the first one's date stands.
 */
export async function markInvoicePaid(
  tx: Transaction,
  sponsorshipId: string,
  paidBy: string,
  paidAt: Date = new Date(),
  recordedBy: string | null = null,
) {
  const [paid] = await tx
    .update(sponsorships)
    .set({ paidAt, paidBy, paidRecordedBy: recordedBy })
    .where(and(eq(sponsorships.id, sponsorshipId), sql`${sponsorships.paidAt} IS NULL`))
    .returning({ id: sponsorships.id });
  return Boolean(paid);
}

/**
 * Starts paying an unpaid invoice online; where to send the sponsor's browser. A checkout
 * opened in the last half hour is opened again rather than a second one (two tabs, a double
 * press): one invoice, one payment. Refused where the intake was cancelled.
 */
export async function startInvoiceCheckout(sponsorshipId: string, callbackUrl: string) {
  const gateway = configuredGateway();
  if (!gateway) throw new UserFacingError(messages.checkoutUnavailable, 503);
  const started = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({
        sponsorship: sponsorships,
        billingEmail: sponsors.billingEmail,
        intakeStatus: intakes.status,
      })
      .from(sponsorships)
      .innerJoin(sponsors, eq(sponsors.id, sponsorships.sponsorId))
      .innerJoin(intakes, eq(intakes.id, sponsorships.intakeId))
      .where(eq(sponsorships.id, sponsorshipId))
      .for("update", { of: sponsorships });
    if (!row) throw new UserFacingError(messages.notFound, 404);
    if (row.sponsorship.paidAt) throw new UserFacingError(messages.alreadyPaid, 409);
    if (row.intakeStatus === "cancelled") throw new UserFacingError(messages.intakeCancelled, 409);
    const [open] = await tx
      .select()
      .from(sponsorInvoicePayments)
      .where(
        and(
          eq(sponsorInvoicePayments.sponsorshipId, sponsorshipId),
          eq(sponsorInvoicePayments.status, "started"),
          isNotNull(sponsorInvoicePayments.checkoutUrl),
          sql`${sponsorInvoicePayments.createdAt} > now() - make_interval(mins => ${CHECK_AFTER_MINUTES})`,
        ),
      )
      .orderBy(desc(sponsorInvoicePayments.createdAt))
      .limit(1);
    if (open?.checkoutUrl) return { reuse: open.checkoutUrl };
    const [attempt] = await tx
      .insert(sponsorInvoicePayments)
      .values({
        reference: `LTA-I-${randomCrockford(10)}`,
        sponsorshipId,
        amount: invoiceTotal(row.sponsorship),
      })
      .returning();
    if (!attempt) throw new Error("The invoice payment was not stored");
    await invoiceCheckJob.enqueue(
      tx,
      { reference: attempt.reference },
      { startAfter: new Date(Date.now() + CHECK_AFTER_MINUTES * 60_000) },
    );
    return { attempt, email: row.billingEmail };
  });
  if ("reuse" in started) return started.reuse;
  const { attempt, email } = started;
  try {
    const { authorizationUrl } = await gateway.initialize({
      reference: attempt.reference,
      amountKobo: attempt.amount,
      email,
      callbackUrl,
      metadata: { sponsorship: sponsorshipId },
    });
    await db()
      .update(sponsorInvoicePayments)
      .set({ checkoutUrl: authorizationUrl })
      .where(eq(sponsorInvoicePayments.id, attempt.id));
    return authorizationUrl;
  } catch (error) {
    logger.warn({ err: error, reference: attempt.reference }, "An invoice checkout did not open");
    throw new UserFacingError(messages.checkoutUnavailable, 503);
  }
}

/**
 * Asks the gateway what became of one try and records it: a success of exactly what was asked,
 * in Naira, pays the invoice (once, however often this runs); a failure is noted; money that
 * cannot pay it is flagged. What it was: 'paid', 'failed', 'flagged', or 'waiting' (not
 * finished, or not ours).
 */
export async function checkInvoicePayment(
  reference: string,
  gateway: PaymentGateway | null = configuredGateway(),
): Promise<"paid" | "failed" | "flagged" | "waiting"> {
  if (!gateway || !invoiceReferencePattern.test(reference)) return "waiting";
  // Only a try of ours that is not yet paid is asked about: a stranger's reference costs a read.
  const [known] = await db()
    .select({ status: sponsorInvoicePayments.status })
    .from(sponsorInvoicePayments)
    .where(eq(sponsorInvoicePayments.reference, reference));
  if (!known) return "waiting";
  if (known.status === "success") return "paid";
  if (known.status === "flagged") return "flagged";
  const charge = await gateway.verify(reference);
  if (!charge) return "waiting";
  return db().transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(sponsorInvoicePayments)
      .where(eq(sponsorInvoicePayments.reference, reference))
      .for("update");
    if (!attempt) return "waiting";
    if (attempt.status === "success") return "paid";
    if (attempt.status === "flagged") return "flagged";
    if (charge.status === "failed" || charge.status === "reversed") {
      await tx
        .update(sponsorInvoicePayments)
        .set({ status: "failed" })
        .where(eq(sponsorInvoicePayments.id, attempt.id));
      return "failed";
    }
    if (charge.status !== "success") return "waiting";
    const paidAt = charge.paidAt ?? new Date();
    const record = (status: "success" | "flagged", flag: string | null = null) =>
      tx
        .update(sponsorInvoicePayments)
        .set({ status, flag, paidAt, gatewayId: charge.gatewayId })
        .where(eq(sponsorInvoicePayments.id, attempt.id));
    // Money that does not pay the invoice is never counted in silence: the try is flagged for
    // staff, who give it back.
    if (charge.amountKobo !== attempt.amount || charge.currency !== "NGN") {
      await record("flagged", messages.flagAmount);
      logger.error({ reference }, "An invoice payment's amount differs from the invoice");
      return "flagged";
    }
    if (!(await markInvoicePaid(tx, attempt.sponsorshipId, "Paystack", paidAt))) {
      await record("flagged", messages.flagPaidTwice);
      logger.error({ reference }, "An invoice was paid online after it was already paid");
      return "flagged";
    }
    await record("success");
    return "paid";
  });
}

export const invoiceCheckJob = defineJob({
  name: "sponsor-invoice-check",
  payload: z.object({ reference: z.string().check(z.regex(invoiceReferencePattern)) }),
  retry: { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  run: async ({ reference }) => {
    await checkInvoicePayment(reference);
  },
});
