import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paymentPlanKinds } from "~/db/schema";
import {
  addMonths,
  type IntakePricing,
  instalmentSchedule,
  monthlyInstalments,
  priceBuildUp,
  priceOnAcceptance,
  type Reduction,
  splitEvenly,
} from "~/features/intakes/payment-plans";
import { addDays } from "~/lib/format/dates";

const intake: IntakePricing = {
  price: 25_000_000, // ₦250,000
  earlyBirdPrice: 20_000_000,
  earlyBirdEndsOn: "2027-01-05",
  payInFullDiscount: 2_500_000,
  startsOn: "2027-01-11",
  endsOn: "2027-04-09",
};

describe("priceOnAcceptance", () => {
  it("is the early-bird price through its last day, the price after it", () => {
    expect(priceOnAcceptance(intake, "2027-01-05")).toBe(20_000_000);
    expect(priceOnAcceptance(intake, "2027-01-06")).toBe(25_000_000);
  });

  it("is the price when the intake has no early bird", () => {
    const plain = { ...intake, earlyBirdPrice: null, earlyBirdEndsOn: null };
    expect(priceOnAcceptance(plain, "2026-12-01")).toBe(25_000_000);
  });
});

describe("instalmentSchedule", () => {
  it("pays in full on the day of acceptance, less the pay-in-full discount", () => {
    expect(instalmentSchedule("full", intake, "2027-01-08")).toEqual([
      { number: 1, amount: 22_500_000, dueOn: "2027-01-08" },
    ]);
    expect(
      instalmentSchedule("full", { ...intake, payInFullDiscount: null }, "2027-01-08"),
    ).toEqual([{ number: 1, amount: 25_000_000, dueOn: "2027-01-08" }]);
  });

  it("takes the discount off the early-bird price when accepted in time", () => {
    expect(instalmentSchedule("full", intake, "2026-12-20")[0]?.amount).toBe(17_500_000);
  });

  it("splits two instalments: half on acceptance, half on the start date", () => {
    expect(instalmentSchedule("two-instalments", intake, "2026-12-20")).toEqual([
      { number: 1, amount: 10_000_000, dueOn: "2026-12-20" },
      { number: 2, amount: 10_000_000, dueOn: "2027-01-11" },
    ]);
  });

  it("pays monthly from the start date, one instalment per month the intake runs", () => {
    expect(instalmentSchedule("monthly", intake, "2026-12-20")).toEqual([
      { number: 1, amount: 6_666_800, dueOn: "2026-12-20" },
      { number: 2, amount: 6_666_600, dueOn: "2027-01-11" },
      { number: 3, amount: 6_666_600, dueOn: "2027-02-11" },
    ]);
  });

  it("moves later instalments along when the place is accepted after the start", () => {
    const late = instalmentSchedule("two-instalments", intake, "2027-01-20");
    expect(late.map((part) => part.dueOn)).toEqual(["2027-01-20", "2027-02-20"]);
  });

  it("gives every plan amounts in whole kobo that sum to the price, due in date order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...paymentPlanKinds),
        // A free intake (₦0) has nothing to pay; from 6 kobo every part is at least 1.
        fc.integer({ min: 6, max: 5_000_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: -60, max: 120 }),
        (kind, price, startOffset, length, acceptedOffset) => {
          const startsOn = addDays("2027-01-01", startOffset);
          const terms = {
            ...intake,
            price,
            earlyBirdPrice: null,
            earlyBirdEndsOn: null,
            payInFullDiscount: null,
            startsOn,
            endsOn: addDays(startsOn, length),
          };
          const acceptedOn = addDays(startsOn, acceptedOffset);
          const parts = instalmentSchedule(kind, terms, acceptedOn);
          expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(price);
          expect(parts.every((part) => Number.isInteger(part.amount) && part.amount > 0)).toBe(
            true,
          );
          expect(parts[0]?.dueOn).toBe(acceptedOn);
          for (let index = 1; index < parts.length; index++) {
            expect(`${parts[index]?.dueOn}` > `${parts[index - 1]?.dueOn}`).toBe(true);
          }
        },
      ),
    );
  });
});

describe("priceBuildUp", () => {
  it("takes the code, then the scholarship, then the pay-in-full discount off what is left", () => {
    // Early bird ₦200,000; 10 % off: ₦20,000; scholarship ₦50,000; pay in full ₦25,000.
    expect(
      priceBuildUp("full", intake, "2027-01-05", {
        code: { code: "LAGOS10", percent: 10 },
        scholarship: { amountKobo: 5_000_000 },
      }),
    ).toEqual({
      lines: [
        { kind: "price", label: "Early-bird price", amount: 20_000_000 },
        { kind: "code", label: "Discount code LAGOS10", amount: -2_000_000 },
        { kind: "scholarship", label: "Scholarship", amount: -5_000_000 },
        { kind: "pay-in-full", label: "Pay-in-full discount", amount: -2_500_000 },
      ],
      total: 10_500_000,
    });
  });

  it("never goes below nothing, and a place that costs nothing has no instalments", () => {
    const free = { code: { code: "FREE", percent: 100 } };
    expect(priceBuildUp("full", intake, "2027-01-08", free).total).toBe(0);
    expect(instalmentSchedule("two-instalments", intake, "2027-01-08", free)).toEqual([]);
    const more = priceBuildUp("full", intake, "2027-01-08", {
      scholarship: { amountKobo: 99_000_000 },
    });
    expect(more.lines.at(-1)).toEqual({
      kind: "scholarship",
      label: "Scholarship",
      amount: -25_000_000,
    });
    expect(more.total).toBe(0);
  });

  it("holds for every plan, code, scholarship and early bird: parts positive, summing to the total its lines add up to", () => {
    const reduction: fc.Arbitrary<Reduction | null> = fc.oneof(
      fc.constant(null),
      fc.record({ percent: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ amountKobo: fc.integer({ min: 1, max: 6_000_000_000 }) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...paymentPlanKinds),
        fc.integer({ min: 0, max: 5_000_000_000 }),
        fc.option(fc.integer({ min: 0, max: 5_000_000_000 })),
        fc.option(fc.integer({ min: 1, max: 5_000_000_000 })),
        reduction,
        reduction,
        fc.integer({ min: -60, max: 120 }),
        (kind, price, earlyBird, payInFull, code, scholarship, acceptedOffset) => {
          const terms: IntakePricing = {
            ...intake,
            price,
            earlyBirdPrice: earlyBird === null ? null : Math.min(earlyBird, price),
            earlyBirdEndsOn: earlyBird === null ? null : "2027-01-05",
            payInFullDiscount: payInFull,
          };
          const acceptedOn = addDays("2027-01-05", acceptedOffset);
          const reductions = { code: code && { ...code, code: "ANY" }, scholarship };
          const { lines, total } = priceBuildUp(kind, terms, acceptedOn, reductions);
          const parts = instalmentSchedule(kind, terms, acceptedOn, reductions);
          expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(total);
          expect(lines[0]?.amount).toBe(priceOnAcceptance(terms, acceptedOn));
          expect(lines.slice(1).every((line) => line.amount < 0)).toBe(true);
          expect(total).toBeGreaterThanOrEqual(0);
          expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(total);
          expect(parts.every((part) => Number.isInteger(part.amount) && part.amount > 0)).toBe(
            true,
          );
          expect(parts.map((part) => part.number)).toEqual(parts.map((_, index) => index + 1));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("monthlyInstalments", () => {
  it("counts the months the intake runs, a part month as one, between 2 and 6", () => {
    expect(monthlyInstalments({ startsOn: "2027-01-11", endsOn: "2027-04-10" })).toBe(3);
    expect(monthlyInstalments({ startsOn: "2027-01-11", endsOn: "2027-04-12" })).toBe(4);
    expect(monthlyInstalments({ startsOn: "2027-01-11", endsOn: "2027-01-30" })).toBe(2);
    expect(monthlyInstalments({ startsOn: "2027-01-11", endsOn: "2028-01-10" })).toBe(6);
  });
});

describe("splitEvenly", () => {
  it("gives whole Naira after the first, which carries the odd Naira and kobo", () => {
    expect(splitEvenly(10_000_050, 3)).toEqual([3_333_450, 3_333_300, 3_333_300]);
  });
});

describe("addMonths", () => {
  it("keeps the day, or the month's last day where the month is shorter", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-11-15", 3)).toBe("2028-02-15");
  });
});
