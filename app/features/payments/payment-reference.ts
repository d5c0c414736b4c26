import { randomBytes } from "node:crypto";

/** Crockford's base 32: no I, L, O or U to misread when a reference is read out or typed. */
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * Our own reference for one payment attempt, sent to the gateway and written on a bank
 * transfer: 'LTA-P-7K2M9QX4TB'. Random (50 bits), so one applicant cannot guess another's.
 */
export function newPaymentReference(): string {
  const bytes = randomBytes(10);
  let text = "";
  for (const byte of bytes) text += alphabet[byte % 32];
  return `LTA-P-${text}`;
}

/** What `newPaymentReference` makes, and nothing else. */
export const paymentReferencePattern = /^LTA-P-[0-9A-HJKMNP-TV-Z]{10}$/;

/** 'LTA-R-000123': a receipt's number as printed. */
export const formatReceiptNumber = (receiptNumber: number) =>
  `LTA-R-${String(receiptNumber).padStart(6, "0")}`;
