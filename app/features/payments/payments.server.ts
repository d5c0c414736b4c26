import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import {
  type AgreedPricing,
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
import { acceptedOnOf, paysForPlace } from "~/features/applications/application-rules";
import { enrolOnPayment, setPaymentPlan } from "~/features/applications/application-writes.server";
import { redeemEnteredCode, reductionsOf } from "~/features/discounts/discount-codes.server";
import { discountMessages } from "~/features/discounts/discount-messages";
import {
  agreedPricingOf,
  type IntakePricing,
  instalmentSchedule,
  type PaymentPlanKind,
  placePricing,
  splitEvenly,
} from "~/features/intakes/payment-plans";
import { defineJob } from "~/features/jobs/define-job.server";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { logger } from "~/lib/infra/logger.server";
import { configuredGateway } from "./gateway/gateway.server";
import type { PaymentGateway } from "./gateway/payment-gateway";
import type { ChargeStatus, VerifiedCharge } from "./gateway/paystack.server";
import { leftToPay } from "./instalment-balance";
import { lockMoneyRows, lockPaymentInOrder } from "./money-locks.server";
import { paymentMessages } from "./payment-messages";
import {
  formatReceiptNumber,
  newPaymentReference,
  paymentReferencePattern,
} from "./payment-reference";
import { placePriceOf } from "./place-price.server";
import { queueReceiptEmail } from "./receipts/receipts.server";

/**
 * Payment statuses that fix the plan: money came in, or a proof or a flagged payment waits for
 * staff. Failed, abandoned and rejected attempts do not, and an open checkout is closed.
 */
const planFixingStatuses = ["paid", "flagged", "proof-sent"] as const;

/** Whether the plan can still be changed, given the application's payments. */
export const planChangeable = (attempts: readonly { status: string }[]) =>
  !attempts.some((payment) => (planFixingStatuses as readonly string[]).includes(payment.status));

type Schedule = ReturnType<typeof instalmentSchedule>;

/**
 * Writes new amounts over an application's instalments, in order: rows are kept by number so
 * that attempts which brought no money keep their instalment; rows no longer needed go, their
 * attempts moved to `keeper` (by default the first row), and a checkout still open is closed.
 * When nothing is left to pay but attempts must keep an instalment, the keeper stays as a paid
 * ₦0 instalment for them to belong to; without attempts, the rows simply go.
 */
async function rewriteInstalments(
  tx: Transaction,
  applicationId: string,
  rows: { id: string }[],
  schedule: Schedule,
  { keeper = rows[0], attempts }: { keeper?: { id: string }; attempts: number },
) {
  const keepsFreeRow = schedule.length === 0 && attempts > 0 && keeper && rows.includes(keeper);
  const parts = keepsFreeRow
    ? [{ number: 1, amount: 0, dueOn: lagosToday(), paidAt: new Date() }]
    : schedule;
  const surplus = rows.slice(parts.length).map((row) => row.id);
  for (const [index, part] of parts.entries()) {
    const kept = rows[index];
    if (!kept) await tx.insert(instalments).values({ applicationId, ...part });
    else
      await tx
        .update(instalments)
        // A ₦0 instalment written paid is unpaid again if a new price makes it owe something.
        .set({
          paidAt: null,
          ...part,
          remindedAheadAt: null,
          remindedOnDayAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(instalments.id, kept.id));
  }
  if (attempts > 0 && keeper)
    await tx
      .update(payments)
      .set({
        status: sql`case when ${payments.status} = 'started' then 'abandoned' else ${payments.status} end`,
        ...(surplus.length
          ? {
              instalmentId: sql`case when ${inArray(payments.instalmentId, surplus)} then ${keeper.id}::uuid else ${payments.instalmentId} end`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.applicationId, applicationId));
  if (surplus.length) await tx.delete(instalments).where(inArray(instalments.id, surplus));
}

/** An application's instalments and payments, locked (after the application) to be rewritten. */
async function lockSchedule(tx: Transaction, applicationId: string) {
  const rows = await tx
    .select()
    .from(instalments)
    .where(eq(instalments.applicationId, applicationId))
    .orderBy(asc(instalments.number))
    .for("update");
  const attempts = await tx
    .select({ id: payments.id, status: payments.status, instalmentId: payments.instalmentId })
    .from(payments)
    .where(eq(payments.applicationId, applicationId))
    .for("update");
  return { rows, attempts };
}

/** A place with nothing left to pay is enrolled, as a last payment would enrol it. */
async function enrolIfNothingDue(tx: Transaction, applicationId: string) {
  const due = await nextUnpaidInstalment(tx, applicationId);
  if (!due && (await enrolOnPayment(tx, applicationId)))
    await recordEvent(tx, applicationId, "enrolled", systemActor, {
      detail: { by: "nothing to pay" },
    });
}

/**
 * Chooses the plan of an accepted place, or changes it before the first payment: the schedule
 * is built again in whole kobo, of the price less the application's code and scholarship (the
 * code's use is counted now, refused if others used it up meanwhile); attempts that brought no
 * money move to its first instalment, and a checkout still open is closed (paid later, it is
 * flagged, since its amount was another). A place that costs nothing is enrolled at once.
 */
export async function choosePaymentPlan(applicationId: string, kind: PaymentPlanKind) {
  return db().transaction(async (tx) => {
    const { application, intake } = await lockMoneyRows(tx, applicationId);
    if (!application || !intake) throw new UserFacingError(paymentMessages.notAccepted, 404);
    if (intake.status === "cancelled")
      throw new UserFacingError(paymentMessages.intakeCancelled, 409);
    if (!paysForPlace(application.status))
      throw new UserFacingError(paymentMessages.notAccepted, 409);
    if (application.paymentPlan === kind)
      throw new UserFacingError(paymentMessages.planAlreadyChosen, 409);
    if (!intake.paymentPlans.includes(kind))
      throw new UserFacingError(paymentMessages.planNotOffered, 400, "plan");
    const { rows, attempts } = await lockSchedule(tx, applicationId);
    if (!planChangeable(attempts)) throw new UserFacingError(paymentMessages.planFixed, 409);
    await redeemEnteredCode(tx, application);
    const acceptedOn = acceptedOnOf(application);
    // The first plan fixes the prices the place pays; a change of plan keeps them.
    const agreed = application.agreedPricing ?? agreedPricingOf(intake);
    const schedule = instalmentSchedule(
      kind,
      placePricing(intake, agreed),
      acceptedOn,
      await reductionsOf(tx, applicationId),
    );
    await rewriteInstalments(tx, applicationId, rows, schedule, { attempts: attempts.length });
    await setPaymentPlan(tx, applicationId, kind, agreed);
    await recordEvent(
      tx,
      applicationId,
      "plan-chosen",
      { kind: "applicant" },
      {
        detail: application.paymentPlan
          ? { plan: kind, changedFrom: application.paymentPlan }
          : { plan: kind },
      },
    );
    await enrolIfNothingDue(tx, applicationId);
    return schedule;
  });
}

/**
 * Prices an application's schedule again after its code or scholarship changed (the caller
 * holds the application's lock, lockMoneyRows). Before any money came, the plan's schedule is
 * written afresh. After, paid instalments stay as they are and the unpaid ones share what is
 * left of the new price, on their own due dates (those left with nothing go). Money already
 * paid over the new price is returned, for the caller to put before staff to refund. Refused
 * while an unpaid instalment has a part paid. Nothing to do before a plan is chosen: what the
 * applicant is shown is priced as it is read.
 */
export async function repriceSchedule(
  tx: Transaction,
  application: {
    id: string;
    paymentPlan: PaymentPlanKind | null;
    agreedPricing: AgreedPricing | null;
    acceptedAt: Date | null;
    createdAt: Date;
  },
  intake: IntakePricing,
): Promise<{ paidOver: number }> {
  if (!application.paymentPlan) return { paidOver: 0 };
  const acceptedOn = acceptedOnOf(application);
  const reductions = await reductionsOf(tx, application.id);
  const schedule = instalmentSchedule(
    application.paymentPlan,
    placePricing(intake, application.agreedPricing),
    acceptedOn,
    reductions,
  );
  const { rows, attempts } = await lockSchedule(tx, application.id);
  if (planChangeable(attempts)) {
    await rewriteInstalments(tx, application.id, rows, schedule, { attempts: attempts.length });
    await enrolIfNothingDue(tx, application.id);
    return { paidOver: 0 };
  }
  const paidRows = rows.filter((row) => row.paidAt);
  const unpaidRows = rows.filter((row) => !row.paidAt);
  const partPaid = unpaidRows.some((row) =>
    attempts.some((payment) => payment.instalmentId === row.id && payment.status === "paid"),
  );
  if (partPaid) throw new UserFacingError(discountMessages.partPaid, 409);
  // Money waiting for staff would be counted against a schedule it was not sent for.
  if (attempts.some((payment) => payment.status === "proof-sent" || payment.status === "flagged"))
    throw new UserFacingError(discountMessages.paymentWaits, 409);
  const total = schedule.reduce((sum, part) => sum + part.amount, 0);
  const left = total - paidRows.reduce((sum, row) => sum + row.amount, 0);
  if (left > 0 && unpaidRows.length === 0)
    throw new UserFacingError(discountMessages.paidInFull, 409);
  const amounts = left > 0 ? splitEvenly(left, unpaidRows.length) : [];
  const unpaidSchedule = unpaidRows
    .map((row, index) => ({ number: row.number, amount: amounts[index] ?? 0, dueOn: row.dueOn }))
    .filter((part) => part.amount > 0);
  await rewriteInstalments(tx, application.id, unpaidRows, unpaidSchedule, {
    keeper: paidRows.at(-1) ?? unpaidRows[0],
    attempts: attempts.length,
  });
  await enrolIfNothingDue(tx, application.id);
  return { paidOver: Math.max(-left, 0) };
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
  const { application, intake } = await lockMoneyRows(tx, applicationId);
  if (intake?.status === "cancelled")
    throw new UserFacingError(paymentMessages.intakeCancelled, 409);
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

/** Whether a bank transfer's proof of the instalment waits for staff. */
export async function proofWaits(tx: Transaction, instalmentId: string) {
  const [waiting] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.instalmentId, instalmentId), eq(payments.status, "proof-sent")));
  return waiting !== undefined;
}

/**
 * How long 'Pay now' waits for a checkout another press is opening (its gateway call is under
 * way, in this process or another; Paystack's own timeout is 10 s) before it gives up; past it,
 * that attempt is taken as lost. The waiting presses look again after 100 ms, then twice as long
 * each time up to a second, so that many of them do not keep the database busy.
 */
const checkoutOpeningMs = 15_000;
const checkoutPollMs = { first: 100, most: 1_000 };

/** The open checkout of an instalment: its latest card payment still started. */
async function openCheckout(tx: Transaction, instalment: Instalment) {
  const [open] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.instalmentId, instalment.id),
        eq(payments.method, "paystack"),
        eq(payments.status, "started"),
        eq(payments.amount, instalment.amount),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return open ?? null;
}

/** The checkout page another press is opening for `paymentId`, once its gateway call is over. */
async function checkoutOpenedBy(paymentId: string): Promise<string> {
  const deadline = Date.now() + checkoutOpeningMs;
  for (let pause = checkoutPollMs.first; ; pause = Math.min(pause * 2, checkoutPollMs.most)) {
    const [row] = await db()
      .select({ status: payments.status, checkoutUrl: payments.checkoutUrl })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (row?.checkoutUrl) return row.checkoutUrl;
    if (row?.status !== "started" || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  throw new UserFacingError(paymentMessages.gatewayUnavailable, 503);
}

/**
 * Starts paying the next instalment through the gateway, or goes back to its checkout already
 * open: one open checkout per instalment, however often 'Pay now' is pressed (the application's
 * row lock orders the presses of every process). A new one records the attempt under a
 * reference of ours (with a delayed check, so a webhook that never comes loses nothing), then
 * asks the gateway for its checkout page, kept on the payment. The database transaction is over
 * before the gateway is called. Refused while a proof of the instalment waits for staff.
 */
export async function startGatewayPayment(
  applicationId: string,
  gateway: PaymentGateway,
  callbackUrl: string,
  now = new Date(),
): Promise<{ authorizationUrl: string; payment: Payment }> {
  const started = await db().transaction(async (tx) => {
    const { application, instalment } = await lockPayableInstalment(tx, applicationId);
    // Paying it again while its transfer is checked would be paying twice.
    if (await proofWaits(tx, instalment.id))
      throw new UserFacingError(paymentMessages.payNowWithheld, 409);
    const open = await openCheckout(tx, instalment);
    const opening = open && now.getTime() - open.createdAt.getTime() < checkoutOpeningMs;
    if (open && (open.checkoutUrl || opening)) return { reuse: true as const, payment: open };
    const payment = await insertPayment(tx, instalment, "paystack");
    await paymentCheckJob.enqueue(
      tx,
      { reference: payment.reference, attempt: 1 },
      { startAfter: new Date(Date.now() + checkDelaysMinutes[0] * 60_000) },
    );
    return { reuse: false as const, payment, email: application.email };
  });
  if (started.reuse) {
    const { payment } = started;
    return {
      authorizationUrl: payment.checkoutUrl ?? (await checkoutOpenedBy(payment.id)),
      payment,
    };
  }
  const { payment, email } = started;
  try {
    const { authorizationUrl } = await gateway.initialize({
      reference: payment.reference,
      amountKobo: payment.amount,
      email,
      callbackUrl,
      metadata: { application: applicationId },
    });
    await db()
      .update(payments)
      .set({ checkoutUrl: authorizationUrl })
      .where(eq(payments.id, payment.id));
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

/**
 * cancelled: the applicant cancelled the checkout; intake-cancelled: paid, and recorded, for an
 * intake cancelled meanwhile (flagged for a refund).
 */
export type SettleOutcome =
  | "unknown"
  | "pending"
  | "paid"
  | "failed"
  | "flagged"
  | "cancelled"
  | "intake-cancelled"
  | "already";

/**
 * A charge Paystack says failed or was reversed has ended. 'abandoned' has not: it is what a
 * checkout not yet completed verifies as, and the applicant may still pay; only the applicant's
 * return from the checkout (they left it: 'Cancel and go back') or the last delayed check gives
 * such a payment up.
 */
const endedStatuses: ReadonlySet<ChargeStatus> = new Set(["failed", "reversed"]);

/** The ends of an attempt without money, which Paystack may still turn into a success. */
const reopenableStatuses: ReadonlySet<Payment["status"]> = new Set(["failed", "abandoned"]);

/**
 * What tells us to look: `reopen` when something says the charge may have succeeded (a
 * webhook, the applicant's return), so an attempt recorded as failed or abandoned is verified
 * again; `returned` when the applicant is back from the checkout, which they leave only once
 * it is over.
 */
export type SettleCause = { reopen?: boolean; returned?: boolean };

/**
 * Asks the gateway what became of a payment and records it. Webhooks, the applicant's return
 * from checkout and the delayed check all come here, as often as they like: the payment's row
 * is locked and only a started payment changes (or, when reopened, a failed or abandoned one
 * Paystack now says succeeded), so each is recorded once.
 */
export async function settleGatewayPayment(
  reference: string,
  gateway: Pick<PaymentGateway, "verify">,
  now = new Date(),
  cause: SettleCause = {},
): Promise<SettleOutcome> {
  const [known] = await db()
    .select({ status: payments.status, method: payments.method })
    .from(payments)
    .where(eq(payments.reference, reference));
  if (!known) return "unknown";
  const reopening =
    (cause.reopen || cause.returned) &&
    known.method === "paystack" &&
    reopenableStatuses.has(known.status);
  if (known.status !== "started" && !reopening) return "already";
  return recordCharge(reference, await gateway.verify(reference), now, cause);
}

/**
 * Records what the gateway verified of a started payment. Money that does not match what we
 * asked (amount or currency), or pays an instalment already paid, is flagged for staff and
 * counts as nothing paid. The first money in turns an accepted place into an enrolled one.
 * A failed or abandoned attempt is reopened only by a success (`cause.reopen`); a started one
 * the applicant came back from unpaid (`cause.returned`, Paystack says 'abandoned') is closed.
 */
export async function recordCharge(
  reference: string,
  charge: VerifiedCharge | null,
  now = new Date(),
  cause: SettleCause = {},
): Promise<SettleOutcome> {
  return db().transaction(async (tx) => {
    const locked = await lockPaymentInOrder(tx, { reference });
    if (!locked) return "unknown";
    const { payment, instalment } = locked;
    const reopened =
      (cause.reopen || cause.returned) &&
      payment.method === "paystack" &&
      reopenableStatuses.has(payment.status) &&
      charge?.reference === reference &&
      charge.status === "success";
    if (payment.status !== "started" && !reopened) return "already";
    if (
      charge?.reference !== reference ||
      (charge.status !== "success" && !endedStatuses.has(charge.status))
    ) {
      if (cause.returned && charge?.reference === reference && charge.status === "abandoned") {
        await tx
          .update(payments)
          .set({ status: "abandoned", checkedAt: now, updatedAt: now })
          .where(eq(payments.id, payment.id));
        return "cancelled";
      }
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
      await flagPayment(tx, payment, mismatch, systemActor, {
        receivedAmount: charge.amountKobo,
        receivedCurrency: charge.currency,
        gatewayId: charge.gatewayId,
        checkedAt: now,
      });
      return "flagged";
    }
    await markPaid(tx, payment, { paidAt: charge.paidAt ?? now, gatewayId: charge.gatewayId });
    return (await flagIfIntakeCancelled(tx, payment)) ? "intake-cancelled" : "paid";
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

/**
 * Money came that must not count (another amount or currency, or a second payment of one
 * instalment): kept as flagged, with why, for staff to refund or set right; never rejected.
 */
export async function flagPayment(
  tx: Transaction,
  payment: Payment,
  reason: string,
  actor: ApplicationActor,
  details: Partial<typeof payments.$inferInsert> = {},
) {
  await tx
    .update(payments)
    .set({ status: "flagged", flagReason: reason, updatedAt: sql`now()`, ...details })
    .where(eq(payments.id, payment.id));
  await recordEvent(tx, payment.applicationId, "payment-flagged", actor, {
    detail: { reference: payment.reference, reason },
  });
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
      // Its receipt shows the price as it stands now, whatever changes later.
      priceLines: await placePriceOf(tx, payment.applicationId),
      receiptNumber: sql`nextval('payment_receipt_seq')`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!paid?.receiptNumber) throw new Error("The payment was not numbered");
  // A part payment leaves the instalment unpaid: it is paid once nothing is left.
  await tx
    .update(instalments)
    .set({ paidAt, updatedAt: sql`now()` })
    .where(
      and(
        eq(instalments.id, payment.instalmentId),
        sql`${instalments.amount} <= (select coalesce(sum(${payments.amount}), 0) from ${payments}
          where ${payments.instalmentId} = ${instalments.id} and ${payments.status} = 'paid')`,
      ),
    );
  // A proof still waiting for this instalment stays for staff to check: if that transfer was
  // made too, confirming it flags it for a refund (staff-payments.server.ts), never in silence.
  await recordEvent(tx, payment.applicationId, "payment-received", actor, {
    detail: {
      reference: payment.reference,
      amount: formatNaira(payment.amount),
      receipt: formatReceiptNumber(paid.receiptNumber),
    },
  });
  if (await enrolOnPayment(tx, payment.applicationId))
    await recordEvent(tx, payment.applicationId, "enrolled", systemActor, {
      detail: { by: "payment" },
    });
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
 * What each application still owes, in kobo: what is left to pay of its unpaid instalments
 * (leftToPay, in SQL). An application without a schedule owes nothing here.
 */
export async function balancesDue(applicationIds: string[]): Promise<Map<string, number>> {
  const due = new Map(applicationIds.map((id) => [id, 0]));
  if (applicationIds.length === 0) return due;
  const paidOf = sql`coalesce((select sum(p.amount_kobo) from ${payments} p
    where p.instalment_id = ${instalments.id} and p.status = 'paid'), 0)`;
  const rows = await db()
    .select({
      applicationId: instalments.applicationId,
      due: sql<number>`sum(greatest(${instalments.amount} - ${paidOf}, 0))`.mapWith(Number),
    })
    .from(instalments)
    .where(and(inArray(instalments.applicationId, applicationIds), isNull(instalments.paidAt)))
    .groupBy(instalments.applicationId);
  for (const row of rows) due.set(row.applicationId, row.due);
  return due;
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
  // A webhook (attempt 0) says the charge may have succeeded: a failed attempt is looked at again.
  const outcome = await settleGatewayPayment(reference, gateway, new Date(), {
    reopen: attempt === 0,
  });
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
