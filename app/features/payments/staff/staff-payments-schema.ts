import * as z from "zod/mini";
import { scholarshipFields } from "~/features/discounts/discount-schema";
import { koboFromNaira } from "~/lib/format/money";
import { requiredText } from "~/lib/forms/required-text";
import { uuidSchema } from "~/lib/ids";
import { multiLine, singleLine } from "~/lib/text/outside-text";

/**
 * Staff's actions on an application's payments, posted to the Students page with the
 * application's `id` and the payment's or instalment's `target`. The hidden fields only break
 * when the request was not sent by the page.
 */

export const staffPaymentFormMessages = {
  invalid: "Invalid request",
  reasonRequired: "Please give the reason",
  noteRequired: "Please write a note",
  dateInvalid: "Please enter a valid date",
  amountInvalid: "Please enter an amount in Naira, more than 0",
  referenceRequired: "Please enter the application's reference",
} as const;

/** 'LTA-A-001234' with room for spaces. */
const APPLICATION_REFERENCE_MAX = 30;

export const STAFF_PAYMENT_NOTE_MAX = 1_000;

const invalid = staffPaymentFormMessages.invalid;
const id = uuidSchema(invalid);
const target = uuidSchema(invalid);
const reason = requiredText(
  "The reason",
  staffPaymentFormMessages.reasonRequired,
  STAFF_PAYMENT_NOTE_MAX,
  multiLine,
);
const note = requiredText(
  "The note",
  staffPaymentFormMessages.noteRequired,
  STAFF_PAYMENT_NOTE_MAX,
  multiLine,
);
/** A Lagos calendar date, as a date field sends it. */
const lagosDate = z.iso.date({ error: staffPaymentFormMessages.dateInvalid });
/** Naira as typed (kobo allowed), in whole kobo. */
const naira = z.pipe(
  z
    .number({ error: staffPaymentFormMessages.amountInvalid })
    .check(
      z.positive(staffPaymentFormMessages.amountInvalid),
      z.maximum(100_000_000, staffPaymentFormMessages.amountInvalid),
    ),
  z.transform(koboFromNaira),
);

/** Each action's shape; a page that takes another feature's actions too joins these lists. */
export const staffPaymentActions = [
  z.object({ intent: z.literal("confirm-proof"), id, target }),
  z.object({ intent: z.literal("reject-proof"), id, target, reason }),
  z.object({ intent: z.literal("move-due-date"), id, target, dueOn: lagosDate, note }),
  // No amount: all that is left of the instalment.
  z.object({
    intent: z.literal("record-payment"),
    id,
    target,
    paidOn: lagosDate,
    note,
    amount: z.optional(naira),
  }),
  z.object({ intent: z.literal("refund"), id, target, amount: naira, reason }),
  // The target is the application itself: a scholarship is on its price, not one instalment.
  z.extend(scholarshipFields, { intent: z.literal("grant-scholarship"), id, target }),
  // A transfer into the applicant's own account number that waits (the target is the transfer).
  z.object({ intent: z.literal("apply-transfer"), id, target }),
  z.object({ intent: z.literal("refund-transfer"), id, target, amount: naira, note }),
] as const;

/**
 * The Payments tab's actions on a transfer no place could be told for: put it on an application
 * by its reference, or record that it was sent back.
 */
export const unplacedTransferActions = [
  z.object({
    intent: z.literal("place-transfer"),
    target,
    reference: requiredText(
      "The reference",
      staffPaymentFormMessages.referenceRequired,
      APPLICATION_REFERENCE_MAX,
      singleLine,
    ),
  }),
  z.object({ intent: z.literal("refund-unplaced-transfer"), target, amount: naira, note }),
] as const;

export const unplacedTransferSchema = z.discriminatedUnion("intent", unplacedTransferActions, {
  error: invalid,
});

export type UnplacedTransferAction = z.output<typeof unplacedTransferSchema>;

export const staffPaymentActionSchema = z.discriminatedUnion("intent", staffPaymentActions, {
  error: invalid,
});

export type StaffPaymentAction = z.output<typeof staffPaymentActionSchema>;

/** The confirmations the Payments section opens (URL-driven: ?confirm=…&target=…). */
export const staffPaymentConfirms = [
  "confirm-proof",
  "reject-proof",
  "move-due-date",
  "record-payment",
  "refund",
  "grant-scholarship",
  "apply-transfer",
  "refund-transfer",
] as const;
export type StaffPaymentConfirm = (typeof staffPaymentConfirms)[number];
