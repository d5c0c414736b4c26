import { asc, desc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  type Application,
  instalments,
  intakes,
  type Payment,
  payments,
} from "~/db/schema";
import type { ApplicationActor } from "~/features/applications/application-history.server";
import { isLive, paysForPlace } from "~/features/applications/application-rules";
import { UserFacingError } from "~/lib/errors";
import { calendarDate, lagosToday } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { leftToPay } from "../instalment-balance";
import { instalmentStatus } from "../instalment-status";
import { lockMoneyRows, lockPayment } from "../money-locks.server";
import { dueDateMovedEmail, emailWithLink, proofRejectedEmail } from "../payment-emails.server";
import { paymentMessages, staffPaymentMessages } from "../payment-messages";
import { formatReceiptNumber } from "../payment-reference";
import { flagPayment, insertPayment, instalmentLeftToPay, markPaid } from "../payments.server";
import { priceOfApplication } from "../price-changes.server";
import { refundsOf } from "../refunds.server";
import {
  transferForStaff,
  transfersToSettleOf,
} from "../transfer-accounts/settle-transfers.server";

/*
 * Staff's actions on an application's payments, from the Students page (which guards with
 * requireAdmin: any active admin may act, and is recorded in the timeline). Each locks the rows
 * it changes in the order of lockMoneyRows, so two staff members (or a staff member and a
 * webhook) acting at once act one after the other.
 */

const staff = (admin: Admin): ApplicationActor => ({ kind: "staff", adminId: admin.id });

/** An application's schedule and every payment (with its refunds), for the portal. */
export async function applicationPayments(
  application: Pick<Application, "id" | "status" | "intakeId">,
  now = new Date(),
) {
  const [[intake], schedule, attempts] = await Promise.all([
    db()
      .select({ status: intakes.status })
      .from(intakes)
      .where(eq(intakes.id, application.intakeId)),
    db()
      .select()
      .from(instalments)
      .where(eq(instalments.applicationId, application.id))
      .orderBy(asc(instalments.number)),
    db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
  ]);
  const [given, price, transfers] = await Promise.all([
    refundsOf(attempts),
    priceOfApplication(application.id),
    transfersToSettleOf(application.id),
  ]);
  const today = lagosToday(now);
  const placeHeld = paysForPlace(application.status) && intake?.status !== "cancelled";
  const number = new Map(schedule.map((part) => [part.id, part.number]));
  return {
    applicationId: application.id,
    price,
    // A scholarship can be granted while the application is live (before or after acceptance).
    scholarshipOpen: isLive(application.status) && intake?.status !== "cancelled",
    instalments: schedule.map((part) => {
      const itsPayments = attempts.filter((payment) => payment.instalmentId === part.id);
      const paidBy = itsPayments.find((payment) => payment.status === "paid");
      return {
        id: part.id,
        number: part.number,
        amount: part.amount,
        dueOn: part.dueOn,
        paidAt: part.paidAt,
        left: leftToPay(part, itsPayments),
        state: instalmentStatus({ ...part, placeHeld, payments: itsPayments }, today),
        paidBy: paidBy ? { method: paidBy.method, reference: paidBy.reference } : null,
      };
    }),
    // Transfers into the applicant's own account number that staff settle (or settled).
    transfers: transfers.map(transferForStaff),
    payments: attempts.map((payment) => ({
      id: payment.id,
      reference: payment.reference,
      instalmentNumber: number.get(payment.instalmentId) ?? null,
      method: payment.method,
      status: payment.status,
      amount: payment.amount,
      refundedAmount: payment.refundedAmount,
      receipt: payment.receiptNumber ? formatReceiptNumber(payment.receiptNumber) : null,
      paidAt: payment.paidAt,
      createdAt: payment.createdAt,
      hasProof: payment.proofKey !== null,
      proofName: payment.proofName,
      staffNote: payment.staffNote,
      flagReason: payment.flagReason,
      refunds: given
        .filter((refund) => refund.paymentId === payment.id)
        .map(({ id, amount, reason, status, method, createdAt }) => ({
          id,
          amount,
          reason,
          status,
          method,
          createdAt,
        })),
    })),
  };
}

export type ApplicationPayments = Awaited<ReturnType<typeof applicationPayments>>;

/** The application and one of its unpaid instalments, locked in order; refused otherwise. */
async function lockUnpaidInstalment(tx: Transaction, applicationId: string, instalmentId: string) {
  if (!isUuid(instalmentId))
    throw new UserFacingError(staffPaymentMessages.instalmentNotFound, 404);
  const { application, instalment } = await lockMoneyRows(tx, applicationId, { instalmentId });
  if (!application || !instalment)
    throw new UserFacingError(staffPaymentMessages.instalmentNotFound, 404);
  if (instalment.paidAt) throw new UserFacingError(staffPaymentMessages.instalmentPaid, 409);
  return { application, instalment };
}

/** A proof waiting for a check, locked in order with its application and instalment. */
async function lockProof(tx: Transaction, applicationId: string, paymentId: string) {
  const locked = await lockPayment(tx, applicationId, paymentId);
  if (locked.payment.status !== "proof-sent")
    throw new UserFacingError(staffPaymentMessages.notProof, 409);
  return locked;
}

/**
 * Staff found the bank transfer: the payment is paid through markPaid (numbered, its
 * instalment paid, the place enrolled), with the admin as who confirmed it. When the
 * instalment was paid meanwhile (by card, say), the transfer is a second payment: it is
 * recorded as flagged for a refund, never rejected. Which of the two staff were told.
 */
export async function confirmProof(
  admin: Admin,
  applicationId: string,
  paymentId: string,
  now = new Date(),
): Promise<"paid" | "flagged"> {
  return db().transaction(async (tx) => {
    const { payment, instalment } = await lockProof(tx, applicationId, paymentId);
    if (instalment.paidAt) {
      await flagPayment(tx, payment, paymentMessages.paidTwice, staff(admin), {
        reviewedBy: admin.id,
        receivedAmount: payment.amount,
        receivedCurrency: payment.currency,
      });
      return "flagged";
    }
    await tx.update(payments).set({ reviewedBy: admin.id }).where(eq(payments.id, payment.id));
    await markPaid(tx, payment, { paidAt: now, gatewayId: null, actor: staff(admin) });
    return "paid";
  });
}

/** Staff found no such transfer: the proof is rejected and the applicant told why. */
export async function rejectProof(
  admin: Admin,
  applicationId: string,
  paymentId: string,
  reason: string,
) {
  await db().transaction(async (tx) => {
    const { application, payment } = await lockProof(tx, applicationId, paymentId);
    await tx
      .update(payments)
      .set({ status: "rejected", staffNote: reason, reviewedBy: admin.id, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    await emailWithLink(
      tx,
      application,
      (about, link) => proofRejectedEmail(about, payment, reason, link),
      "proof-rejected",
      staff(admin),
      { reference: payment.reference, reason },
    );
  });
}

/** Moves an unpaid instalment's due date; its reminders are sent again for the new date. */
export async function moveDueDate(
  admin: Admin,
  applicationId: string,
  instalmentId: string,
  dueOn: string,
  note: string,
  now = new Date(),
) {
  if (dueOn < lagosToday(now))
    throw new UserFacingError(staffPaymentMessages.dateInPast, 400, "dueOn");
  await db().transaction(async (tx) => {
    const { application, instalment } = await lockUnpaidInstalment(tx, applicationId, instalmentId);
    if (instalment.dueOn === dueOn)
      throw new UserFacingError(staffPaymentMessages.sameDate, 400, "dueOn");
    await tx
      .update(instalments)
      .set({ dueOn, remindedAheadAt: null, remindedOnDayAt: null, updatedAt: sql`now()` })
      .where(eq(instalments.id, instalment.id));
    await emailWithLink(
      tx,
      application,
      (about, link) => dueDateMovedEmail(about, instalment, instalment.dueOn, dueOn, note, link),
      "due-date-moved",
      staff(admin),
      { instalment: String(instalment.number), from: instalment.dueOn, to: dueOn, note },
    );
  });
}

/**
 * Records an instalment, or part of it, paid another way (cash at the office, a transfer without
 * proof): a manual payment of `amount` kobo (what is left of the instalment when not given),
 * paid on `paidOn` (Lagos), through markPaid. Returns what is left to pay of the instalment.
 */
export async function recordManualPayment(
  admin: Admin,
  applicationId: string,
  instalmentId: string,
  paidOn: string,
  note: string,
  { amount, now = new Date() }: { amount?: number; now?: Date } = {},
): Promise<{ payment: Payment; left: number }> {
  if (paidOn > lagosToday(now))
    throw new UserFacingError(staffPaymentMessages.paidInFuture, 400, "paidOn");
  return db().transaction(async (tx) => {
    const { application, instalment } = await lockUnpaidInstalment(tx, applicationId, instalmentId);
    if (!paysForPlace(application.status))
      throw new UserFacingError(staffPaymentMessages.notPayable, 409);
    const left = await instalmentLeftToPay(tx, instalment);
    if (amount !== undefined && amount > left)
      throw new UserFacingError(staffPaymentMessages.moreThanLeft(left), 400, "amount");
    const recorded = await insertPayment(tx, instalment, "manual", {
      amount: amount ?? left,
      staffNote: note,
      reviewedBy: admin.id,
    });
    // Midday in Lagos: the day it was paid, whatever the time zone it is read in.
    const paidAt = calendarDate(paidOn);
    const payment = await markPaid(tx, recorded, { paidAt, gatewayId: null, actor: staff(admin) });
    return { payment, left: left - payment.amount };
  });
}

/** Where a payment's proof is stored, with its name and type as sent; null without one. */
export async function proofOfPayment(paymentId: string) {
  if (!isUuid(paymentId)) return null;
  const [row] = await db()
    .select({ key: payments.proofKey, name: payments.proofName, type: payments.proofType })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.key ? { key: row.key, name: row.name, type: row.type } : null;
}
