import type { Admin } from "~/db/schema";
import { discountMessages } from "~/features/discounts/discount-messages";
import { scholarshipReductionOf } from "~/features/discounts/discount-schema";
import { formatNaira } from "~/lib/format/money";
import type { IntentHandlers } from "~/lib/forms/page-action.server";
import { staffPaymentMessages } from "../payment-messages";
import { grantScholarshipOnApplication } from "../price-changes.server";
import { refundMessages, refundPayment } from "../refunds.server";
import {
  applyTransfer,
  placeTransfer,
  refundTransfer,
} from "../transfer-accounts/settle-transfers.server";
import { transferMessages } from "../transfer-accounts/transfer-messages";
import {
  confirmProof,
  moveDueDate,
  recordManualPayment,
  rejectProof,
} from "./staff-payments.server";
import type { StaffPaymentAction, UnplacedTransferAction } from "./staff-payments-schema";

/** Staff's actions on an application's payments, each with its success toast (the Students page). */
export const staffPaymentHandlers = (actor: Admin): IntentHandlers<StaffPaymentAction> => ({
  "confirm-proof": async (input) =>
    (await confirmProof(actor, input.id, input.target)) === "paid"
      ? staffPaymentMessages.proofConfirmed
      : staffPaymentMessages.proofConfirmedTwice,
  "reject-proof": async (input) => {
    await rejectProof(actor, input.id, input.target, input.reason);
    return staffPaymentMessages.proofRejected;
  },
  "move-due-date": async (input) => {
    await moveDueDate(actor, input.id, input.target, input.dueOn, input.note);
    return staffPaymentMessages.dueDateMoved;
  },
  "record-payment": async (input) => {
    const { left } = await recordManualPayment(
      actor,
      input.id,
      input.target,
      input.paidOn,
      input.note,
      {
        amount: input.amount,
      },
    );
    return left > 0
      ? staffPaymentMessages.partRecorded(left)
      : staffPaymentMessages.paymentRecorded;
  },
  "grant-scholarship": async (input) => {
    const { paidOver } = await grantScholarshipOnApplication(
      { kind: "staff", adminId: actor.id },
      input.id,
      scholarshipReductionOf(input),
      input.reason,
    );
    return paidOver
      ? `${discountMessages.scholarshipGranted} ${formatNaira(paidOver)} was paid over the new price: refund it.`
      : discountMessages.scholarshipGranted;
  },
  refund: async (input) =>
    (await refundPayment(actor, input.id, input.target, input.amount, input.reason)) === "pending"
      ? refundMessages.pending
      : refundMessages.refunded,
  "apply-transfer": async (input) => {
    const { applied, left } = await applyTransfer(actor, input.id, input.target);
    return transferMessages.applied(applied, left);
  },
  "refund-transfer": async (input) => {
    await refundTransfer(actor, input.target, input.amount, input.note, input.id);
    return transferMessages.refunded;
  },
});

/** Staff's actions on a transfer with no place, from the Payments tab. */
export const unplacedTransferHandlers = (actor: Admin): IntentHandlers<UnplacedTransferAction> => ({
  "place-transfer": async (input) =>
    transferMessages.placed(await placeTransfer(input.target, input.reference)),
  "refund-unplaced-transfer": async (input) => {
    await refundTransfer(actor, input.target, input.amount, input.note, null);
    return transferMessages.refundedUnplaced;
  },
});
