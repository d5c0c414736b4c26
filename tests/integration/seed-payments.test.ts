import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courses, payments, refunds } from "~/db/schema";
import { seedDemoApplications } from "~/features/demo/seed-applications.server";
import { seedDemoPayments } from "~/features/demo/seed-payments.server";
import { defaultPaymentsQuery } from "~/features/payments/staff/list-url";
import { listInstalments } from "~/features/payments/staff/payment-overview.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { paymentProofs } from "~/lib/infra/storage/index.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { getRequest, outcomeOf, signedInAdmin } from "../support/admin-session";
import { insertIntakes } from "../support/intake-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const PRICE = 25_000_000;
let cookie: string;

/** The two demo courses, as the catalogue has them: an intake that started, two ahead. */
beforeAll(async () => {
  ({ cookie } = await signedInAdmin({ role: "admin" }));
  const today = lagosToday();
  for (const slug of ["data-analysis-excel-sql-power-bi", "frontend-web-development"]) {
    const [course] = await database()
      .db.insert(courses)
      .values({ slug, title: slug, description: slug })
      .returning();
    if (!course) throw new Error("no course");
    await insertIntakes(course.id, [addDays(today, -28), addDays(today, 14), addDays(today, 60)], {
      price: PRICE,
      paymentPlans: ["full", "two-instalments", "monthly"],
    });
  }
  await seedDemoApplications(database().db);
});

async function dashboardMoney() {
  const outcome = await outcomeOf(() =>
    dashboardLoader(routeArgs(getRequest("/admin-portal/dashboard", { cookie }))),
  );
  if (outcome.kind !== "value") throw new Error(`The dashboard answered ${outcome.kind}`);
  return (outcome.data as Awaited<ReturnType<typeof dashboardLoader>>).payments;
}

describe("the demo's money", () => {
  it("gives the enrolled students paid and due instalments, one overdue, a proof, a refund and receipts", async () => {
    expect(await dashboardMoney()).toEqual({
      collectedThisMonth: 0,
      overdue: { count: 0, amount: 0 },
    });
    expect(await seedDemoPayments(database().db, paymentProofs())).toBe(9);
    // Once only: a second start adds nothing.
    expect(await seedDemoPayments(database().db, paymentProofs())).toBe(0);

    const money = await dashboardMoney();
    // Two second instalments paid today, and perhaps first ones earlier this month.
    expect(money.collectedThisMonth).toBeGreaterThanOrEqual(PRICE);
    expect(money.overdue).toEqual({ count: 1, amount: PRICE / 2 });

    // The Payments tab, as staff see it.
    const { instalments: states } = await listInstalments(defaultPaymentsQuery, lagosToday());
    expect(new Set(states.map((row) => row.status))).toEqual(
      new Set(["paid", "due", "overdue", "proof-sent", "part-refunded"]),
    );
    const paid = await database().db.select().from(payments).where(eq(payments.status, "paid"));
    expect(paid).toHaveLength(11);
    expect(paid.every((payment) => (payment.receiptNumber ?? 0) > 0)).toBe(true);
    const [proof] = await database()
      .db.select()
      .from(payments)
      .where(eq(payments.status, "proof-sent"));
    expect(await paymentProofs().get(proof?.proofKey ?? "")).not.toBeNull();
    const [refund] = await database().db.select().from(refunds);
    expect(refund).toMatchObject({ status: "processed", amount: PRICE / 10 });
    const [{ refunded } = { refunded: 0 }] = await database()
      .db.select({ refunded: sql<number>`sum(${payments.refundedAmount})`.mapWith(Number) })
      .from(payments);
    expect(refunded).toBe(PRICE / 10);
  });
});
