import { eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { payments } from "~/db/schema";
import {
  type ApplicationActor,
  applicantActor,
  recordEvent,
} from "~/features/applications/application-history.server";
import { isLive } from "~/features/applications/application-rules";
import {
  enterCode,
  redeemEnteredCode,
  reductionsOf,
  removeCode,
} from "~/features/discounts/discount-codes.server";
import { discountMessages } from "~/features/discounts/discount-messages";
import { reductionText } from "~/features/discounts/discount-summary";
import { grantScholarship, scholarshipOf } from "~/features/discounts/scholarships.server";
import type { Reduction } from "~/features/intakes/payment-plans";
import { UserFacingError } from "~/lib/errors";
import { formatNaira } from "~/lib/format/money";
import { lockMoneyRows } from "./money-locks.server";
import { paymentMessages } from "./payment-messages";
import { planChangeable, repriceSchedule } from "./payments.server";
import { placeOf, placePrice } from "./place-price.server";

// What changes an application's price after it was made: a discount code entered or removed on
// 'My application', a scholarship staff grant. Each locks the application's money rows, writes
// the change, prices the schedule again and records it in the history, in one transaction.

/** The application locked, refused unless it is live, not enrolled, and has paid nothing yet. */
async function lockBeforeFirstPayment(tx: Transaction, applicationId: string) {
  const { application, intake } = await lockMoneyRows(tx, applicationId);
  if (!application || !intake) throw new UserFacingError(paymentMessages.notAccepted, 404);
  if (intake.status === "cancelled")
    throw new UserFacingError(paymentMessages.intakeCancelled, 409);
  const attempts = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.applicationId, applicationId));
  // Enrolled: paid, or enrolled with nothing to pay; a code removed then would leave a
  // student owing.
  if (!isLive(application.status) || application.status === "enrolled" || !planChangeable(attempts))
    throw new UserFacingError(discountMessages.afterFirstPayment, 409);
  return { application, intake };
}

/**
 * The applicant enters a discount code before the first payment. Once a plan is chosen it is
 * redeemed at once (its use counted) and the schedule priced again; before, it prices what the
 * applicant is shown and is redeemed when they choose a plan.
 */
export async function enterCodeOnApplication(applicationId: string, entered: string) {
  await db().transaction(async (tx) => {
    const { application, intake } = await lockBeforeFirstPayment(tx, applicationId);
    const code = await enterCode(tx, application, entered);
    if (application.paymentPlan) {
      // The schedule's rows, then the code's: the order choosePaymentPlan locks them in.
      await repriceSchedule(tx, application, intake);
      await redeemEnteredCode(tx, application);
    }
    await recordEvent(tx, applicationId, "code-entered", applicantActor, {
      detail: { code: code.code },
    });
  });
}

/** The applicant takes their code off before the first payment; a counted use is given back. */
export async function removeCodeFromApplication(applicationId: string) {
  await db().transaction(async (tx) => {
    const { application, intake } = await lockBeforeFirstPayment(tx, applicationId);
    const code = await removeCode(tx, applicationId);
    await repriceSchedule(tx, application, intake);
    await recordEvent(tx, applicationId, "code-removed", applicantActor, { detail: { code } });
  });
}

/**
 * Staff grant a scholarship on a live application, before or after acceptance (a later grant
 * replaces it): instalments not yet paid are priced again. What was already paid over the new
 * price is said in the history and returned, for staff to refund.
 */
export async function grantScholarshipOnApplication(
  actor: Extract<ApplicationActor, { kind: "staff" }>,
  applicationId: string,
  reduction: Reduction,
  reason: string,
) {
  return db().transaction(async (tx) => {
    const { application, intake } = await lockMoneyRows(tx, applicationId);
    if (!application || !intake) throw new UserFacingError(paymentMessages.notAccepted, 404);
    if (intake.status === "cancelled")
      throw new UserFacingError(paymentMessages.intakeCancelled, 409);
    if (!isLive(application.status)) throw new UserFacingError(paymentMessages.notAccepted, 409);
    await grantScholarship(tx, applicationId, reduction, reason, actor.adminId);
    const { paidOver } = await repriceSchedule(tx, application, intake);
    await recordEvent(tx, applicationId, "scholarship-granted", actor, {
      detail: {
        off: reductionText(reduction),
        reason,
        paidOver: paidOver ? formatNaira(paidOver) : null,
      },
    });
    return { paidOver };
  });
}

/**
 * An application's price, line by line, for its plan (before one is chosen: without the
 * pay-in-full discount), with its scholarship's reason for staff.
 */
export async function priceOfApplication(applicationId: string) {
  return db().transaction(async (tx) => {
    const place = await placeOf(tx, applicationId);
    if (!place) return null;
    const [scholarship, reductions] = await Promise.all([
      scholarshipOf(tx, applicationId),
      reductionsOf(tx, applicationId),
    ]);
    return {
      ...(await placePrice(tx, place.application, place.intake, reductions)),
      scholarshipReason: scholarship?.reason ?? null,
      code: reductions.code?.code ?? null,
    };
  });
}
