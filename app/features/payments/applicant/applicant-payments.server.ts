import { parseWithZod } from "@conform-to/zod/v4";
import { asc, desc, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { db } from "~/db/client.server";
import {
  applications,
  type Instalment,
  instalments,
  intakes,
  paymentPlanKinds,
  payments,
} from "~/db/schema";
import {
  acceptedOnOf,
  formatApplicationReference,
  paysForPlace,
} from "~/features/applications/application-rules";
import { applicationIdOfToken } from "~/features/applications/application-token.server";
import { chargeableReductionsOf } from "~/features/discounts/discount-codes.server";
import { discountMessages } from "~/features/discounts/discount-messages";
import { codeText } from "~/features/discounts/discount-schema";
import {
  instalmentSchedule,
  type PaymentPlanKind,
  paymentPlanLabels,
  placePricing,
  priceBuildUp,
} from "~/features/intakes/payment-plans";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import {
  invalidSubmission,
  type Refusal,
  refusalOf,
  refusalReply,
} from "~/lib/forms/action-reply.server";
import { type RateLimitRule, reserveRateLimits } from "~/lib/infra/rate-limit.server";
import { configuredGateway } from "../gateway/gateway.server";
import { PaystackUnavailableError } from "../gateway/paystack.server";
import { leftToPay } from "../instalment-balance";
import { instalmentStatus } from "../instalment-status";
import { paymentMessages } from "../payment-messages";
import { formatReceiptNumber, paymentReferencePattern } from "../payment-reference";
import {
  choosePaymentPlan,
  planChangeable,
  type SettleOutcome,
  settleGatewayPayment,
  startGatewayPayment,
} from "../payments.server";
import { enterCodeOnApplication, removeCodeFromApplication } from "../price-changes.server";
import { refundsOf } from "../refunds.server";
import { transferLeft, transfersToSettleOf } from "../transfer-accounts/settle-transfers.server";
import { ownAccountToShow } from "../transfer-accounts/transfer-accounts.server";
import { loadBankAccount } from "./bank-transfer.server";

/**
 * The payment part of 'My application', for an accepted or enrolled place; null otherwise.
 * Before a plan is chosen: each plan the intake offers with its schedule. After: the schedule
 * with what is paid and what is next. A place no longer paid for (withdrawn, or its intake
 * cancelled) that had a schedule keeps its receipts and shows the refund due; nothing is payable.
 */
export async function loadMyPayments(token: string, now = new Date()) {
  const found = await db().transaction(async (tx) => {
    const id = await applicationIdOfToken(tx, token);
    if (!id) return null;
    const [row] = await tx
      .select({ application: applications, intake: intakes })
      .from(applications)
      .innerJoin(intakes, eq(intakes.id, applications.intakeId))
      .where(eq(applications.id, id));
    return row ?? null;
  });
  if (!found) return null;
  const { application, intake } = found;
  const { reductions, refused } = await db().transaction((tx) =>
    chargeableReductionsOf(tx, application, now),
  );
  const payable = intake.status !== "cancelled" && paysForPlace(application.status);
  if (!payable && !application.paymentPlan) return null;
  const today = lagosToday(now);
  const canPayOnline = configuredGateway() !== null;
  const acceptedOn = acceptedOnOf(application);
  // Once priced, the place keeps the prices it agreed to (a plan changed before paying too).
  const pricing = placePricing(intake, application.agreedPricing);
  const plansBut = (chosen: PaymentPlanKind | null) =>
    intake.paymentPlans
      .filter((kind) => kind !== chosen)
      .map((kind) => ({
        kind,
        label: paymentPlanLabels[kind],
        schedule: instalmentSchedule(kind, pricing, acceptedOn, reductions),
      }));
  /** The code on the application, what it takes off, and whether it may still be changed. */
  const discountOf = (changeable: boolean) => ({
    code: reductions.code?.code ?? refused?.code ?? null,
    // A code entered that can no longer be used: why, and the plans priced without it.
    refusal: refused?.reason ?? null,
    off:
      priceBuildUp(null, pricing, acceptedOn, reductions).lines.find((line) => line.kind === "code")
        ?.amount ?? 0,
    changeable: changeable && payable && application.status !== "enrolled",
  });
  if (!application.paymentPlan)
    return {
      stage: "choose" as const,
      canPayOnline,
      plans: plansBut(null),
      discount: discountOf(true),
    };
  const schedule = await db()
    .select()
    .from(instalments)
    .where(eq(instalments.applicationId, application.id))
    .orderBy(asc(instalments.number));
  const nextUnpaid = schedule.find((part) => !part.paidAt) ?? null;
  const [attempts, account, ownAccount, transfers] = await Promise.all([
    db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id))
      .orderBy(desc(payments.createdAt)),
    loadBankAccount(),
    payable ? ownAccountToShow(application.email) : null,
    transfersToSettleOf(application.id),
  ]);
  const paymentsOf = (part: Instalment) =>
    attempts.filter((payment) => payment.instalmentId === part.id);
  const receipts = attempts
    .filter((payment) => payment.status === "paid" && payment.receiptNumber && payment.paidAt)
    .map((payment) => ({
      number: payment.receiptNumber as number,
      label: formatReceiptNumber(payment.receiptNumber as number),
      amount: payment.amount,
      refunded: payment.refundedAmount,
      paidAt: payment.paidAt as Date,
    }))
    .reverse();
  if (!payable)
    return {
      stage: "closed" as const,
      plan: paymentPlanLabels[application.paymentPlan],
      receipts,
      instalments: schedule.map((part) => ({
        number: part.number,
        amount: part.amount,
        dueOn: part.dueOn,
        state: instalmentStatus({ ...part, placeHeld: false, payments: paymentsOf(part) }, today),
      })),
      refundDue: receipts.reduce((sum, receipt) => sum + receipt.amount - receipt.refunded, 0),
    };
  const given = await refundsOf(attempts);
  const left = (part: Instalment) => (part.paidAt ? 0 : leftToPay(part, attempts));
  const forNext = attempts.filter((payment) => payment.instalmentId === nextUnpaid?.id);
  const lastProof = forNext.find((payment) => payment.method === "bank-transfer");
  const paidPayments = attempts.filter((payment) => payment.status === "paid");
  const numberOf = new Map(schedule.map((part) => [part.id, part.number]));
  const instalmentOf = new Map(attempts.map((payment) => [payment.id, payment.instalmentId]));
  const placeHeld = paysForPlace(application.status);
  return {
    stage: "pay" as const,
    canPayOnline,
    // Before the first payment the plan can still be changed (choosePaymentPlan); a seat a
    // sponsor paid for has nothing to pay on any plan.
    otherPlans:
      planChangeable(attempts) && !reductions.sponsor ? plansBut(application.paymentPlan) : [],
    sponsor: reductions.sponsor ?? null,
    discount: discountOf(planChangeable(attempts)),
    // 'Pay now' is withheld while a proof of the next instalment waits (paying twice).
    proofWaits: forNext.some((payment) => payment.status === "proof-sent"),
    // Their own account number where the academy has them; else the academy's, with a proof.
    ownAccount,
    // Transfers into it that staff have to settle: told, so nobody pays twice meanwhile.
    transfersWaiting: transfers
      .filter((transfer) => transfer.state === "to-settle")
      .map((transfer) => ({
        id: transfer.id,
        amount: transferLeft(transfer),
        receivedAt: transfer.receivedAt,
      })),
    bankTransfer:
      !ownAccount && account
        ? {
            ...account,
            reference: formatApplicationReference(application.reference),
            proof:
              lastProof?.status === "proof-sent"
                ? ({ state: "waiting" } as const)
                : lastProof?.status === "rejected"
                  ? ({ state: "rejected", reason: lastProof.staffNote ?? "" } as const)
                  : null,
          }
        : null,
    receipts,
    plan: paymentPlanLabels[application.paymentPlan],
    instalments: schedule.map((part) => ({
      number: part.number,
      amount: part.amount,
      dueOn: part.dueOn,
      state: instalmentStatus(
        {
          ...part,
          placeHeld,
          payments: paymentsOf(part),
        },
        today,
      ),
    })),
    // Money in: what came in and counted, and what of it was given back (or is on its way back).
    paid: paidPayments.reduce((sum, payment) => sum + payment.amount, 0),
    refunded: paidPayments.reduce((sum, payment) => sum + payment.refundedAmount, 0),
    refunds: given
      .filter((refund) => refund.status !== "failed")
      .map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        on: refund.createdAt,
        done: refund.status === "processed",
        instalmentNumber: numberOf.get(instalmentOf.get(refund.paymentId) ?? "") ?? null,
      })),
    remaining: placeHeld ? schedule.reduce((sum, part) => sum + left(part), 0) : 0,
    next: nextUnpaid && { number: nextUnpaid.number, amount: left(nextUnpaid) },
  };
}

export type MyPayments = NonNullable<Awaited<ReturnType<typeof loadMyPayments>>>;

export const paymentStepSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("choose-plan"),
      plan: z.enum(paymentPlanKinds, { error: paymentMessages.planRequired }),
    }),
    z.object({ intent: z.literal("pay") }),
    z.object({ intent: z.literal("enter-code"), code: codeText }),
    z.object({ intent: z.literal("remove-code") }),
  ],
  { error: "Unknown action" },
);

/**
 * Codes refused on one application, per hour: enough for typing mistakes, too few to guess
 * codes by trying them. Counted per application (its private link), so nobody without the link
 * can use it up; a code that applies counts nothing.
 */
export const codeTriesLimit: RateLimitRule = {
  name: "discount-code-tries",
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

/**
 * Enters a code on the application (its refusals thrown as enterCodeOnApplication throws them);
 * the refusal of a try over the limit is returned, and nothing is looked up.
 */
async function enterCodeCounted(applicationId: string, code: string): Promise<Refusal | null> {
  const attempt = await reserveRateLimits([{ rule: codeTriesLimit, subject: applicationId }]);
  if (!attempt.allowed)
    return {
      status: 429,
      message: discountMessages.tooManyTries,
      field: "code",
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  await enterCodeOnApplication(applicationId, code);
  await attempt.release();
  return null;
}

/** Whether a post from 'My application' is one of these steps (else an applicant's move). */
export const isPaymentIntent = (intent: FormDataEntryValue | null) =>
  intent === "choose-plan" ||
  intent === "pay" ||
  intent === "enter-code" ||
  intent === "remove-code";

/**
 * 'My application''s payment steps: choose a plan, or pay the next instalment (the answer is
 * Paystack's checkout page to go to). Refusals come back in the forms' one reply shape.
 */
export async function handlePaymentStep(
  formData: FormData,
  token: string,
  callbackUrl: string,
): Promise<
  { reply: ReturnType<typeof invalidSubmission> } | { notice: string } | { checkoutUrl: string }
> {
  const submission = parseWithZod(formData, { schema: paymentStepSchema });
  if (submission.status !== "success") return { reply: invalidSubmission(submission) };
  try {
    const applicationId = await db().transaction((tx) => applicationIdOfToken(tx, token));
    if (!applicationId) throw new UserFacingError(paymentMessages.notAccepted, 404);
    const step = submission.value;
    if (step.intent === "choose-plan") {
      await choosePaymentPlan(applicationId, step.plan);
      return { notice: paymentMessages.planChosen };
    }
    if (step.intent === "enter-code") {
      const overLimit = await enterCodeCounted(applicationId, step.code);
      if (overLimit) return { reply: refusalReply(submission, overLimit) };
      return { notice: discountMessages.codeApplied };
    }
    if (step.intent === "remove-code") {
      await removeCodeFromApplication(applicationId);
      return { notice: discountMessages.codeRemoved };
    }
    const gateway = configuredGateway();
    if (!gateway) throw new UserFacingError(paymentMessages.noOnlinePayment, 409);
    const { authorizationUrl } = await startGatewayPayment(applicationId, gateway, callbackUrl);
    return { checkoutUrl: authorizationUrl };
  } catch (error) {
    return { reply: refusalReply(submission, refusalOf(error, "A payment step")) };
  }
}

/** What the applicant is told on coming back from the checkout. */
export const returnNotices: Record<SettleOutcome, { kind: "success" | "error"; message: string }> =
  {
    paid: { kind: "success", message: paymentMessages.paid },
    already: { kind: "success", message: paymentMessages.alreadyRecorded },
    pending: { kind: "success", message: paymentMessages.confirming },
    failed: { kind: "error", message: paymentMessages.failed },
    flagged: { kind: "error", message: paymentMessages.flagged },
    cancelled: { kind: "success", message: paymentMessages.cancelled },
    "intake-cancelled": { kind: "error", message: paymentMessages.paidForCancelled },
    unknown: { kind: "error", message: paymentMessages.unknownPayment },
  };

/** What a payment recorded before the applicant came back became, as the return tells it. */
const recordedOutcomes: Partial<Record<string, SettleOutcome>> = {
  paid: "paid",
  flagged: "flagged",
  failed: "failed",
  abandoned: "cancelled",
};

/**
 * Paystack's webhook often records a payment before the applicant is back from the checkout:
 * they are told what it became (paid, flagged, failed, cancelled), as if their return had
 * recorded it.
 */
async function recordedOutcome(reference: string): Promise<SettleOutcome> {
  const [payment] = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.reference, reference));
  return (payment && recordedOutcomes[payment.status]) ?? "already";
}

/**
 * The return from the checkout, by the payment's reference alone: nothing is believed from the
 * redirect; the payment is verified with Paystack and recorded once (as a webhook would make
 * us), and what became of it is said. Where the browser goes next is `pageToReturnTo`'s.
 */
export async function returnFromCheckout(reference: string): Promise<SettleOutcome> {
  const gateway = configuredGateway();
  if (!gateway || !paymentReferencePattern.test(reference)) return "unknown";
  try {
    const outcome = await settleGatewayPayment(reference, gateway, new Date(), { returned: true });
    return outcome === "already" ? await recordedOutcome(reference) : outcome;
  } catch (error) {
    // Paystack cannot be asked now: the delayed check will record it.
    if (error instanceof PaystackUnavailableError) return "pending";
    throw error;
  }
}
