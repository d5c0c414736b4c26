import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applications, type NewIntake, payments } from "~/db/schema";
import { applyForIntake, takeApplicantStep } from "~/features/applications/applications.server";
import { returnFromCheckout } from "~/features/payments/applicant/applicant-payments.server";
import { paystackGateway } from "~/features/payments/gateway/paystack.server";
import { paymentMessages } from "~/features/payments/payment-messages";
import {
  checkDelaysMinutes,
  checkPayment,
  choosePaymentPlan,
  recordCharge,
  settleGatewayPayment,
  startGatewayPayment,
} from "~/features/payments/payments.server";
import { receivePaystackWebhook } from "~/features/payments/paystack-webhook.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { env, loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import {
  acceptedPlace,
  applicantInput,
  applicationByEmail,
  comeBackFromCheckout,
  myApplicationPage,
  nth,
  openIntake,
  origin,
  postOnMyApplication,
  scheduleOf,
  statusOf,
  timelineKinds,
  tokenOf,
} from "../support/application-fixtures";
import { type FakePaystack, startFakePaystack } from "../support/fake-paystack";
import { rejection } from "../support/rejection";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const secretKey = "sk_test_payments0123456789";
let paystack: FakePaystack;
let gateway: ReturnType<typeof paystackGateway>;
const callbackUrl = "http://127.0.0.1:9/application/token/paid";

beforeAll(async () => {
  paystack = await startFakePaystack({ secretKey });
  gateway = paystackGateway({ secretKey, baseUrl: paystack.baseUrl, timeoutMs: 2_000 });
});
afterAll(() => paystack.close());

async function paymentOf(reference: string) {
  const [row] = await db().select().from(payments).where(eq(payments.reference, reference));
  if (!row) throw new Error(`no payment ${reference}`);
  return row;
}

async function checkJobsOf(reference: string) {
  const result = await database().executeSql(
    "SELECT data FROM pgboss.job WHERE name = 'payment-check' AND data->>'reference' = $1 ORDER BY created_on",
    [reference],
  );
  return result.rows as { data: { attempt: number } }[];
}

/** A place with a chosen plan and a started Paystack payment of its first instalment. */
async function startedPayment(intakeFields: Partial<NewIntake> = {}) {
  const place = await acceptedPlace(intakeFields);
  await choosePaymentPlan(place.application.id, "full");
  const started = await startGatewayPayment(place.application.id, gateway, callbackUrl);
  return { ...place, ...started };
}

describe("choosing a payment plan", () => {
  it("writes the plan's instalments once, priced on the day of acceptance (the early bird)", async () => {
    const today = lagosToday();
    const { application } = await acceptedPlace(
      { price: 30_000_000, earlyBirdPrice: 24_000_000, earlyBirdEndsOn: addDays(today, 1) },
      today,
    );
    await choosePaymentPlan(application.id, "two-instalments");
    const schedule = await scheduleOf(application.id);
    expect(schedule.map((part) => [part.number, part.amount, part.paidAt])).toEqual([
      [1, 12_000_000, null],
      [2, 12_000_000, null],
    ]);
    expect(nth(schedule, 0).dueOn).toBe(today);
    expect(await timelineKinds(application.id)).toEqual(["plan-chosen"]);
    const again = await rejection(choosePaymentPlan(application.id, "two-instalments"));
    expect(again).toMatchObject({ message: paymentMessages.planAlreadyChosen });
    expect(await scheduleOf(application.id)).toHaveLength(2);
  });

  it("refuses a plan the intake does not offer, and a place not accepted", async () => {
    const { application } = await acceptedPlace({ paymentPlans: ["full"] });
    expect(await rejection(choosePaymentPlan(application.id, "monthly"))).toMatchObject({
      message: paymentMessages.planNotOffered,
    });
    await db()
      .update(applications)
      .set({ status: "declined" })
      .where(eq(applications.id, application.id));
    expect(await rejection(choosePaymentPlan(application.id, "full"))).toMatchObject({
      message: paymentMessages.notAccepted,
    });
    expect(await scheduleOf(application.id)).toEqual([]);
  });
});

describe("paying through Paystack", () => {
  it("starts with our reference and the instalment's amount, and schedules a check", async () => {
    const { application, payment, authorizationUrl } = await startedPayment({ price: 15_000_000 });
    expect(payment).toMatchObject({ status: "started", amount: 15_000_000, method: "paystack" });
    expect(payment.reference).toMatch(/^LTA-P-[0-9A-Z]{10}$/);
    expect(authorizationUrl).toContain(paystack.baseUrl);
    expect(paystack.transactions.get(payment.reference)).toMatchObject({
      requestedAmountKobo: 15_000_000,
      email: application.email,
    });
    expect((await checkJobsOf(payment.reference)).map((job) => job.data.attempt)).toEqual([1]);
  });

  it("records a verified payment once: receipt, instalment paid, place enrolled", async () => {
    const { application, payment } = await startedPayment();
    paystack.completeCheckout(payment.reference, "success");
    // The redirect, the webhook's job and a retry all arrive together.
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => settleGatewayPayment(payment.reference, gateway)),
    );
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "already")).toHaveLength(5);
    const paid = await paymentOf(payment.reference);
    expect(paid).toMatchObject({ status: "paid", flagReason: null });
    expect(paid.receiptNumber).toBeGreaterThan(0);
    expect(nth(await scheduleOf(application.id), 0).paidAt).not.toBeNull();
    expect(await statusOf(application.id)).toBe("enrolled");
    // The receipt's e-mail is the last, one for the one payment.
    expect(await timelineKinds(application.id)).toEqual([
      "plan-chosen",
      "payment-received",
      "enrolled",
      "email",
    ]);
  });

  it("sends two tabs to one checkout; a second payment that still comes is flagged, never counted", async () => {
    const place = await acceptedPlace();
    await choosePaymentPlan(place.application.id, "two-instalments");
    const first = await startGatewayPayment(place.application.id, gateway, callbackUrl);
    const again = await startGatewayPayment(place.application.id, gateway, callbackUrl);
    expect(again).toMatchObject({
      authorizationUrl: first.authorizationUrl,
      payment: { id: first.payment.id },
    });
    // The first checkout was left ('Cancel and go back') and a new one opened; both were paid.
    expect(
      await settleGatewayPayment(first.payment.reference, gateway, new Date(), { returned: true }),
    ).toBe("cancelled");
    const second = await startGatewayPayment(place.application.id, gateway, callbackUrl);
    expect(second.payment.id).not.toBe(first.payment.id);
    expect(second.payment.instalmentId).toBe(first.payment.instalmentId);
    paystack.completeCheckout(first.payment.reference, "success");
    paystack.completeCheckout(second.payment.reference, "success");
    const outcomes = await Promise.all([
      settleGatewayPayment(first.payment.reference, gateway, new Date(), { reopen: true }),
      settleGatewayPayment(second.payment.reference, gateway),
    ]);
    expect([...outcomes].sort()).toEqual(["flagged", "paid"]);
    const flagged = await paymentOf(
      outcomes[0] === "flagged" ? first.payment.reference : second.payment.reference,
    );
    expect(flagged).toMatchObject({ receiptNumber: null, flagReason: paymentMessages.paidTwice });
    const schedule = await scheduleOf(place.application.id);
    expect(schedule.map((part) => part.paidAt !== null)).toEqual([true, false]);
  });

  it("flags a payment whose amount or currency differs, and counts nothing as paid", async () => {
    for (const [change, reason] of [
      [{ amountKobo: 100 }, "Paid ₦1, not the ₦250,000 asked"],
      [{ currency: "USD" }, "Paid in USD, not NGN"],
    ] as const) {
      const { application, payment } = await startedPayment();
      paystack.completeCheckout(payment.reference, "success", change);
      expect(await settleGatewayPayment(payment.reference, gateway)).toBe("flagged");
      expect(await paymentOf(payment.reference)).toMatchObject({
        status: "flagged",
        flagReason: reason,
        receiptNumber: null,
      });
      expect(nth(await scheduleOf(application.id), 0).paidAt).toBeNull();
      expect(await statusOf(application.id)).toBe("accepted");
      expect(await timelineKinds(application.id)).toContain("payment-flagged");
    }
  });

  it("ends a failed charge; keeps an unfinished checkout open until the last check", async () => {
    const failed = await startedPayment();
    paystack.completeCheckout(failed.payment.reference, "failed");
    expect(await settleGatewayPayment(failed.payment.reference, gateway)).toBe("failed");
    expect((await paymentOf(failed.payment.reference)).status).toBe("failed");

    const open = await startedPayment();
    await checkPayment({ reference: open.payment.reference, attempt: 1 }, gateway);
    expect((await paymentOf(open.payment.reference)).status).toBe("started");
    expect((await checkJobsOf(open.payment.reference)).map((job) => job.data.attempt)).toEqual([
      1, 2,
    ]);
    await checkPayment(
      { reference: open.payment.reference, attempt: checkDelaysMinutes.length },
      gateway,
    );
    expect((await paymentOf(open.payment.reference)).status).toBe("abandoned");
  });

  it("pays a checkout completed late, found by the delayed check without any webhook", async () => {
    const { application, payment } = await startedPayment();
    paystack.completeCheckout(payment.reference, "success");
    await checkPayment({ reference: payment.reference, attempt: 1 }, gateway);
    expect((await paymentOf(payment.reference)).status).toBe("paid");
    expect(await statusOf(application.id)).toBe("enrolled");
  });

  it("keeps a payment started when Paystack cannot be reached to verify it", async () => {
    const { payment } = await startedPayment();
    paystack.completeCheckout(payment.reference, "success");
    paystack.failNext(1, "500");
    expect(await rejection(settleGatewayPayment(payment.reference, gateway))).toBeInstanceOf(Error);
    expect((await paymentOf(payment.reference)).status).toBe("started");
    expect(await settleGatewayPayment(payment.reference, gateway)).toBe("paid");
  });

  it("marks the attempt failed and says so when Paystack cannot start it", async () => {
    const place = await acceptedPlace();
    await choosePaymentPlan(place.application.id, "full");
    paystack.failNext(1, "500");
    const refused = await rejection(
      startGatewayPayment(place.application.id, gateway, callbackUrl),
    );
    expect(refused).toMatchObject({ message: paymentMessages.gatewayUnavailable, status: 503 });
    const [attempt] = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, place.application.id));
    expect(attempt?.status).toBe("failed");
  });

  it("records a charge whose verification names another reference as nothing", async () => {
    const first = await startedPayment();
    const second = await startedPayment();
    paystack.completeCheckout(second.payment.reference, "success");
    const otherCharge = await gateway.verify(second.payment.reference);
    expect(await recordCharge(first.payment.reference, otherCharge)).toBe("pending");
    expect((await paymentOf(first.payment.reference)).status).toBe("started");
  });
});

describe("Paystack's webhook", () => {
  beforeAll(() => setEnvForTesting({ ...env(), PAYSTACK_SECRET_KEY: secretKey }));
  afterAll(() => setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" })));

  it("refuses a body not signed with our key (401) and queues nothing", async () => {
    const { payment } = await startedPayment();
    for (const options of [{ badSignature: true }, {}]) {
      const { body, headers } = paystack.signedWebhook(payment.reference, options);
      const signature = options.badSignature ? headers["x-paystack-signature"] : null;
      const answer = await receivePaystackWebhook(Buffer.from(body), signature ?? null);
      expect(answer.status).toBe(401);
    }
    const tampered = paystack.signedWebhook(payment.reference);
    const answer = await receivePaystackWebhook(
      Buffer.from(`${tampered.body} `),
      tampered.headers["x-paystack-signature"],
    );
    expect(answer.status).toBe(401);
    expect((await checkJobsOf(payment.reference)).map((job) => job.data.attempt)).toEqual([1]);
  });

  it("queues a check for each signed delivery; together they record the payment once", async () => {
    const { application, payment } = await startedPayment();
    paystack.completeCheckout(payment.reference, "success");
    const { body, headers } = paystack.signedWebhook(payment.reference);
    for (let delivery = 0; delivery < 5; delivery++) {
      const answer = await receivePaystackWebhook(
        Buffer.from(body),
        headers["x-paystack-signature"],
      );
      expect(answer.status).toBe(200);
    }
    const checks = (await checkJobsOf(payment.reference)).filter((job) => job.data.attempt === 0);
    expect(checks).toHaveLength(5);
    await Promise.all(
      checks.map((job) => checkPayment({ reference: payment.reference, ...job.data }, gateway)),
    );
    expect(await paymentOf(payment.reference)).toMatchObject({ status: "paid" });
    expect(
      (await timelineKinds(application.id)).filter((kind) => kind === "payment-received"),
    ).toHaveLength(1);
  });

  it("acknowledges events that are not our charges, and refuses a signed body that is no event", async () => {
    for (const event of [
      { event: "charge.success", data: { reference: "someone-elses-reference" } },
      { event: "transfer.success", data: { reference: "LTA-P-0000000000" } },
    ]) {
      const body = JSON.stringify(event);
      const signature = paystack.signatureHeaders(body)["x-paystack-signature"];
      expect((await receivePaystackWebhook(Buffer.from(body), signature)).status).toBe(200);
    }
    expect(await checkJobsOf("LTA-P-0000000000")).toEqual([]);
    const junk = "not json";
    const signature = paystack.signatureHeaders(junk)["x-paystack-signature"];
    expect((await receivePaystackWebhook(Buffer.from(junk), signature)).status).toBe(400);
  });

  it("is not there (404) without a Paystack key", async () => {
    setEnvForTesting({ ...env(), PAYSTACK_SECRET_KEY: undefined });
    try {
      const { payment } = await startedPayment();
      const { body, headers } = paystack.signedWebhook(payment.reference);
      expect(
        (await receivePaystackWebhook(Buffer.from(body), headers["x-paystack-signature"])).status,
      ).toBe(404);
    } finally {
      setEnvForTesting({ ...env(), PAYSTACK_SECRET_KEY: secretKey });
    }
  });
});

describe("paying from 'My application'", () => {
  beforeAll(() =>
    setEnvForTesting({
      ...env(),
      PAYSTACK_SECRET_KEY: secretKey,
      PAYSTACK_BASE_URL: paystack.baseUrl,
    }),
  );
  afterAll(() => setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" })));

  /** An applicant who applied to a first-come intake and accepted the offer: their token. */
  async function acceptedApplicant() {
    const { intake } = await openIntake({
      admissionMode: "first-come",
      price: 20_000_000,
      paymentPlans: ["full", "two-instalments"],
      payInFullDiscount: 1_000_000,
    });
    const input = applicantInput();
    await applyForIntake(intake.id, input, origin);
    const token = await tokenOf(input.email);
    await takeApplicantStep(token, "accept");
    return { token, application: await applicationByEmail(input.email) };
  }

  /** The browser that pressed 'Pay now' (`leaving`, its answer) back from the checkout. */
  const comeBack = (leaving: Response | undefined, reference: string) =>
    comeBackFromCheckout(
      `http://localhost/checkout-return?trxref=${reference}&reference=${reference}`,
      leaving,
    );

  const flashOf = (response: Response) => response.headers.get("Set-Cookie") ?? "";

  it("shows the plans with their schedules, then the chosen schedule and what is due", async () => {
    const { token } = await acceptedApplicant();
    const before = await myApplicationPage(token);
    if (before.payments?.stage !== "choose")
      throw new Error(`Expected the choose stage, got ${before.payments?.stage}`);
    expect(
      before.payments.plans.map((plan) => [plan.kind, plan.schedule.map((part) => part.amount)]),
    ).toEqual([
      ["full", [19_000_000]],
      ["two-instalments", [10_000_000, 10_000_000]],
    ]);
    const chosen = (await postOnMyApplication(token, {
      intent: "choose-plan",
      plan: "two-instalments",
    })) as Response;
    expect(chosen.status).toBe(302);
    const after = await myApplicationPage(token);
    expect(after.payments).toMatchObject({
      stage: "pay",
      paid: 0,
      remaining: 20_000_000,
      next: { number: 1, amount: 10_000_000 },
    });
  });

  it("refuses a plan the intake does not offer, on the plan field, choosing nothing", async () => {
    const { token, application } = await acceptedApplicant();
    const refused = (await postOnMyApplication(token, {
      intent: "choose-plan",
      plan: "monthly",
    })) as {
      data: ActionReply;
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(paymentMessages.planNotOffered);
    expect(await scheduleOf(application.id)).toEqual([]);
  });

  it("goes to Paystack's checkout, and on return records the verified payment once", async () => {
    const { token, application } = await acceptedApplicant();
    await postOnMyApplication(token, { intent: "choose-plan", plan: "full" });
    const toCheckout = (await postOnMyApplication(token, { intent: "pay" })) as Response;
    expect(toCheckout.status).toBe(302);
    const checkoutUrl = toCheckout.headers.get("Location") ?? "";
    expect(checkoutUrl.startsWith(`${paystack.baseUrl}/checkout/`)).toBe(true);
    const [started] = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id));
    if (!started) throw new Error("no payment started");
    expect(started.amount).toBe(19_000_000);
    // Paystack is given a way back that opens nothing: the reference alone comes back.
    const callback = paystack.transactions.get(started.reference)?.callbackUrl ?? "";
    expect(new URL(callback).pathname).toBe("/checkout-return");
    expect(callback).not.toContain(token);
    // Back from the checkout before paying ('Cancel and go back'): the attempt is closed and
    // nothing recorded as paid; a success Paystack reports after it is still recorded.
    const back = (await comeBack(toCheckout, started.reference)) as Response;
    expect(flashOf(back)).toBeTruthy();
    expect(back.headers.get("Location")).toBe(`/application/${token}`);
    expect((await paymentOf(started.reference)).status).toBe("abandoned");
    paystack.completeCheckout(started.reference, "success");
    await comeBack(toCheckout, started.reference);
    await comeBack(toCheckout, started.reference);
    expect((await paymentOf(started.reference)).status).toBe("paid");
    expect(await statusOf(application.id)).toBe("enrolled");
    expect(
      (await timelineKinds(application.id)).filter((kind) => kind === "payment-received"),
    ).toHaveLength(1);
    const after = await myApplicationPage(token);
    expect(after.payments).toMatchObject({
      stage: "pay",
      paid: 19_000_000,
      remaining: 0,
      next: null,
    });
  });

  it("on return says what became of a payment that Paystack's webhook recorded first", async () => {
    // The webhook and the applicant's return race: whichever comes second must say the same.
    for (const [change, outcome] of [
      [{}, "paid"],
      [{ amountKobo: 100 }, "flagged"],
    ] as const) {
      const { token, application } = await acceptedApplicant();
      await postOnMyApplication(token, { intent: "choose-plan", plan: "full" });
      await postOnMyApplication(token, { intent: "pay" });
      const [started] = await db()
        .select()
        .from(payments)
        .where(eq(payments.applicationId, application.id));
      if (!started) throw new Error("no payment started");
      paystack.completeCheckout(started.reference, "success", change);
      expect(await settleGatewayPayment(started.reference, gateway)).toBe(outcome);
      expect(await returnFromCheckout(started.reference)).toBe(outcome);
    }
  });

  it("opens the page only for the browser that left it: the return's URL alone opens nothing", async () => {
    const victim = await acceptedApplicant();
    await postOnMyApplication(victim.token, { intent: "choose-plan", plan: "full" });
    await postOnMyApplication(victim.token, { intent: "pay" });
    const [theirs] = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, victim.application.id));
    if (!theirs) throw new Error("no payment started");
    paystack.completeCheckout(theirs.reference, "success");
    const other = await acceptedApplicant();
    await postOnMyApplication(other.token, { intent: "choose-plan", plan: "full" });
    const otherLeaving = (await postOnMyApplication(other.token, { intent: "pay" })) as Response;
    for (const leaving of [undefined, otherLeaving]) {
      const answer = await comeBack(leaving, theirs.reference);
      expect(answer).not.toBeInstanceOf(Response);
      expect(JSON.stringify(answer)).not.toContain(victim.token);
      expect(answer).toEqual({
        notice: { kind: "success", message: paymentMessages.paid },
        linkReplaced: false,
      });
    }
    // What the return says is what Paystack says, verified: the payment is recorded once.
    expect((await paymentOf(theirs.reference)).status).toBe("paid");
    expect(await comeBack(undefined, "LTA-P-\u0000")).toMatchObject({
      notice: { message: paymentMessages.unknownPayment },
    });
  });
});
