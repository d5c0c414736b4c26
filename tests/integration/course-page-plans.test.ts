import { describe, expect, it } from "vitest";
import { nextIntakes } from "~/features/intakes/public-intakes.server";
import * as courseRoute from "~/routes/site/course";
import { openIntake } from "../support/application-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

// 11:00 in Lagos on Tuesday 1 December 2026.
const NOW = new Date("2026-12-01T10:00:00Z");

const intakeFields = {
  startsOn: "2027-03-15",
  endsOn: "2027-05-20",
  price: 500_000_00,
  payInFullDiscount: 25_000_00,
  paymentPlans: ["full", "two-instalments", "monthly"] as (
    | "full"
    | "two-instalments"
    | "monthly"
  )[],
};

describe("the course page's ways to pay", () => {
  it("shows each plan an open intake offers, as if accepted today", async () => {
    const { course } = await openIntake(intakeFields, NOW);
    const [intake] = await nextIntakes(course.id, NOW);
    expect(intake?.plans).toEqual([
      { kind: "full", label: "Pay in full", terms: "₦475,000 (5% off)" },
      {
        kind: "two-instalments",
        label: "Two instalments",
        terms: "₦250,000 now, ₦250,000 on 15 Mar 2027",
      },
      {
        kind: "monthly",
        label: "Monthly instalments",
        terms: "₦166,668 now, then 2 × ₦166,666 monthly from 15 Mar 2027",
      },
    ]);
  });

  it("prices by the early bird while it lasts, and offers paying in full alone by default", async () => {
    const { course } = await openIntake(
      {
        ...intakeFields,
        price: 600_000_00,
        earlyBirdPrice: 450_000_00,
        earlyBirdEndsOn: "2026-12-31",
        payInFullDiscount: null,
        paymentPlans: ["full", "monthly"],
        endsOn: "2027-06-10",
      },
      NOW,
    );
    const { course: plain } = await openIntake({ startsOn: "2027-02-01" }, NOW);
    const [intake] = await nextIntakes(course.id, NOW);
    expect(intake?.plans.map((plan) => plan.terms)).toEqual([
      "₦450,000",
      "3 × ₦150,000: the first now, then monthly from 15 Mar 2027",
    ]);
    const [only] = await nextIntakes(plain.id, NOW);
    expect(only?.plans).toEqual([{ kind: "full", label: "Pay in full", terms: "₦250,000" }]);
  });

  it("reach the page's data", async () => {
    const { course } = await openIntake(intakeFields);
    const data = await courseRoute.loader(
      routeArgs(new Request(`http://localhost/courses/${course.slug}`), { slug: course.slug }),
    );
    if (data instanceof Response) throw new Error("the course page did not load");
    expect(data.intakes[0]?.plans.map((plan) => plan.label)).toEqual([
      "Pay in full",
      "Two instalments",
      "Monthly instalments",
    ]);
  });
});
