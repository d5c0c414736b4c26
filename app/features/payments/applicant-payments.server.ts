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
  formatApplicationReference,
  paysForPlace,
} from "~/features/applications/application-rules";
import { applicationIdOfToken } from "~/features/applications/application-token.server";
import { instalmentSchedule, paymentPlanLabels } from "~/features/intakes/payment-plans";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { invalidSubmission, refusalOf, refusalReply } from "~/lib/forms/action-reply.server";
import { loadBankAccount } from "./bank-transfer.server";
import { configuredGateway } from "./gateway.server";
import { leftToPay } from "./instalment-balance";
import { instalmentStatus } from "./instalment-status";
import { paymentMessages } from "./payment-messages";
import { formatReceiptNumber, paymentReferencePattern } from "./payment-reference";
import {
  choosePaymentPlan,
  type SettleOutcome,
  settleGatewayPayment,
  startGatewayPayment,
} from "./payments.server";
import { PaystackUnavailableError } from "./paystack.server";

/**
 * An instalment as the applicant reads it. Overdue: its Lagos due date has passed unpaid;
 * cancelled: unpaid, on a place that is no longer paid for (withdrawn, or the intake cancelled).
 */
export type InstalmentState = "paid" | "due" | "overdue" | "upcoming" | "cancelled";

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
  const payable = intake.status !== "cancelled" && paysForPlace(application.status);
  if (!payable && !application.paymentPlan) return null;
  const today = lagosToday(now);
  const canPayOnline = configuredGateway() !== null;
  if (!application.paymentPlan) {
    const acceptedOn = lagosToday(application.acceptedAt ?? application.updatedAt);
    return {
      stage: "choose" as const,
      canPayOnline,
      plans: intake.paymentPlans.map((kind) => ({
        kind,
        label: paymentPlanLabels[kind],
        schedule: instalmentSchedule(kind, intake, acceptedOn),
      })),
    };
  }
  const schedule = await db()
    .select()
    .from(instalments)
    .where(eq(instalments.applicationId, application.id))
    .orderBy(asc(instalments.number));
  const nextUnpaid = schedule.find((part) => !part.paidAt) ?? null;
  const [attempts, account] = await Promise.all([
    db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id))
      .orderBy(desc(payments.createdAt)),
    loadBankAccount(),
  ]);
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
        state: part.paidAt ? ("paid" as const) : ("cancelled" as const),
      })),
      refundDue: receipts.reduce((sum, receipt) => sum + receipt.amount - receipt.refunded, 0),
    };
  const left = (part: Instalment) => (part.paidAt ? 0 : leftToPay(part, attempts));
  const forNext = attempts.filter((payment) => payment.instalmentId === nextUnpaid?.id);
  const lastProof = forNext.find((payment) => payment.method === "bank-transfer");
  return {
    stage: "pay" as const,
    canPayOnline,
    bankTransfer: account && {
      ...account,
      reference: formatApplicationReference(application.reference),
      proof:
        lastProof?.status === "proof-sent"
          ? ({ state: "waiting" } as const)
          : lastProof?.status === "rejected"
            ? ({ state: "rejected", reason: lastProof.staffNote ?? "" } as const)
            : null,
    },
    receipts,
    plan: paymentPlanLabels[application.paymentPlan],
    instalments: schedule.map((part) => ({
      number: part.number,
      amount: part.amount,
      dueOn: part.dueOn,
      state: instalmentState(part, nextUnpaid?.number ?? null, today),
    })),
    paid: schedule.reduce((sum, part) => sum + part.amount - left(part), 0),
    remaining: schedule.reduce((sum, part) => sum + left(part), 0),
    next: nextUnpaid && { number: nextUnpaid.number, amount: left(nextUnpaid) },
  };
}

export type MyPayments = NonNullable<Awaited<ReturnType<typeof loadMyPayments>>>;

/**
 * instalmentStatus as the applicant reads it: by the money and the calendar only (a flag or a
 * proof waits for staff, not for them), on a place still held (else there is no schedule to
 * show); of the instalments due, the next to pay and today's are due, the others upcoming.
 */
function instalmentState(
  part: { number: number; paidAt: Date | null; dueOn: string },
  nextUnpaid: number | null,
  today: string,
): InstalmentState {
  const status = instalmentStatus({ ...part, placeHeld: true, payments: [] }, today);
  if (status === "paid" || status === "overdue") return status;
  return part.number === nextUnpaid || part.dueOn === today ? "due" : "upcoming";
}

export const paymentStepSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("choose-plan"),
      plan: z.enum(paymentPlanKinds, { error: paymentMessages.planRequired }),
    }),
    z.object({ intent: z.literal("pay") }),
  ],
  { error: "Unknown action" },
);

/** Whether a post from 'My application' is one of these steps (else an applicant's move). */
export const isPaymentIntent = (intent: FormDataEntryValue | null) =>
  intent === "choose-plan" || intent === "pay";

/**
 * 'My application''s payment steps: choose a plan, or pay the next instalment (the answer is
 * Paystack's checkout page to go to). Refusals come back in the forms' one reply shape.
 */
export async function handlePaymentStep(formData: FormData, token: string, callbackUrl: string) {
  const submission = parseWithZod(formData, { schema: paymentStepSchema });
  if (submission.status !== "success") return { reply: invalidSubmission(submission) };
  try {
    const applicationId = await db().transaction((tx) => applicationIdOfToken(tx, token));
    if (!applicationId) throw new UserFacingError(paymentMessages.notAccepted, 404);
    if (submission.value.intent === "choose-plan") {
      await choosePaymentPlan(applicationId, submission.value.plan);
      return { done: "plan-chosen" as const };
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
    cancelled: { kind: "error", message: paymentMessages.paidForCancelled },
    unknown: { kind: "error", message: paymentMessages.unknownPayment },
  };

/** What a payment recorded before the applicant came back became, as the return tells it. */
const recordedOutcomes: ReadonlySet<string> = new Set<SettleOutcome>(["paid", "flagged", "failed"]);

/**
 * Paystack's webhook often records a payment before the applicant is back from the checkout:
 * they are told what it became (paid, flagged, failed), as if their return had recorded it.
 */
async function recordedOutcome(reference: string): Promise<SettleOutcome> {
  const [payment] = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.reference, reference));
  return payment && recordedOutcomes.has(payment.status)
    ? (payment.status as SettleOutcome)
    : "already";
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
    const outcome = await settleGatewayPayment(reference, gateway);
    return outcome === "already" ? await recordedOutcome(reference) : outcome;
  } catch (error) {
    // Paystack cannot be asked now: the delayed check will record it.
    if (error instanceof PaystackUnavailableError) return "pending";
    throw error;
  }
}
