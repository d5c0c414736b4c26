import type { Reduction } from "~/features/intakes/payment-plans";
import { formatNaira } from "~/lib/format/money";

/** A reduction as people read it: '25%' or '₦50,000'. */
export const reductionText = (reduction: Reduction) =>
  "percent" in reduction ? `${reduction.percent}%` : formatNaira(reduction.amountKobo);

/** A stored reduction (a code's or a scholarship's percent or amount column) in words. */
const storedReductionText = (percent: number | null, amount: number | null) =>
  percent !== null
    ? reductionText({ percent })
    : amount !== null
      ? reductionText({ amountKobo: amount })
      : null;

/** What a code takes off, as the Discounts page lists it: '10% off'. */
export const codeOffText = (code: { percent: number | null; amount: number | null }) =>
  `${storedReductionText(code.percent, code.amount)} off`;

/** What lowered an application's price, in a few words: 'Code LAGOS10 · Scholarship 25%'. */
export function discountSummary(row: {
  discountCode: string | null;
  scholarshipPercent: number | null;
  scholarshipAmount: number | null;
}): string | null {
  const scholarship = storedReductionText(row.scholarshipPercent, row.scholarshipAmount);
  const parts = [
    row.discountCode ? `Code ${row.discountCode}` : null,
    scholarship ? `Scholarship ${scholarship}` : null,
  ].filter((part) => part !== null);
  return parts.length ? parts.join(" · ") : null;
}
