import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import {
  type IntakePricing,
  instalmentSchedule,
  offeredPlans,
  type PaymentPlanKind,
  type PriceReductions,
  paymentPlanLabels,
  priceOnAcceptance,
} from "./payment-plans";

export type PlanOffer = { kind: PaymentPlanKind; label: string; terms: string };

/**
 * The plans an intake offers, in words, for a place accepted on `today` (Lagos): what the
 * course page shows before anyone applies. Amounts and dates are instalmentSchedule's own.
 */
export function planOffers(
  intake: IntakePricing & { paymentPlans: readonly PaymentPlanKind[] },
  today: string,
  reductions: PriceReductions = {},
): PlanOffer[] {
  const instalmentPlans = intake.paymentPlans.filter(
    (kind): kind is Exclude<PaymentPlanKind, "full"> => kind !== "full",
  );
  return offeredPlans(instalmentPlans).map((kind) => ({
    kind,
    label: paymentPlanLabels[kind],
    terms: termsOf(kind, intake, today, reductions),
  }));
}

function termsOf(
  kind: PaymentPlanKind,
  intake: IntakePricing,
  today: string,
  reductions: PriceReductions,
): string {
  const [first, ...rest] = instalmentSchedule(kind, intake, today, reductions);
  if (!first) return formatNaira(0);
  const second = rest[0];
  if (kind === "full" || !second) {
    const price = priceOnAcceptance(intake, today);
    const off = price > 0 ? Math.round((100 * (price - first.amount)) / price) : 0;
    return first.amount < price
      ? `${formatNaira(first.amount)} (${off}% off)`
      : formatNaira(first.amount);
  }
  if (rest.length === 1)
    return `${formatNaira(first.amount)} now, ${formatNaira(second.amount)} on ${formatShortDate(second.dueOn)}`;
  const from = `monthly from ${formatShortDate(second.dueOn)}`;
  return first.amount === second.amount
    ? `${rest.length + 1} × ${formatNaira(first.amount)}: the first now, then ${from}`
    : `${formatNaira(first.amount)} now, then ${rest.length} × ${formatNaira(second.amount)} ${from}`;
}
