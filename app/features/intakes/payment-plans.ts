import type { AgreedPricing, PricedLines } from "~/db/schema";
import { paymentPlanKinds } from "~/db/schema/values";

/**
 * The ways an intake can be paid for, and each plan's schedule: the amounts (whole kobo, summing
 * exactly to the price) and the Lagos dates they fall due. Computed on the server only; the
 * browser names a plan, never an amount.
 */

export type PaymentPlanKind = (typeof paymentPlanKinds)[number];

/** Paying in full is always offered; an intake may offer these besides. */
export const instalmentPlanKinds = paymentPlanKinds.filter(
  (kind): kind is Exclude<PaymentPlanKind, "full"> => kind !== "full",
) as ["two-instalments", "monthly"];

/** The plans an intake offers: paying in full, and the instalment plans staff chose. */
export const offeredPlans = (
  instalmentPlans: readonly (typeof instalmentPlanKinds)[number][] = [],
): PaymentPlanKind[] => ["full", ...instalmentPlans];

export const paymentPlanLabels: Record<PaymentPlanKind, string> = {
  full: "Pay in full",
  "two-instalments": "Two instalments",
  monthly: "Monthly instalments",
};

/** What of an intake decides what its places cost. Amounts in kobo; dates `YYYY-MM-DD`, Lagos. */
export type IntakePricing = {
  price: number;
  earlyBirdPrice: number | null;
  /** The last Lagos date the early-bird price applies. */
  earlyBirdEndsOn: string | null;
  /** Taken off the price by whoever pays in full; none: no discount. */
  payInFullDiscount: number | null;
  startsOn: string;
  endsOn: string;
};

export type Instalment = { number: number; amount: number; dueOn: string };

/** Monthly plans have one instalment per month the intake runs, within these bounds. */
export const MONTHLY_INSTALMENTS = { min: 2, max: 6 } as const;

/** The price of a place accepted on `acceptedOn`: the early-bird price through its last day. */
export function priceOnAcceptance(intake: IntakePricing, acceptedOn: string): number {
  return earlyBirdOn(intake, acceptedOn) ? (intake.earlyBirdPrice as number) : intake.price;
}

const earlyBirdOn = (intake: IntakePricing, acceptedOn: string) =>
  intake.earlyBirdPrice !== null &&
  intake.earlyBirdEndsOn !== null &&
  acceptedOn <= intake.earlyBirdEndsOn;

/** Money off: a whole percentage (1 to 100) or an amount in kobo. */
export type Reduction = { percent: number } | { amountKobo: number };

/** What lowers one application's price besides the intake's own terms (decision 0075). */
export type PriceReductions = {
  /** The sponsor who paid for the seat the place was taken with: nothing is left to pay. */
  sponsor?: string | null;
  /** The discount code on the application, by its code as shown. */
  code?: (Reduction & { code: string }) | null;
  scholarship?: Reduction | null;
};

/** One line of a price build-up: the starting price, then each reduction as a negative amount. */
export type PriceLine = PricedLines["lines"][number];

/** The prices a place agrees to when it is first priced, taken from its intake. */
export const agreedPricingOf = (intake: AgreedPricing): AgreedPricing => ({
  price: intake.price,
  earlyBirdPrice: intake.earlyBirdPrice,
  earlyBirdEndsOn: intake.earlyBirdEndsOn,
  payInFullDiscount: intake.payInFullDiscount,
});

/**
 * What prices a place: the prices it agreed to once priced, else (before its first plan) its
 * intake's as they are now. The intake's dates stay its own (they set the due dates).
 */
export const placePricing = (intake: IntakePricing, agreed: AgreedPricing | null): IntakePricing =>
  agreed ? { ...intake, ...agreed } : intake;

/**
 * What a place costs on `kind` (null: before a plan is chosen), line by line, for a place accepted on `acceptedOn`: the price
 * (the early-bird price through its last day), then a sponsor's seat (all of it), then the discount code, then the scholarship,
 * then the pay-in-full discount, each taken off what is left before it and never more than that,
 * so the total is never below zero. Whole kobo: a percentage is rounded down.
 */
export function priceBuildUp(
  kind: PaymentPlanKind | null,
  intake: IntakePricing,
  acceptedOn: string,
  reductions: PriceReductions = {},
): { lines: PriceLine[]; total: number } {
  const start = priceOnAcceptance(intake, acceptedOn);
  const lines: PriceLine[] = [
    {
      kind: "price",
      label: earlyBirdOn(intake, acceptedOn) ? "Early-bird price" : "Course price",
      amount: start,
    },
  ];
  let total = start;
  const takeOff = (
    lineKind: PriceLine["kind"],
    label: string,
    reduction: Reduction | null | undefined,
  ) => {
    if (!reduction) return;
    const wanted =
      "percent" in reduction ? Math.floor((total * reduction.percent) / 100) : reduction.amountKobo;
    const off = Math.min(Math.max(wanted, 0), total);
    if (off === 0) return;
    lines.push({ kind: lineKind, label, amount: -off });
    total -= off;
  };
  const { sponsor, code, scholarship } = reductions;
  if (sponsor) takeOff("sponsored", `Seat paid by ${sponsor}`, { percent: 100 });
  if (code) takeOff("code", `Discount code ${code.code}`, code);
  takeOff("scholarship", "Scholarship", scholarship);
  if (kind === "full")
    takeOff("pay-in-full", "Pay-in-full discount", { amountKobo: intake.payInFullDiscount ?? 0 });
  return { lines, total };
}

/**
 * A plan's schedule for a place accepted on `acceptedOn`, of the price priceBuildUp gives. The
 * first instalment is due on the day of acceptance; a two-part plan's second on the day the
 * intake starts; a monthly plan's others a month apart from the start. A later due date never
 * falls before the one before it (a place accepted after the start date moves them along).
 * Parts that would be nothing are left out: a place that costs nothing has no instalments.
 */
export function instalmentSchedule(
  kind: PaymentPlanKind,
  intake: IntakePricing,
  acceptedOn: string,
  reductions: PriceReductions = {},
): Instalment[] {
  const { total } = priceBuildUp(kind, intake, acceptedOn, reductions);
  const parts = kind === "full" ? 1 : kind === "two-instalments" ? 2 : monthlyInstalments(intake);
  let dueOn = acceptedOn;
  return splitEvenly(total, parts)
    .map((amount, index) => {
      if (index > 0) {
        const planned = addMonths(intake.startsOn, index - 1);
        dueOn = planned > dueOn ? planned : addMonths(dueOn, 1);
      }
      return { number: index + 1, amount, dueOn };
    })
    .filter((part) => part.amount > 0);
}

/** One per month the intake runs (a part month counts), within MONTHLY_INSTALMENTS. */
export function monthlyInstalments(intake: Pick<IntakePricing, "startsOn" | "endsOn">): number {
  const start = utcDate(intake.startsOn);
  const end = utcDate(intake.endsOn);
  const months =
    (end.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    (end.getUTCMonth() - start.getUTCMonth()) +
    (end.getUTCDate() > start.getUTCDate() ? 1 : 0);
  return Math.min(MONTHLY_INSTALMENTS.max, Math.max(MONTHLY_INSTALMENTS.min, months));
}

/**
 * `total` kobo in `parts` amounts of whole Naira (of kobo, for a total under ₦1 a part); what is
 * left over goes on the first, so the parts always sum to the total.
 */
export function splitEvenly(total: number, parts: number): number[] {
  const unit = total >= parts * 100 ? 100 : 1;
  const each = Math.floor(total / parts / unit) * unit;
  return Array.from({ length: parts }, (_, index) =>
    index === 0 ? total - each * (parts - 1) : each,
  );
}

/** A calendar date moved by whole months; a day the month lacks becomes its last day. */
export function addMonths(isoDate: string, months: number): string {
  const date = utcDate(isoDate);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.toISOString().slice(0, 10);
}

const utcDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
