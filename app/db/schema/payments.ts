import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { admins } from "./auth";
import { createdAt, moment, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import { accountTransfers } from "./transfer-accounts";
import { paymentMethods, paymentStatuses, type refundMethods, type refundStatuses } from "./values";

/** A price built up line by line (features/intakes/payment-plans.ts, priceBuildUp). */
export type PricedLines = {
  lines: {
    kind: "price" | "sponsored" | "code" | "scholarship" | "pay-in-full";
    label: string;
    amount: number;
  }[];
  total: number;
};

export const instalments = pgTable(
  "instalments",
  {
    id: primaryId(),
    applicationId: requiredRef("application_id", () => applications.id, "restrict"),
    /** 1 for the first (due on acceptance), then in date order. */
    number: integer("number").notNull(),
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    /** A Lagos calendar date. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    paidAt: moment("paid_at"),
    /** The reminders sent for this due date (3 days before, and on the day); a moved date clears them. */
    remindedAheadAt: moment("reminded_ahead_at"),
    remindedOnDayAt: moment("reminded_on_day_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("instalments_application_number_unique").on(t.applicationId, t.number),
    // Nothing at all is owed only by the one instalment of a place that became free after
    // attempts to pay it were recorded (repriceSchedule): it is paid as it is written.
    check(
      "instalments_amount_positive",
      sql`${t.amount} > 0 OR (${t.amount} = 0 AND ${t.paidAt} IS NOT NULL)`,
    ),
    index("instalments_unpaid_due_idx").on(t.dueOn).where(sql`${t.paidAt} IS NULL`),
  ],
);

export const paymentMethod = pgEnum("payment_method", paymentMethods);
export const paymentStatus = pgEnum("payment_status", paymentStatuses);

export const paymentReceiptSequence = pgSequence("payment_receipt_seq");

/** One attempt to pay an instalment, recorded once per reference whatever tells us of it. */
export const payments = pgTable(
  "payments",
  {
    id: primaryId(),
    /** Our own, sent to the gateway: 'LTA-P-…'. */
    reference: text("reference").notNull(),
    // Restrict: money received stays on record; erasing a person anonymises their application.
    applicationId: requiredRef("application_id", () => applications.id, "restrict"),
    instalmentId: requiredRef("instalment_id", () => instalments.id, "restrict"),
    method: paymentMethod("method").notNull(),
    /** What we asked for, in kobo. */
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("NGN"),
    status: paymentStatus("status").notNull().default("started"),
    /** The gateway's own id of the transaction, once it has told us of it. */
    gatewayId: text("gateway_id"),
    /** What the gateway says was paid, where that differs from what we asked (flagged). */
    receivedAmount: bigint("received_amount_kobo", { mode: "number" }),
    receivedCurrency: text("received_currency"),
    flagReason: text("flag_reason"),
    paidAt: moment("paid_at"),
    /** Numbered in the order payments are confirmed, never reused: 'LTA-R-000123'. */
    receiptNumber: integer("receipt_number"),
    /** A card payment's checkout page, while it is open: 'Pay now' sends the applicant back to it. */
    checkoutUrl: text("checkout_url"),
    /** The last time the gateway was asked about a started payment. */
    checkedAt: moment("checked_at"),
    /** A bank transfer's proof: the stored file's key, its name as sent and its type. */
    proofKey: text("proof_key"),
    proofName: text("proof_name"),
    proofType: text("proof_type"),
    /** Why staff rejected a proof, or a staff member's note on a payment they recorded. */
    staffNote: text("staff_note"),
    /** The admin who confirmed, rejected or recorded it; null for the gateway. */
    reviewedBy: optionalRef("reviewed_by", () => admins.id),
    /** The sum of its refunds, in kobo. */
    refundedAmount: bigint("refunded_amount_kobo", { mode: "number" }).notNull().default(0),
    /** The place's price, line by line, as it stood when this payment was confirmed (its receipt). */
    priceLines: jsonb("price_lines").$type<PricedLines>(),
    /** The transfer into the applicant's own account number that paid it (method transfer-account). */
    accountTransferId: optionalRef("account_transfer_id", () => accountTransfers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("payments_reference_unique").on(t.reference),
    check(
      "payments_refund_within_amount",
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`,
    ),
    check(
      "payments_proof_has_file",
      sql`${t.status}::text <> 'proof-sent' OR ${t.proofKey} IS NOT NULL`,
    ),
    unique("payments_receipt_number_unique").on(t.receiptNumber),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check(
      "payments_paid_has_receipt",
      sql`${t.status} <> 'paid' OR (${t.paidAt} IS NOT NULL AND ${t.receiptNumber} IS NOT NULL)`,
    ),
    index("payments_application_idx").on(t.applicationId),
    index("payments_started_idx").on(t.createdAt).where(sql`${t.status} = 'started'`),
    index("payments_paid_at_idx").on(t.paidAt).where(sql`${t.status} = 'paid'`),
  ],
);

export type RefundMethod = (typeof refundMethods)[number];
export type RefundStatus = (typeof refundStatuses)[number];

/** Money given back, in part or in full, with why and by whom. */
export const refunds = pgTable(
  "refunds",
  {
    id: primaryId(),
    paymentId: requiredRef("payment_id", () => payments.id, "restrict"),
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    method: text("method").$type<RefundMethod>().notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** The gateway's id of the refund. */
    gatewayId: text("gateway_id"),
    actorId: optionalRef("actor_id", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    index("refunds_payment_idx").on(t.paymentId),
  ],
);

/**
 * The academy's bank account, shown to applicants who pay by transfer; one row, kept by a
 * super admin in Settings. Without it, bank transfer is not offered.
 */
export const bankAccount = pgTable(
  "bank_account",
  {
    id: boolean("id").primaryKey().default(true),
    bankName: text("bank_name").notNull(),
    accountName: text("account_name").notNull(),
    /** A NUBAN: ten digits. */
    accountNumber: text("account_number").notNull(),
    updatedBy: optionalRef("updated_by", () => admins.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bank_account_single_row", sql`${t.id}`),
    check("bank_account_nuban", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
  ],
);
export type Instalment = typeof instalments.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type BankAccount = typeof bankAccount.$inferSelect;
