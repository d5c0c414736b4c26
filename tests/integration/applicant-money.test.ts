import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type Admin, payments } from "~/db/schema";
import { issueApplicationLink } from "~/features/applications/application-token.server";
import { paymentMessages } from "~/features/payments/payment-messages";
import {
  checkPayment,
  choosePaymentPlan,
  settleGatewayPayment,
  startGatewayPayment,
} from "~/features/payments/payments.server";
import { receivePaystackWebhook } from "~/features/payments/paystack-webhook.server";
import { refundPayment } from "~/features/payments/refunds.server";
import { confirmProof, recordManualPayment } from "~/features/payments/staff/staff-payments.server";
import { lagosToday } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { takeFlash } from "~/lib/router/flash.server";
import * as returnRoute from "~/routes/site/payment-return";
import { signedInAdmin } from "../support/admin-session";
import {
  acceptedPlace,
  comeBackFromCheckout,
  myApplicationPage,
  nth,
  postOnMyApplication,
  scheduleOf,
  timelineKinds,
} from "../support/application-fixtures";
import { withFakePaystack } from "../support/fake-paystack-setup";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

/*
 * What an applicant reads about their money, and one instalment paid once (issue 40): refunds
 * shown as refunds, 'Pay now' withheld while a transfer's proof waits and never opening a second
 * checkout, a second payment flagged for a refund, a charge that succeeds after failing, and a
 * checkout cancelled.
 */

setupTestDatabase();
const secretKey = "sk_test_applicantmoney0123456789";
const callbackUrl = "http://127.0.0.1:9/application/token/paid";
const fake = withFakePaystack(secretKey);
let staff: Admin;

beforeAll(async () => {
  ({ admin: staff } = await signedInAdmin({ name: "Bola Bursar" }));
});

/** An accepted place (₦200,000) with its plan chosen, and the private link's token. */
async function placeWithPlan(plan: "full" | "two-instalments") {
  const { application } = await acceptedPlace({ price: 20_000_000 });
  await choosePaymentPlan(application.id, plan);
  const link = await db().transaction((tx) => issueApplicationLink(tx, application.id));
  const token = link.split("/application/")[1] ?? "";
  return { application, token, schedule: await scheduleOf(application.id) };
}

/** Staff record the whole instalment as paid in cash at the office, today. */
async function paidInCash(applicationId: string, instalmentId: string) {
  const { payment } = await recordManualPayment(
    staff,
    applicationId,
    instalmentId,
    lagosToday(),
    "Cash at the office",
  );
  return payment;
}

async function payStage(token: string) {
  const page = await myApplicationPage(token);
  if (page.payments?.stage !== "pay") throw new Error("Expected the schedule to pay");
  return page.payments;
}

async function paymentOf(reference: string) {
  const [row] = await db().select().from(payments).where(eq(payments.reference, reference));
  if (!row) throw new Error(`no payment ${reference}`);
  return row;
}

/** A proof of a bank transfer of the instalment, waiting for staff. */
async function proofOf(instalment: { id: string; applicationId: string; amount: number }) {
  const [row] = await db()
    .insert(payments)
    .values({
      reference: `LTA-P-${Math.random().toString(36).slice(2, 12).toUpperCase().padEnd(10, "0")}`,
      applicationId: instalment.applicationId,
      instalmentId: instalment.id,
      method: "bank-transfer",
      amount: instalment.amount,
      status: "proof-sent",
      proofKey: "proofs/test.png",
      proofType: "image/png",
    })
    .returning();
  if (!row) throw new Error("no proof");
  return row;
}

/** Back from Paystack's checkout the old way (the link in the path), then on to the return. */
async function comeBack(token: string, reference: string) {
  const oldWay = (await returnRoute.loader(
    routeArgs(new Request(`http://localhost/application/${token}/paid?reference=${reference}`), {
      token,
    }),
  )) as Response;
  const onward = `http://localhost${oldWay.headers.get("Location")}`;
  return (await comeBackFromCheckout(onward, oldWay)) as Response;
}

describe("a refund on 'My application'", () => {
  it("after a full refund: the instalment refunded, the refund with its date, nothing left, not 'everything is paid'", async () => {
    const { application, token, schedule } = await placeWithPlan("full");
    const paid = await paidInCash(application.id, nth(schedule, 0).id);
    await refundPayment(staff, application.id, paid.id, paid.amount, "Course moved", null);
    const money = await payStage(token);
    expect(money.instalments.map((part) => part.state)).toEqual(["refunded"]);
    expect(money).toMatchObject({
      paid: paid.amount,
      refunded: paid.amount,
      remaining: 0,
      next: null,
    });
    expect(money.refunds).toEqual([
      {
        id: expect.any(String),
        amount: paid.amount,
        on: expect.any(Date),
        done: true,
        instalmentNumber: 1,
      },
    ]);
  });

  it("after a part refund: part refunded, what was given back, and what remains to pay", async () => {
    const { application, token, schedule } = await placeWithPlan("two-instalments");
    const paid = await paidInCash(application.id, nth(schedule, 0).id);
    await refundPayment(staff, application.id, paid.id, 2_500_000, "A module cancelled", null);
    const money = await payStage(token);
    expect(money.instalments.map((part) => part.state)).toEqual(["part-refunded", "due"]);
    expect(money).toMatchObject({
      paid: paid.amount,
      refunded: 2_500_000,
      remaining: nth(schedule, 1).amount,
      next: { number: 2 },
    });
    expect(money.refunds.map((refund) => [refund.amount, refund.done])).toEqual([
      [2_500_000, true],
    ]);
  });

  it("reads a proof waiting and a failed attempt by the one instalment rule", async () => {
    const { token, schedule } = await placeWithPlan("two-instalments");
    await proofOf(nth(schedule, 0));
    const money = await payStage(token);
    expect(money.instalments.map((part) => part.state)).toEqual(["proof-sent", "due"]);
  });
});

describe("one payment per instalment", () => {
  it("withholds 'Pay now', with the reason, while a proof of the instalment waits", async () => {
    const { application, token, schedule } = await placeWithPlan("full");
    await proofOf(nth(schedule, 0));
    expect((await payStage(token)).proofWaits).toBe(true);
    const refused = (await postOnMyApplication(token, { intent: "pay" })) as {
      data: ActionReply;
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain(paymentMessages.payNowWithheld);
    const card = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id));
    expect(card.map((payment) => payment.method)).toEqual(["bank-transfer"]);
  });

  it("'Pay now' pressed 200 times at once opens one checkout, and each press goes to it", async () => {
    const { application, token } = await placeWithPlan("full");
    const before = fake.paystack.transactions.size;
    const answers = (await Promise.all(
      Array.from({ length: 200 }, () => postOnMyApplication(token, { intent: "pay" })),
    )) as Response[];
    const refused = answers.filter((answer) => !(answer instanceof Response));
    expect(refused, JSON.stringify(refused[0])).toEqual([]);
    const locations = new Set(answers.map((answer) => answer.headers.get("Location")));
    expect(locations.size).toBe(1);
    expect([...locations][0]).toMatch(new RegExp(`^${fake.paystack.baseUrl}/checkout/`));
    expect(fake.paystack.transactions.size - before).toBe(1);
    const started = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id));
    expect(started).toHaveLength(1);
  });

  it("a transfer confirmed for an instalment paid by card meanwhile is flagged for a refund, never rejected", async () => {
    const { application, token, schedule } = await placeWithPlan("full");
    const { payment: card } = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    const proof = await proofOf(nth(schedule, 0));
    fake.paystack.completeCheckout(card.reference, "success");
    expect(await settleGatewayPayment(card.reference, fake.gateway)).toBe("paid");
    // The card paid it; the transfer still waits for staff, who alone know if it came.
    expect((await paymentOf(proof.reference)).status).toBe("proof-sent");
    expect(await confirmProof(staff, application.id, proof.id)).toBe("flagged");
    expect(await paymentOf(proof.reference)).toMatchObject({
      status: "flagged",
      flagReason: paymentMessages.paidTwice,
      reviewedBy: staff.id,
    });
    expect(await timelineKinds(application.id)).toContain("payment-flagged");
    expect((await payStage(token)).instalments.map((part) => part.state)).toEqual(["flagged"]);
    // Staff give the second payment back.
    expect(
      await refundPayment(staff, application.id, proof.id, proof.amount, "Paid twice", null),
    ).toBe("processed");
    expect((await payStage(token)).instalments.map((part) => part.state)).toEqual(["paid"]);
  });
});

describe("a charge Paystack reports as successful after it failed", () => {
  it("is recorded when its webhook comes", async () => {
    const { application, schedule } = await placeWithPlan("full");
    const { payment } = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    fake.paystack.completeCheckout(payment.reference, "failed");
    expect(await settleGatewayPayment(payment.reference, fake.gateway)).toBe("failed");
    // The customer tried another card on the same checkout.
    fake.paystack.completeCheckout(payment.reference, "success");
    const { body, headers } = fake.paystack.signedWebhook(payment.reference);
    expect(
      (await receivePaystackWebhook(Buffer.from(body), headers["x-paystack-signature"])).status,
    ).toBe(200);
    await checkPayment({ reference: payment.reference, attempt: 0 }, fake.gateway);
    expect((await paymentOf(payment.reference)).status).toBe("paid");
    expect((await scheduleOf(application.id))[0]?.paidAt).not.toBeNull();
    expect(nth(schedule, 0).paidAt).toBeNull();
  });

  it("is recorded on the applicant's return, and flagged when the instalment was paid meanwhile", async () => {
    const { application, token, schedule } = await placeWithPlan("full");
    const { payment } = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    fake.paystack.completeCheckout(payment.reference, "failed");
    expect(await settleGatewayPayment(payment.reference, fake.gateway)).toBe("failed");
    await paidInCash(application.id, nth(schedule, 0).id);
    fake.paystack.completeCheckout(payment.reference, "success");
    await comeBack(token, payment.reference);
    expect(await paymentOf(payment.reference)).toMatchObject({
      status: "flagged",
      flagReason: paymentMessages.paidTwice,
    });
  });

  it("a delayed check, which nothing told of a success, leaves a failed attempt alone", async () => {
    const { application } = await placeWithPlan("full");
    const { payment } = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    fake.paystack.completeCheckout(payment.reference, "failed");
    expect(await settleGatewayPayment(payment.reference, fake.gateway)).toBe("failed");
    expect(await settleGatewayPayment(payment.reference, fake.gateway)).toBe("already");
  });
});

describe("'Cancel and go back' at the checkout", () => {
  it("says it was cancelled, closes the attempt, and 'Pay now' opens a new checkout", async () => {
    const { application, token } = await placeWithPlan("full");
    const first = (await postOnMyApplication(token, { intent: "pay" })) as Response;
    const [started] = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id));
    if (!started) throw new Error("no payment started");
    const checkout = await fetch(first.headers.get("Location") ?? "", {
      method: "POST",
      body: new URLSearchParams({ outcome: "abandoned" }),
      redirect: "manual",
    });
    expect(checkout.headers.get("location")).toContain(`reference=${started.reference}`);
    const back = await comeBack(token, started.reference);
    const cookie = (back.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const { flash } = await takeFlash(new Request("http://localhost/", { headers: { cookie } }));
    expect(flash).toEqual({ kind: "success", message: paymentMessages.cancelled });
    expect((await paymentOf(started.reference)).status).toBe("abandoned");
    expect((await payStage(token)).instalments.map((part) => part.state)).toEqual(["failed"]);
    const again = (await postOnMyApplication(token, { intent: "pay" })) as Response;
    expect(again.headers.get("Location")).not.toBe(first.headers.get("Location"));
  });
});

describe("changing plan before the first payment", () => {
  const changeTo = async (token: string, plan: string) => {
    const answer = (await postOnMyApplication(token, { intent: "choose-plan", plan })) as Response;
    expect(answer.status).toBe(302);
  };

  it("builds the schedule again, moves a failed attempt and closes an open checkout; after a payment the plan stays", async () => {
    const { application, token } = await placeWithPlan("two-instalments");
    expect((await payStage(token)).otherPlans.map((plan) => plan.kind)).toEqual(["full"]);
    const failed = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    fake.paystack.completeCheckout(failed.payment.reference, "failed");
    expect(await settleGatewayPayment(failed.payment.reference, fake.gateway)).toBe("failed");
    const open = await startGatewayPayment(application.id, fake.gateway, callbackUrl);

    await changeTo(token, "full");
    const changed = await scheduleOf(application.id);
    expect(changed.map((part) => part.amount)).toEqual([20_000_000]);
    expect((await paymentOf(failed.payment.reference)).instalmentId).toBe(nth(changed, 0).id);
    expect((await paymentOf(open.payment.reference)).status).toBe("abandoned");
    expect((await payStage(token)).otherPlans.map((plan) => plan.kind)).toEqual([
      "two-instalments",
    ]);

    await changeTo(token, "two-instalments");
    const again = await scheduleOf(application.id);
    expect(again).toHaveLength(2);
    expect(again.reduce((sum, part) => sum + part.amount, 0)).toBe(20_000_000);
    await paidInCash(application.id, nth(again, 0).id);
    expect((await payStage(token)).otherPlans).toEqual([]);
    await expect(choosePaymentPlan(application.id, "full")).rejects.toThrow(
      paymentMessages.planFixed,
    );
    expect(await scheduleOf(application.id)).toHaveLength(2);
  });
});
