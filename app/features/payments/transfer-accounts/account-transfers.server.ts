import { eq, or } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import { accountTransfers, type Instalment, transferAccounts } from "~/db/schema";
import { recordEvent, systemActor } from "~/features/applications/application-history.server";
import { paysForPlace } from "~/features/applications/application-rules";
import { defineJob } from "~/features/jobs/define-job.server";
import { formatNaira } from "~/lib/format/money";
import { configuredGateway } from "../gateway/gateway.server";
import type { PaymentGateway } from "../gateway/payment-gateway";
import type { VerifiedCharge } from "../gateway/paystack.server";
import { lockMoneyRows } from "../money-locks.server";
import {
  insertPayment,
  instalmentLeftToPay,
  markPaid,
  nextUnpaidInstalment,
} from "../payments.server";
import { placesPaidFor } from "./transfer-accounts.server";

/*
 * A transfer into an applicant's own account number (decision 0078). Paystack's webhook says
 * one came; we ask Paystack what it was (the webhook's body is not trusted) and record it once
 * per Paystack reference. Exactly what the next instalment still needs, for the one place the
 * account's owner is paying, is a payment like a card payment: numbered, with its receipt.
 * Anything else (a part, more than is due, nothing due, no single place) waits for staff to
 * settle, shown with why; it is never lost and never counted in silence.
 */

export const transferReasons = {
  part: (sent: number, due: number) =>
    `Part of what is due: ${formatNaira(sent)} of the ${formatNaira(due)} due on the next instalment`,
  over: (sent: number, due: number) =>
    `More than is due: ${formatNaira(sent)}, with ${formatNaira(due)} due on the next instalment`,
  nothingDue: "Sent when nothing is due on the place",
  noPlan: "Sent before a way of paying was chosen",
  noPlace: "The account's owner has no place being paid for",
  severalPlaces: "The account's owner is paying for more than one place",
  unknownAccount: "Sent to an account number the academy does not know",
  currency: (currency: string) => `Sent in ${currency}, not NGN`,
} as const;

export type TransferOutcome = "applied" | "to-settle" | "already" | "not-a-transfer";

/** The account a transfer went to, by its number, else by Paystack's customer. */
async function accountOf(tx: Transaction, transfer: NonNullable<VerifiedCharge["transfer"]>) {
  const { accountNumber, customerCode } = transfer;
  if (!accountNumber && !customerCode) return null;
  const [account] = await tx
    .select()
    .from(transferAccounts)
    .where(
      or(
        accountNumber ? eq(transferAccounts.accountNumber, accountNumber) : undefined,
        customerCode ? eq(transferAccounts.customerCode, customerCode) : undefined,
      ),
    )
    .limit(1);
  return account ?? null;
}

/**
 * Where the money goes: the one place being paid for, locked as every payment of it locks it
 * (so its next instalment cannot be paid meanwhile), and that instalment when the transfer is
 * exactly what it still needs; else why not.
 */
async function placeFor(
  tx: Transaction,
  email: string,
  charge: VerifiedCharge,
): Promise<{ applicationId: string | null; reason: string | null; instalment?: Instalment }> {
  const places = await placesPaidFor(tx, email);
  const [only] = places;
  if (!only) return { applicationId: null, reason: transferReasons.noPlace };
  if (places.length > 1) return { applicationId: null, reason: transferReasons.severalPlaces };
  const { application } = await lockMoneyRows(tx, only.id);
  // Read again under the lock: the place may have been given up meanwhile.
  if (!application || !paysForPlace(application.status))
    return { applicationId: null, reason: transferReasons.noPlace };
  if (charge.currency !== "NGN")
    return { applicationId: only.id, reason: transferReasons.currency(charge.currency) };
  if (!application.paymentPlan) return { applicationId: only.id, reason: transferReasons.noPlan };
  const next = await nextUnpaidInstalment(tx, only.id);
  if (!next) return { applicationId: only.id, reason: transferReasons.nothingDue };
  const due = await instalmentLeftToPay(tx, next);
  if (charge.amountKobo < due)
    return { applicationId: only.id, reason: transferReasons.part(charge.amountKobo, due) };
  if (charge.amountKobo > due)
    return { applicationId: only.id, reason: transferReasons.over(charge.amountKobo, due) };
  return { applicationId: only.id, reason: null, instalment: next };
}

/**
 * Records a verified transfer into a dedicated account, once per Paystack reference: applied to
 * the next instalment when it is exactly what is due, else kept for staff to settle.
 */
export async function recordAccountTransfer(
  charge: VerifiedCharge,
  now = new Date(),
): Promise<TransferOutcome> {
  const { transfer } = charge;
  if (!transfer || charge.status !== "success" || charge.amountKobo <= 0) return "not-a-transfer";
  return db().transaction(async (tx) => {
    const account = await accountOf(tx, transfer);
    const where = account
      ? await placeFor(tx, account.email, charge)
      : { applicationId: null, reason: transferReasons.unknownAccount };
    const payable = where.instalment ?? null;
    const [recorded] = await tx
      .insert(accountTransfers)
      .values({
        gatewayReference: charge.reference,
        gatewayId: charge.gatewayId,
        accountId: account?.id ?? null,
        applicationId: where.applicationId,
        amount: charge.amountKobo,
        currency: charge.currency,
        senderName: transfer.senderName,
        senderBank: transfer.senderBank,
        receivedAt: charge.paidAt ?? now,
        state: payable ? "applied" : "to-settle",
        reason: where.reason,
      })
      .onConflictDoNothing({ target: accountTransfers.gatewayReference })
      .returning();
    if (!recorded) return "already";
    if (!payable) {
      if (where.applicationId)
        await recordEvent(tx, where.applicationId, "payment-flagged", systemActor, {
          detail: { reference: charge.reference, reason: where.reason ?? "" },
        });
      return "to-settle";
    }
    const payment = await insertPayment(tx, payable, "transfer-account", {
      amount: charge.amountKobo,
      gatewayId: charge.gatewayId,
      accountTransferId: recorded.id,
    });
    await markPaid(tx, payment, { paidAt: recorded.receivedAt, gatewayId: charge.gatewayId });
    await tx
      .update(accountTransfers)
      .set({ appliedAmount: charge.amountKobo })
      .where(eq(accountTransfers.id, recorded.id));
    return "applied";
  });
}

/** Asks Paystack about a dedicated account's charge and records it; nothing for any other charge. */
export async function checkAccountTransfer(
  reference: string,
  gateway: Pick<PaymentGateway, "verify"> | null,
): Promise<TransferOutcome> {
  if (!gateway) return "not-a-transfer";
  const charge = await gateway.verify(reference);
  if (!charge || charge.reference !== reference) return "not-a-transfer";
  return recordAccountTransfer(charge);
}

/** A Paystack reference as its webhook gives it: what we ask Paystack about. */
export const gatewayReferencePattern = /^[A-Za-z0-9._=-]{1,100}$/;

export const accountTransferJob = defineJob({
  name: "account-transfer-check",
  payload: z.object({ reference: z.string().check(z.regex(gatewayReferencePattern)) }),
  // Paystack unreachable: tried again, about a minute later and then less often, for a day.
  retry: { retryLimit: 12, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  run: async ({ reference }) => {
    await checkAccountTransfer(reference, configuredGateway());
  },
});
