import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  applications,
  courses,
  discountCodes,
  discountRedemptions,
  intakes,
  scholarships,
  sponsoredSeats,
  sponsorships,
} from "~/db/schema";
import { acceptedOnOf, placePayingStatuses } from "~/features/applications/application-rules";
import { reductionOf } from "~/features/discounts/discount-codes.server";
import { type PriceLine, placePricing, priceBuildUp } from "~/features/intakes/payment-plans";

/** What the places of one intake cost before and after what was taken off them, in kobo. */
export type IntakeDiscounts = {
  intakeId: string;
  title: string;
  label: string;
  /** The price of every place with a plan: early-bird where it applied; a seat's, see below. */
  before: number;
  /** Places taken with a sponsor's seat: their price less what the sponsor paid for each seat. */
  seatsBelowPrice: number;
  codes: number;
  scholarships: number;
  /** How many places were given a scholarship. */
  scholarshipCount: number;
  payInFull: number;
  after: number;
};

/**
 * Per intake, as of today: every accepted or enrolled place with a plan, priced line by line by
 * priceBuildUp (the same lines as its receipts), summed; a place taken with a sponsor's seat
 * comes to what the sponsor paid for the seat. Intakes that took nothing off are left out; the
 * most taken off first.
 */
export async function discountsByIntake(): Promise<IntakeDiscounts[]> {
  const rows = await db()
    .select({
      intakeId: intakes.id,
      title: courses.title,
      label: intakes.label,
      plan: applications.paymentPlan,
      acceptedAt: applications.acceptedAt,
      createdAt: applications.createdAt,
      agreedPricing: applications.agreedPricing,
      intake: intakes,
      // Flat, not nested: drizzle reads a nested left-joined object as null when its first
      // column is, and a reduction has either a percent or an amount.
      code: discountCodes.code,
      codePercent: discountCodes.percent,
      codeAmount: discountCodes.amount,
      scholarshipPercent: scholarships.percent,
      scholarshipAmount: scholarships.amount,
      seatPrice: sponsorships.seatPrice,
    })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .leftJoin(discountRedemptions, eq(discountRedemptions.applicationId, applications.id))
    .leftJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .leftJoin(scholarships, eq(scholarships.applicationId, applications.id))
    .leftJoin(sponsoredSeats, eq(sponsoredSeats.applicationId, applications.id))
    .leftJoin(sponsorships, eq(sponsorships.id, sponsoredSeats.sponsorshipId))
    .where(
      and(
        isNotNull(applications.paymentPlan),
        inArray(applications.status, [...placePayingStatuses]),
      ),
    )
    .orderBy(asc(courses.title), asc(intakes.startsOn));
  const byIntake = new Map<string, IntakeDiscounts>();
  for (const row of rows) {
    const pricing = placePricing(row.intake, row.agreedPricing);
    const sums =
      byIntake.get(row.intakeId) ??
      ({
        intakeId: row.intakeId,
        title: row.title,
        label: row.label,
        before: 0,
        seatsBelowPrice: 0,
        codes: 0,
        scholarships: 0,
        scholarshipCount: 0,
        payInFull: 0,
        after: 0,
      } satisfies IntakeDiscounts);
    byIntake.set(row.intakeId, sums);
    if (row.seatPrice !== null) {
      // A seat's student pays nothing; the academy is paid the seat's price. A sponsor buys at
      // the intake's price, early bird or not, so that is the price before; a seat sold above
      // it counts at its own price (nothing taken off, never less than nothing).
      const price = Math.max(pricing.price, row.seatPrice);
      sums.before += price;
      sums.seatsBelowPrice += price - row.seatPrice;
      sums.after += row.seatPrice;
      continue;
    }
    const { lines, total } = priceBuildUp(row.plan, pricing, acceptedOnOf(row), {
      code: row.code
        ? { code: row.code, ...reductionOf({ percent: row.codePercent, amount: row.codeAmount }) }
        : null,
      scholarship:
        row.scholarshipPercent !== null || row.scholarshipAmount !== null
          ? reductionOf({ percent: row.scholarshipPercent, amount: row.scholarshipAmount })
          : null,
    });
    const off = (kind: PriceLine["kind"]) =>
      -lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount, 0);
    sums.before += lines[0]?.amount ?? 0;
    sums.codes += off("code");
    sums.scholarships += off("scholarship");
    if (off("scholarship") > 0) sums.scholarshipCount += 1;
    sums.payInFull += off("pay-in-full");
    sums.after += total;
  }
  return [...byIntake.values()]
    .filter((intake) => intake.before > intake.after)
    .sort((a, b) => b.before - b.after - (a.before - a.after));
}
