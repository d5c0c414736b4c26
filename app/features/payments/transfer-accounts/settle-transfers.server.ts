import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { type AccountTransfer, type Admin, accountTransfers, applications } from "~/db/schema";
import {
  type ApplicationActor,
  emailApplicant,
  forEmail,
} from "~/features/applications/application-history.server";
import {
  formatApplicationReference,
  parseApplicationReference,
  paysForPlace,
} from "~/features/applications/application-rules";
import { UserFacingError } from "~/lib/errors";
import { formatNaira } from "~/lib/format/money";
import { isUuid } from "~/lib/ids";
import { lockMoneyRows } from "../money-locks.server";
import { refundEmail } from "../payment-emails.server";
import {
  insertPayment,
  instalmentLeftToPay,
  markPaid,
  nextUnpaidInstalment,
} from "../payments.server";
import { transferMessages } from "./transfer-messages";

/*
 * Staff settling a transfer that waits (decision 0078): applied to the place's instalments in
 * order (a part pays part of one, as a part payment staff record does), or given back by the
 * academy's own transfer, with a note. Whatever is neither stays to settle. A transfer no place
 * could be told for is first put on an application by its reference.
 */

const staff = (admin: Admin): ApplicationActor => ({ kind: "staff", adminId: admin.id });

/** What of a transfer is neither applied nor given back. */
export const transferLeft = (
  transfer: Pick<AccountTransfer, "amount" | "appliedAmount" | "refundedAmount">,
) => transfer.amount - transfer.appliedAmount - transfer.refundedAmount;

/** A transfer waiting to be settled, locked (after its application, when it has one). */
async function lockTransferToSettle(
  tx: Transaction,
  transferId: string,
  applicationId: string | null,
) {
  if (!isUuid(transferId)) throw new UserFacingError(transferMessages.notFound, 404);
  const [transfer] = await tx
    .select()
    .from(accountTransfers)
    .where(
      and(
        eq(accountTransfers.id, transferId),
        applicationId
          ? eq(accountTransfers.applicationId, applicationId)
          : isNull(accountTransfers.applicationId),
      ),
    )
    .for("update");
  if (!transfer) throw new UserFacingError(transferMessages.notFound, 404);
  if (transfer.state !== "to-settle" || transferLeft(transfer) <= 0)
    throw new UserFacingError(transferMessages.settled, 409);
  return transfer;
}

/**
 * Applies what is left of a waiting transfer to the place's unpaid instalments, oldest first:
 * each one it covers is paid, a last one it covers only in part gets a part payment, and any
 * rest stays to settle. Each payment is numbered with its receipt, as a card payment is.
 */
export async function applyTransfer(
  admin: Admin,
  applicationId: string,
  transferId: string,
): Promise<{ applied: number; left: number }> {
  return db().transaction(async (tx) => {
    const { application } = await lockMoneyRows(tx, applicationId);
    if (!application) throw new UserFacingError(transferMessages.notFound, 404);
    const transfer = await lockTransferToSettle(tx, transferId, applicationId);
    if (!paysForPlace(application.status) || !application.paymentPlan)
      throw new UserFacingError(transferMessages.notPayable, 409);
    let left = transferLeft(transfer);
    let applied = 0;
    while (left > 0) {
      const next = await nextUnpaidInstalment(tx, applicationId);
      if (!next) break;
      const amount = Math.min(left, await instalmentLeftToPay(tx, next));
      const payment = await insertPayment(tx, next, "transfer-account", {
        amount,
        gatewayId: transfer.gatewayId,
        accountTransferId: transfer.id,
        reviewedBy: admin.id,
      });
      await markPaid(tx, payment, {
        paidAt: transfer.receivedAt,
        gatewayId: transfer.gatewayId,
        actor: staff(admin),
      });
      left -= amount;
      applied += amount;
    }
    if (applied === 0) throw new UserFacingError(transferMessages.nothingDue, 409);
    await tx
      .update(accountTransfers)
      .set({
        appliedAmount: sql`${accountTransfers.appliedAmount} + ${applied}`,
        state: left > 0 ? "to-settle" : "settled",
        settledBy: admin.id,
        updatedAt: sql`now()`,
      })
      .where(eq(accountTransfers.id, transfer.id));
    return { applied, left };
  });
}

/**
 * Records that the academy sent back `amount` kobo of a waiting transfer by its own transfer,
 * with staff's note; the applicant, where the transfer is on an application, is told by e-mail.
 */
export async function refundTransfer(
  admin: Admin,
  transferId: string,
  amount: number,
  note: string,
  applicationId: string | null,
) {
  await db().transaction(async (tx) => {
    const { application } = applicationId
      ? await lockMoneyRows(tx, applicationId)
      : { application: null };
    if (applicationId && !application) throw new UserFacingError(transferMessages.notFound, 404);
    const transfer = await lockTransferToSettle(tx, transferId, applicationId);
    const left = transferLeft(transfer);
    if (amount > left)
      throw new UserFacingError(transferMessages.moreThanLeft(left), 400, "amount");
    await tx
      .update(accountTransfers)
      .set({
        refundedAmount: sql`${accountTransfers.refundedAmount} + ${amount}`,
        state: amount === left ? "settled" : "to-settle",
        settledBy: admin.id,
        staffNote: note,
        updatedAt: sql`now()`,
      })
      .where(eq(accountTransfers.id, transfer.id));
    if (!application) return;
    await emailApplicant(
      tx,
      application,
      refundEmail(await forEmail(tx, application), {
        amount,
        reason: note,
        paymentReference: transfer.gatewayReference,
        byCard: false,
      }),
      "refunded",
      staff(admin),
      {
        reference: transfer.gatewayReference,
        amount: formatNaira(amount),
        reason: note,
        method: "manual",
        status: "processed",
      },
    );
  });
}

/**
 * Puts a transfer no place could be told for (an unknown account, or an owner paying for more
 * than one place) on the application staff name by its reference; it is settled there.
 * Returns the application's reference as written.
 */
export async function placeTransfer(transferId: string, reference: string): Promise<string> {
  const number = parseApplicationReference(reference);
  if (number === null)
    throw new UserFacingError(transferMessages.applicationUnknown, 400, "reference");
  return db().transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.reference, number));
    if (!application)
      throw new UserFacingError(transferMessages.applicationUnknown, 400, "reference");
    await lockMoneyRows(tx, application.id);
    await lockTransferToSettle(tx, transferId, null);
    await tx
      .update(accountTransfers)
      .set({ applicationId: application.id, updatedAt: sql`now()` })
      .where(eq(accountTransfers.id, transferId));
    return formatApplicationReference(number);
  });
}

/** A transfer as staff read it: who sent what, when, why it waits, and what is left of it. */
export const transferForStaff = (transfer: AccountTransfer) => ({
  id: transfer.id,
  reference: transfer.gatewayReference,
  amount: transfer.amount,
  applied: transfer.appliedAmount,
  refunded: transfer.refundedAmount,
  left: transferLeft(transfer),
  sender: [transfer.senderName, transfer.senderBank].filter(Boolean).join(", "),
  receivedAt: transfer.receivedAt,
  reason: transfer.reason,
  staffNote: transfer.staffNote,
  settled: transfer.state === "settled",
});

export type TransferForStaff = ReturnType<typeof transferForStaff>;

/** The transfers on an application that staff settled or must settle, oldest first. */
export function transfersToSettleOf(applicationId: string) {
  return db()
    .select()
    .from(accountTransfers)
    .where(
      and(
        eq(accountTransfers.applicationId, applicationId),
        sql`${accountTransfers.state} <> 'applied'`,
      ),
    )
    .orderBy(asc(accountTransfers.receivedAt));
}

/** The transfers waiting with no application (the Payments tab), oldest first. */
export async function unplacedTransfers() {
  const waiting = await db()
    .select()
    .from(accountTransfers)
    .where(and(isNull(accountTransfers.applicationId), eq(accountTransfers.state, "to-settle")))
    .orderBy(asc(accountTransfers.receivedAt))
    .limit(UNPLACED_SHOWN);
  return waiting.map(transferForStaff);
}

/** More waiting with no place than this is not a list to read but a fault to look into. */
const UNPLACED_SHOWN = 100;
