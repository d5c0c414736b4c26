import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type Admin, instalments, payments } from "~/db/schema";
import { paystackGateway } from "~/features/payments/gateway/paystack.server";
import {
  choosePaymentPlan,
  settleGatewayPayment,
  startGatewayPayment,
} from "~/features/payments/payments.server";
import { confirmProof, recordManualPayment } from "~/features/payments/staff/staff-payments.server";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { makeAdmin } from "../support/admin-session";
import { acceptedPlace, nth, scheduleOf } from "../support/application-fixtures";
import { type FakePaystack, startFakePaystack } from "../support/fake-paystack";
import { setupTestDatabase } from "../support/test-database";

// Only on the PostgreSQL server (vitest.config.ts): PGlite runs one transaction at a time, so
// only a server can deadlock. The three ways one instalment gets paid race, each in its own
// transaction on its own connection, as three requests to the app would.

/** As many rounds as the probe that found 13 deadlocks in 35. */
const ROUNDS = 35;

setupTestDatabase();
const secretKey = "sk_test_paymentlocks0123456789";
let paystack: FakePaystack;
let gateway: ReturnType<typeof paystackGateway>;
let staff: Admin;

beforeAll(async () => {
  paystack = await startFakePaystack({ secretKey });
  gateway = paystackGateway({ secretKey, baseUrl: paystack.baseUrl, timeoutMs: 5_000 });
  staff = await makeAdmin({ name: "Bola Bursar" });
});
afterAll(() => paystack.close());

/**
 * An accepted place (two instalments) whose first instalment has a card payment Paystack says
 * succeeded and a bank transfer's proof waiting for staff: three ways to pay it, all ready.
 */
async function instalmentPaidThreeWays() {
  const { application } = await acceptedPlace({ price: 20_000_000 });
  await choosePaymentPlan(application.id, "two-instalments");
  const first = nth(await scheduleOf(application.id), 0);
  const { payment: card } = await startGatewayPayment(
    application.id,
    gateway,
    "http://127.0.0.1:9/paid",
  );
  paystack.completeCheckout(card.reference, "success");
  const verified = await gateway.verify(card.reference);
  const [proof] = await db()
    .insert(payments)
    .values({
      reference: `LTA-P-LOCK${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, "0")}`,
      applicationId: application.id,
      instalmentId: first.id,
      method: "bank-transfer",
      amount: first.amount,
      status: "proof-sent",
      // Staff confirm it without opening the file: no file needs to exist.
      proofKey: "proofs/never-read.png",
      proofType: "image/png",
    })
    .returning();
  if (!proof) throw new Error("no proof");
  return { application, first, card, verified, proof };
}

it(`the card return, a proof's confirmation and a manual payment of one instalment at once: no deadlock in ${ROUNDS} rounds, the instalment paid once`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const { application, first, card, verified, proof } = await instalmentPaidThreeWays();
    const outcomes = await Promise.allSettled([
      // The card return (or webhook) after Paystack's verify answered.
      settleGatewayPayment(card.reference, { verify: () => Promise.resolve(verified) }),
      confirmProof(staff, application.id, proof.id),
      recordManualPayment(staff, application.id, first.id, lagosToday(), "Cash at the office"),
    ]);
    // A path that lost the race is refused in plain words (409): anything else would be a 500.
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" &&
      !(outcome.reason instanceof UserFacingError && outcome.reason.status === 409)
        ? [`round ${round + 1}: ${outcome.reason.cause ?? outcome.reason}`]
        : [],
    );
    expect(failures).toEqual([]);

    const [instalment] = await db().select().from(instalments).where(eq(instalments.id, first.id));
    expect(instalment?.paidAt).not.toBeNull();
    const rows = await db().select().from(payments).where(eq(payments.instalmentId, first.id));
    const paid = rows.filter((row) => row.status === "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]?.amount).toBe(first.amount);
    // The card's money came in either way: paid, or flagged for a refund, never lost.
    expect(["paid", "flagged"]).toContain(rows.find((row) => row.id === card.id)?.status);
    // The transfer too: confirmed after the instalment was paid, it is flagged, never rejected.
    expect(["paid", "flagged"]).toContain(rows.find((row) => row.id === proof.id)?.status);
  }
});
