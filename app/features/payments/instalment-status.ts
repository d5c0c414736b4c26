import type { paymentMethods } from "~/db/schema";

/**
 * Where an instalment stands, as staff read it on the Students page's Payments tab and an
 * application's Payments, the dashboard and the reports ('My application' reads it by money and
 * calendar alone). One rule, written twice: `instalmentStatus` here (pure, unit tested) and
 * `instalmentStatusSql` in payment-overview.server.ts, which the integration tests hold to the
 * same answers. What needs staff comes first, then money, then the calendar:
 *
 * 1. flagged: a payment of it is flagged (money that did not match, or a second payment) and
 *    not given back in full;
 * 2. proof to check: a bank transfer's proof waits for staff;
 * 3. refunded / part refunded: paid, and its paid payment given back in full / in part;
 * 4. paid;
 * 5. cancelled: unpaid, and the place is no longer held (withdrawn, declined, or its intake
 *    cancelled): nothing is owed;
 * 6. overdue: unpaid, due before today (Lagos), whatever its attempts;
 * 7. failed: unpaid, not yet overdue, and its latest payment failed, was abandoned or rejected;
 * 8. due: unpaid, due today or later.
 */

export const instalmentStatuses = [
  "flagged",
  "proof-sent",
  "refunded",
  "part-refunded",
  "paid",
  "cancelled",
  "overdue",
  "failed",
  "due",
] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];

export const instalmentStatusLabels: Record<InstalmentStatus, string> = {
  flagged: "Flagged",
  "proof-sent": "Proof to check",
  refunded: "Refunded",
  "part-refunded": "Part refunded",
  paid: "Paid",
  cancelled: "Cancelled (nothing owed)",
  failed: "Failed",
  overdue: "Overdue",
  due: "Due",
};

export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  paystack: "Paystack",
  "bank-transfer": "Bank transfer",
  manual: "Recorded by staff",
  "transfer-account": "Transfer to own account number",
};

/**
 * The payment statuses whose money came in and may be given back: a paid payment, and a flagged
 * one (a second payment of an instalment, another amount), which is kept for staff to refund.
 */
export const refundablePaymentStatuses = ["paid", "flagged"] as const;

export const isRefundable = (payment: { status: string; amount: number; refundedAmount: number }) =>
  (refundablePaymentStatuses as readonly string[]).includes(payment.status) &&
  payment.refundedAmount < payment.amount;

/** The payment statuses that end an attempt without money: the instalment is still to pay. */
export const failedPaymentStatuses = ["failed", "abandoned", "rejected"] as const;

/** What of an instalment and its payments decides its status; amounts in kobo. */
export type InstalmentFacts = {
  /** A Lagos calendar date, `YYYY-MM-DD`. */
  dueOn: string;
  paidAt: Date | string | null;
  /** Whether its application still holds the place it pays for (accepted or enrolled). */
  placeHeld: boolean;
  /** Its payments, in any order; `createdAt` picks the latest. */
  payments: readonly {
    status: string;
    amount: number;
    refundedAmount: number;
    createdAt: Date | string;
  }[];
};

const time = (value: Date | string) => new Date(value).getTime();

/** Where an instalment stands on the Lagos date `today` (`YYYY-MM-DD`). */
export function instalmentStatus(facts: InstalmentFacts, today: string): InstalmentStatus {
  const { payments } = facts;
  if (payments.some((p) => p.status === "flagged" && p.refundedAmount < p.amount)) return "flagged";
  if (payments.some((p) => p.status === "proof-sent")) return "proof-sent";
  if (facts.paidAt !== null) {
    const paid = payments.find((p) => p.status === "paid");
    if (paid && paid.refundedAmount > 0)
      return paid.refundedAmount >= paid.amount ? "refunded" : "part-refunded";
    return "paid";
  }
  if (!facts.placeHeld) return "cancelled";
  if (facts.dueOn < today) return "overdue";
  const latest = payments.reduce<InstalmentFacts["payments"][number] | null>(
    (last, p) => (!last || time(p.createdAt) > time(last.createdAt) ? p : last),
    null,
  );
  if (latest && (failedPaymentStatuses as readonly string[]).includes(latest.status))
    return "failed";
  return "due";
}
