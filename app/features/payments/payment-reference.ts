import { randomCrockford } from "~/lib/text/crockford";

/**
 * Our own reference for one payment attempt, sent to the gateway and written on a bank
 * transfer: 'LTA-P-7K2M9QX4TB'. Random (50 bits), so one applicant cannot guess another's.
 */
export function newPaymentReference(): string {
  return `LTA-P-${randomCrockford(10)}`;
}

/** What `newPaymentReference` makes, and nothing else. */
export const paymentReferencePattern = /^LTA-P-[0-9A-HJKMNP-TV-Z]{10}$/;

/** 'LTA-R-000123': a receipt's number as printed. */
export const formatReceiptNumber = (receiptNumber: number) =>
  `LTA-R-${String(receiptNumber).padStart(6, "0")}`;
