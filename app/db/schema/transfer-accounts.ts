import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { admins } from "./auth";
import { createdAt, moment, optionalRef, primaryId, updatedAt } from "./columns";
import type { accountTransferStates, transferAccountStatuses } from "./values";

export type TransferAccountStatus = (typeof transferAccountStatuses)[number];
export type AccountTransferState = (typeof accountTransferStates)[number];

/**
 * A person's own account number for bank transfers (a Paystack Dedicated Virtual Account),
 * one per e-mail address: Paystack keeps one customer per address, and the customer's account
 * serves each of their places.
 */
export const transferAccounts = pgTable(
  "transfer_accounts",
  {
    id: primaryId(),
    /** The applicant's address, lower case. */
    email: text("email").notNull(),
    /** Paystack's customer (`CUS_…`), once made or found. */
    customerCode: text("customer_code"),
    /** requested: asked of Paystack; assigned: the account exists; failed: Paystack refused. */
    status: text("status").$type<TransferAccountStatus>().notNull().default("requested"),
    accountNumber: text("account_number"),
    accountName: text("account_name"),
    bankName: text("bank_name"),
    /** Paystack's id of the dedicated account. */
    gatewayId: text("gateway_id"),
    /** Paystack's words when it refused, for staff. */
    failure: text("failure"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("transfer_accounts_email_unique").on(t.email),
    uniqueIndex("transfer_accounts_customer_unique").on(t.customerCode),
    uniqueIndex("transfer_accounts_number_unique").on(t.accountNumber),
    check(
      "transfer_accounts_assigned_has_number",
      sql`${t.status} <> 'assigned' OR (${t.accountNumber} IS NOT NULL AND ${t.bankName} IS NOT NULL)`,
    ),
  ],
);

/**
 * Money a person sent to their own account number, recorded once per Paystack transaction
 * whatever tells us of it. `applied`: it paid what was due, as payments with their receipts
 * (each payment names it: `payments.accountTransferId`); `to-settle`: it waits for staff (a part, more than is due, nothing due, or no
 * single place it can be for), who apply it to instalments or give it back; `settled`: staff
 * have. Never lost, never counted in silence.
 */
export const accountTransfers = pgTable(
  "account_transfers",
  {
    id: primaryId(),
    /** Paystack's reference of the transaction. */
    gatewayReference: text("gateway_reference").notNull(),
    gatewayId: text("gateway_id").notNull(),
    accountId: optionalRef("account_id", () => transferAccounts.id),
    /** The place it was for, where one could be told. */
    applicationId: optionalRef("application_id", () => applications.id),
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** The payer's name and bank, as their bank gave them to Paystack. */
    senderName: text("sender_name"),
    senderBank: text("sender_bank"),
    receivedAt: moment("received_at").notNull(),
    state: text("state").$type<AccountTransferState>().notNull(),
    /** Why it waits for staff. */
    reason: text("reason"),
    /** How much of it went to instalments, and how much was given back. */
    appliedAmount: bigint("applied_amount_kobo", { mode: "number" }).notNull().default(0),
    refundedAmount: bigint("refunded_amount_kobo", { mode: "number" }).notNull().default(0),
    /** The staff member who last applied or refunded it, with their note. */
    settledBy: optionalRef("settled_by", () => admins.id),
    staffNote: text("staff_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("account_transfers_reference_unique").on(t.gatewayReference),
    index("account_transfers_application_idx").on(t.applicationId),
    index("account_transfers_to_settle_idx").on(t.createdAt).where(sql`${t.state} = 'to-settle'`),
    check("account_transfers_amount_positive", sql`${t.amount} > 0`),
    check(
      "account_transfers_within_amount",
      sql`${t.appliedAmount} >= 0 AND ${t.refundedAmount} >= 0 AND ${t.appliedAmount} + ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

export type TransferAccount = typeof transferAccounts.$inferSelect;
export type AccountTransfer = typeof accountTransfers.$inferSelect;
