import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type Admin, intakes } from "~/db/schema";
import { choosePaymentPlan } from "~/features/payments/payments.server";
import {
  grantScholarshipOnApplication,
  priceOfApplication,
} from "~/features/payments/price-changes.server";
import { receiptFacts } from "~/features/payments/receipts/receipts.server";
import { recordManualPayment } from "~/features/payments/staff/staff-payments.server";
import { lagosToday } from "~/lib/format/dates";
import { makeAdmin } from "../support/admin-session";
import { acceptedPlace, nth, scheduleOf } from "../support/application-fixtures";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();
let staff: Admin;
beforeAll(async () => {
  staff = await makeAdmin({ name: "Bola Bursar" });
});

const PRICE = 20_000_000; // ₦200,000
const sum = (parts: { amount: number }[]) => parts.reduce((total, part) => total + part.amount, 0);

/** Staff set new prices for the intake's next applicants. */
async function intakeRepriced(intakeId: string) {
  await db()
    .update(intakes)
    .set({ price: 30_000_000, payInFullDiscount: 5_000_000 })
    .where(eq(intakes.id, intakeId));
}

describe("a place's price", () => {
  it("stays what it agreed to when its plan was chosen, whatever the intake costs later", async () => {
    const { intake, application } = await acceptedPlace({ price: PRICE, payInFullDiscount: null });
    await choosePaymentPlan(application.id, "two-instalments");
    await intakeRepriced(intake.id);

    expect((await priceOfApplication(application.id))?.total).toBe(PRICE);
    // A change of plan before paying keeps the agreed prices (no pay-in-full discount then).
    await choosePaymentPlan(application.id, "full");
    expect(sum(await scheduleOf(application.id))).toBe(PRICE);
    await choosePaymentPlan(application.id, "two-instalments");
    // A scholarship reprices the unpaid instalments from the agreed price, not the new one.
    const [first] = await scheduleOf(application.id);
    if (!first) throw new Error("no schedule");
    await recordManualPayment(staff, application.id, first.id, lagosToday(), "Cash at the office");
    await grantScholarshipOnApplication(
      { kind: "staff", adminId: staff.id },
      application.id,
      { percent: 10 },
      "Top of the entrance test",
    );
    expect(sum(await scheduleOf(application.id))).toBe(PRICE * 0.9);
    expect((await priceOfApplication(application.id))?.total).toBe(PRICE * 0.9);
  });

  it("is on each receipt as it stood when the payment was confirmed", async () => {
    const { application } = await acceptedPlace({ price: PRICE, payInFullDiscount: null });
    await choosePaymentPlan(application.id, "two-instalments");
    const first = nth(await scheduleOf(application.id), 0);
    const { payment } = await recordManualPayment(
      staff,
      application.id,
      first.id,
      lagosToday(),
      "Cash at the office",
    );
    await grantScholarshipOnApplication(
      { kind: "staff", adminId: staff.id },
      application.id,
      { amountKobo: 2_000_000 },
      "Lost her job in March",
    );
    const later = await receiptFacts(db(), payment.id);
    expect(later?.receipt.priceLines).toMatchObject([{ label: "Course price", amount: PRICE }]);
    // The next payment's receipt has the scholarship, and its lines add up to the price.
    const second = nth(await scheduleOf(application.id), 1);
    const { payment: next } = await recordManualPayment(
      staff,
      application.id,
      second.id,
      lagosToday(),
      "Transfer seen on the statement",
    );
    const lines = (await receiptFacts(db(), next.id))?.receipt.priceLines ?? [];
    expect(lines.map((line) => line.label)).toEqual(["Course price", "Scholarship"]);
    expect(sum(lines)).toBe(sum(await scheduleOf(application.id)));
  });
});
