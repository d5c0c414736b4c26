import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type Admin,
  applicationEvents,
  applications,
  instalments,
  intakes,
  payments,
  refunds,
} from "~/db/schema";
import { loadMyPayments } from "~/features/payments/applicant/applicant-payments.server";
import { paymentMessages, staffPaymentMessages } from "~/features/payments/payment-messages";
import {
  choosePaymentPlan,
  settleGatewayPayment,
  startGatewayPayment,
} from "~/features/payments/payments.server";
import { receivePaystackWebhook } from "~/features/payments/paystack-webhook.server";
import { receiptFacts } from "~/features/payments/receipts/receipts.server";
import { checkRefund, refundMessages, refundPayment } from "~/features/payments/refunds.server";
import { defaultPaymentsQuery } from "~/features/payments/staff/list-url";
import { listInstalments } from "~/features/payments/staff/payment-overview.server";
import { staffPaymentFormMessages } from "~/features/payments/staff/staff-payments-schema";
import { outstandingBalances } from "~/features/reports/payment-reports.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { paymentProofs } from "~/lib/infra/storage/index.server";
import { takeFlash } from "~/lib/router/flash.server";
import { action, loader } from "~/routes/admin/students";
import * as filesRoute from "~/routes/resources/files";
import * as proofRoute from "~/routes/resources/payment-proof";
import {
  cookieHeader,
  getRequest,
  type Outcome,
  outcomeOf,
  postRequest,
  setCookiesOf,
  signedInAdmin,
} from "../support/admin-session";
import { acceptedPlace, nth, scheduleOf, tokenFromText } from "../support/application-fixtures";
import { withFakePaystack } from "../support/fake-paystack-setup";
import { emailsTo, lastEmailTo } from "../support/outgoing-mail";
import { rejection } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const PAGE = "/admin-portal/students";
const secretKey = "sk_test_staffpayments0123456789";
const callbackUrl = "http://127.0.0.1:9/application/token/paid";
const fake = withFakePaystack(secretKey, { timeoutMs: 1_000 });
let staff: Admin;
let cookie: string;

beforeAll(async () => {
  ({ admin: staff, cookie } = await signedInAdmin({ name: "Bola Bursar" }));
});

const post = (fields: Record<string, string>, withCookie = true) =>
  outcomeOf(() =>
    action(routeArgs(postRequest(PAGE, fields, { cookie: withCookie ? cookie : undefined }))),
  );
/** Refunds `naira` of a payment through the page's action. */
const postRefund = (
  { application, payment }: { application: { id: string }; payment: { id: string } },
  naira: number,
  reason: string,
) =>
  post({ intent: "refund", id: application.id, target: payment.id, amount: String(naira), reason });
const formError = (outcome: Outcome) =>
  (outcome as { data: { result: { error: Record<string, string[]> } } }).data.result.error;

/** An accepted place whose plan (two instalments) is chosen. */
async function placeWithPlan() {
  const { application } = await acceptedPlace({ price: 20_000_000 });
  await choosePaymentPlan(application.id, "two-instalments");
  return { application, schedule: await scheduleOf(application.id) };
}

const paymentsOf = (applicationId: string) =>
  db().select().from(payments).where(eq(payments.applicationId, applicationId));

async function paymentById(id: string) {
  const [row] = await db().select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

/** A bank transfer of the first instalment whose proof waits for staff. */
async function proofSent() {
  const place = await placeWithPlan();
  const first = nth(place.schedule, 0);
  const key = `proofs/test-${Math.random().toString(36).slice(2)}.png`;
  await paymentProofs().put(key, Buffer.from("not really a png"), "image/png");
  const [payment] = await db()
    .insert(payments)
    .values({
      reference: `LTA-P-${Math.random().toString(36).slice(2, 12).toUpperCase().padEnd(10, "0")}`,
      applicationId: place.application.id,
      instalmentId: first.id,
      method: "bank-transfer",
      amount: first.amount,
      status: "proof-sent",
      proofKey: key,
      proofName: "receipt.png",
      proofType: "image/png",
    })
    .returning();
  if (!payment) throw new Error("no payment");
  return { ...place, payment, key };
}

/** A place whose first instalment was paid by card through the fake Paystack. */
async function paidByCard() {
  const place = await placeWithPlan();
  const { payment } = await startGatewayPayment(place.application.id, fake.gateway, callbackUrl);
  fake.paystack.completeCheckout(payment.reference, "success");
  expect(await settleGatewayPayment(payment.reference, fake.gateway)).toBe("paid");
  return { ...place, payment: await paymentById(payment.id) };
}

async function eventsOf(applicationId: string) {
  return db()
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt));
}

const refundsOf = (paymentId: string) =>
  db().select().from(refunds).where(eq(refunds.paymentId, paymentId));

/** The Students page's Applications tab as staff see it, for `search` (`id=…&…`). */
async function openApplication(search: string) {
  const outcome = await outcomeOf(() =>
    loader(routeArgs(getRequest(`${PAGE}?${search}`, { cookie }))),
  );
  return (outcome as { data: Awaited<ReturnType<typeof loader>> }).data.applications;
}

describe("the Students page's payment actions", () => {
  it("refuses every one of them without a session, and changes nothing", async () => {
    const { application, payment, schedule } = await proofSent();
    const cases: Record<string, string>[] = [
      { intent: "confirm-proof", target: payment.id },
      { intent: "reject-proof", target: payment.id, reason: "No such transfer" },
      {
        intent: "move-due-date",
        target: nth(schedule, 1).id,
        dueOn: addDays(lagosToday(), 40),
        note: "Asked",
      },
      { intent: "record-payment", target: nth(schedule, 1).id, paidOn: lagosToday(), note: "Cash" },
      { intent: "refund", target: payment.id, amount: "100", reason: "Asked" },
    ];
    for (const fields of cases) {
      const outcome = await post({ ...fields, id: application.id }, false);
      expect(outcome).toMatchObject({ kind: "redirect" });
      if (outcome.kind === "redirect") expect(outcome.location).toMatch(/^\/admin-portal\/login/);
    }
    expect((await paymentById(payment.id)).status).toBe("proof-sent");
    expect(await scheduleOf(application.id)).toEqual(schedule);
    expect(await eventsOf(application.id)).toHaveLength(1);
  });

  it("shows the schedule and payments, and opens a confirmation by its target", async () => {
    const { application, payment } = await proofSent();
    const data = await openApplication(
      `id=${application.id}&confirm=confirm-proof&target=${payment.id}`,
    );
    expect(data?.payments?.instalments.map((part) => part.state)).toEqual(["proof-sent", "due"]);
    expect(data?.payments?.payments).toMatchObject([
      { id: payment.id, method: "bank-transfer", status: "proof-sent", hasProof: true },
    ]);
    expect(data?.paymentConfirm).toEqual({ confirm: "confirm-proof", target: payment.id });
  });

  it("shows an unpaid instalment of a place given up as cancelled, a paid one as paid", async () => {
    const { application } = await paidByCard();
    await db()
      .update(applications)
      .set({ status: "withdrawn" })
      .where(eq(applications.id, application.id));
    const data = await openApplication(`id=${application.id}`);
    expect(data?.payments?.instalments.map((part) => part.state)).toEqual(["paid", "cancelled"]);
  });

  it("shows an unpaid instalment of a cancelled intake as cancelled and owed by no one, in the detail, the Payments tab and the balances", async () => {
    const { application } = await paidByCard();
    await db()
      .update(intakes)
      .set({ status: "cancelled", cancelReason: "The tutor fell ill" })
      .where(eq(intakes.id, application.intakeId));
    const data = await openApplication(`id=${application.id}`);
    expect(data?.payments?.instalments.map((part) => part.state)).toEqual(["paid", "cancelled"]);
    const listed = await listInstalments(
      { ...defaultPaymentsQuery, intake: application.intakeId },
      lagosToday(),
    );
    expect(listed.instalments.map((row) => row.status)).toEqual(["paid", "cancelled"]);
    const balance = (await outstandingBalances()).find(
      (row) => row.intakeId === application.intakeId,
    );
    expect(balance?.outstanding ?? 0).toBe(0);
  });

  it("confirms a bank transfer: paid through markPaid, numbered, enrolled, by the admin", async () => {
    const { application, payment } = await proofSent();
    const outcome = await post({ intent: "confirm-proof", id: application.id, target: payment.id });
    expect(outcome).toMatchObject({ kind: "redirect" });
    const paid = await paymentById(payment.id);
    expect(paid).toMatchObject({ status: "paid", reviewedBy: staff.id });
    expect(paid.receiptNumber).toBeGreaterThan(0);
    expect(nth(await scheduleOf(application.id), 0).paidAt).not.toBeNull();
    const events = await eventsOf(application.id);
    expect(events.find((event) => event.kind === "payment-received")).toMatchObject({
      actorKind: "staff",
      actorId: staff.id,
    });
    expect(events.map((event) => event.kind)).toContain("enrolled");
    const again = await post({ intent: "confirm-proof", id: application.id, target: payment.id });
    expect(again).toMatchObject({ kind: "data", status: 409 });
    expect(formError(again)[""]).toEqual([staffPaymentMessages.notProof]);
  });

  it("rejects a proof with the reason, which the applicant is e-mailed", async () => {
    const { application, payment } = await proofSent();
    const blank = await post({
      intent: "reject-proof",
      id: application.id,
      target: payment.id,
      reason: " ",
    });
    expect(blank).toMatchObject({ kind: "data", status: 400 });
    expect(formError(blank).reason).toEqual([staffPaymentFormMessages.reasonRequired]);

    const reason = "No transfer of this amount reached our account on that day.";
    await post({ intent: "reject-proof", id: application.id, target: payment.id, reason });
    expect(await paymentById(payment.id)).toMatchObject({
      status: "rejected",
      staffNote: reason,
      reviewedBy: staff.id,
    });
    const [email] = await emailsTo(application.email);
    expect(email?.body).toContain(reason);
    expect(email?.body).toMatch(/send a new proof/);
    expect(email?.body).toMatch(/\/application\/[A-Za-z0-9_-]{43}/);
    const event = (await eventsOf(application.id)).find((row) => row.kind === "proof-rejected");
    expect(event).toMatchObject({ actorId: staff.id, emailId: email?.id });
    expect(event?.detail).toMatchObject({ reason });
  });

  it("moves an unpaid instalment's due date, re-arming its reminders; a paid one stays", async () => {
    const { application, schedule } = await placeWithPlan();
    const second = nth(schedule, 1);
    await db()
      .update(instalments)
      .set({ remindedAheadAt: new Date(), remindedOnDayAt: new Date() })
      .where(eq(instalments.id, second.id));
    const past = await post({
      intent: "move-due-date",
      id: application.id,
      target: second.id,
      dueOn: addDays(lagosToday(), -1),
      note: "Agreed on the phone",
    });
    expect(formError(past).dueOn).toEqual([staffPaymentMessages.dateInPast]);
    const badDate = await post({
      intent: "move-due-date",
      id: application.id,
      target: second.id,
      dueOn: "2027-02-30",
      note: "x",
    });
    expect(formError(badDate).dueOn).toEqual([staffPaymentFormMessages.dateInvalid]);

    const to = addDays(second.dueOn, 14);
    await post({
      intent: "move-due-date",
      id: application.id,
      target: second.id,
      dueOn: to,
      note: "Agreed on the phone",
    });
    const moved = nth(await scheduleOf(application.id), 1);
    expect(moved).toMatchObject({ dueOn: to, remindedAheadAt: null, remindedOnDayAt: null });
    const event = (await eventsOf(application.id)).find((row) => row.kind === "due-date-moved");
    expect(event?.detail).toMatchObject({ from: second.dueOn, to, note: "Agreed on the phone" });
    expect(event?.actorId).toBe(staff.id);
    expect((await lastEmailTo(application.email)).body).toContain("Agreed on the phone");

    await db().update(instalments).set({ paidAt: new Date() }).where(eq(instalments.id, second.id));
    const paid = await post({
      intent: "move-due-date",
      id: application.id,
      target: second.id,
      dueOn: addDays(to, 1),
      note: "Again",
    });
    expect(formError(paid)[""]).toEqual([staffPaymentMessages.instalmentPaid]);
  });

  it("records a payment made another way: the instalment's amount, numbered, enrolled", async () => {
    const { application, schedule } = await placeWithPlan();
    const first = nth(schedule, 0);
    const future = await post({
      intent: "record-payment",
      id: application.id,
      target: first.id,
      paidOn: addDays(lagosToday(), 1),
      note: "Cash",
    });
    expect(formError(future).paidOn).toEqual([staffPaymentMessages.paidInFuture]);
    await post({
      intent: "record-payment",
      id: application.id,
      target: first.id,
      paidOn: lagosToday(),
      note: "Paid cash at the Yaba office",
    });
    const [recorded] = await paymentsOf(application.id);
    expect(recorded).toMatchObject({
      method: "manual",
      status: "paid",
      amount: first.amount,
      staffNote: "Paid cash at the Yaba office",
      reviewedBy: staff.id,
    });
    expect(recorded?.receiptNumber).toBeGreaterThan(0);
    const [after] = await db()
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(after?.status).toBe("enrolled");
    const twice = await post({
      intent: "record-payment",
      id: application.id,
      target: first.id,
      paidOn: lagosToday(),
      note: "Cash again",
    });
    expect(formError(twice)[""]).toEqual([staffPaymentMessages.instalmentPaid]);
  });

  it("a proof still waiting for an instalment paid another way keeps waiting for staff, never rejected in silence", async () => {
    const { application, payment, schedule } = await proofSent();
    await post({
      intent: "record-payment",
      id: application.id,
      target: nth(schedule, 0).id,
      paidOn: lagosToday(),
      note: "Paid cash at the Yaba office",
    });
    expect(await paymentById(payment.id)).toMatchObject({ status: "proof-sent", staffNote: null });
    const confirmed = await post({
      intent: "confirm-proof",
      id: application.id,
      target: payment.id,
    });
    if (confirmed.kind !== "redirect")
      throw new Error(`Expected a redirect, got ${confirmed.kind}`);
    const cookie = (confirmed.response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const { flash } = await takeFlash(new Request("http://localhost/", { headers: { cookie } }));
    expect(flash?.message).toBe(staffPaymentMessages.proofConfirmedTwice);
    expect(await paymentById(payment.id)).toMatchObject({
      status: "flagged",
      flagReason: paymentMessages.paidTwice,
    });
  });
});

describe("a part payment recorded by staff", () => {
  async function flashOf(outcome: Outcome) {
    const request = new Request("http://localhost:3000/", {
      headers: { cookie: cookieHeader(setCookiesOf(outcome)) },
    });
    return (await takeFlash(request)).flash?.message;
  }

  it("is recorded against the instalment, which shows what is left; the receipt says so; the next payment completes it", async () => {
    const { application, schedule } = await placeWithPlan();
    const first = nth(schedule, 0);
    const cash = (naira: string) =>
      post({
        intent: "record-payment",
        id: application.id,
        target: first.id,
        paidOn: lagosToday(),
        note: "Part paid in cash at the Yaba office",
        amount: naira,
      });
    const part = await cash("40000");
    expect(await flashOf(part)).toBe(
      "Part payment recorded: ₦60,000 of the instalment is left to pay.",
    );
    const [recorded] = await paymentsOf(application.id);
    expect(recorded).toMatchObject({ method: "manual", status: "paid", amount: 4_000_000 });
    expect(recorded?.receiptNumber).toBeGreaterThan(0);
    expect(nth(await scheduleOf(application.id), 0).paidAt).toBeNull();

    // More than is left is refused in the form, and nothing is recorded.
    expect(formError(await cash("60000.01")).amount).toEqual([
      "At most ₦60,000 of this instalment is left to pay.",
    ]);
    expect(await paymentsOf(application.id)).toHaveLength(1);

    // Staff see what is left; the applicant's page counts it; the receipt says it is a part.
    const data = await openApplication(`id=${application.id}`);
    expect(data?.payments?.instalments[0]).toMatchObject({ left: 6_000_000, paidAt: null });
    const email = await lastEmailTo(application.email);
    expect(email.body).toContain("We received your payment of ₦40,000");
    expect(email.body).toContain("Paid so far: ₦40,000. Still to pay: ₦160,000");
    const receipt = await receiptFacts(db(), recorded?.id ?? "");
    expect(receipt?.receipt).toMatchObject({ partOfInstalment: true, instalmentNumber: 1 });
    const mine = await loadMyPayments(tokenFromText(email.body));
    expect(mine).toMatchObject({
      paid: 4_000_000,
      remaining: 16_000_000,
      next: { number: 1, amount: 6_000_000 },
    });

    // The card pays what is left, and the instalment is paid.
    const { payment: card } = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    expect(card.amount).toBe(6_000_000);
    fake.paystack.completeCheckout(card.reference, "success");
    expect(await settleGatewayPayment(card.reference, fake.gateway)).toBe("paid");
    expect(nth(await scheduleOf(application.id), 0).paidAt).not.toBeNull();
    const cardReceipt = await receiptFacts(db(), card.id);
    expect(cardReceipt?.receipt).toMatchObject({
      partOfInstalment: true,
      paidToDateKobo: 10_000_000,
    });
    expect(await loadMyPayments(tokenFromText(email.body))).toMatchObject({
      paid: 10_000_000,
      remaining: 10_000_000,
      next: { number: 2, amount: 10_000_000 },
    });
  });

  it("without an amount records all that is left", async () => {
    const { application, schedule } = await placeWithPlan();
    const first = nth(schedule, 0);
    const fields = {
      intent: "record-payment",
      id: application.id,
      target: first.id,
      paidOn: lagosToday(),
      note: "Cash",
    };
    await post({ ...fields, amount: "25000" });
    expect(await flashOf(await post(fields))).toBe(staffPaymentMessages.paymentRecorded);
    const recorded = await paymentsOf(application.id);
    expect(recorded.map((payment) => payment.amount).sort((a, b) => a - b)).toEqual([
      2_500_000, 7_500_000,
    ]);
    expect(nth(await scheduleOf(application.id), 0).paidAt).not.toBeNull();
  });
});

describe("refunds", () => {
  async function manualPaid() {
    const { application, schedule } = await placeWithPlan();
    await post({
      intent: "record-payment",
      id: application.id,
      target: nth(schedule, 0).id,
      paidOn: lagosToday(),
      note: "Cash",
    });
    const [payment] = await paymentsOf(application.id);
    if (!payment) throw new Error("no payment");
    return { application, payment };
  }

  it("refunds a manual payment at once, in part, and never more than was paid", async () => {
    const { application, payment } = await manualPaid();
    const naira = payment.amount / 100;
    const zero = await postRefund({ application, payment }, 0, "x");
    expect(formError(zero).amount).toEqual([staffPaymentFormMessages.amountInvalid]);
    const ok = await postRefund({ application, payment }, naira / 4, "Withdrew before the start");
    expect(ok).toMatchObject({ kind: "redirect" });
    expect((await paymentById(payment.id)).refundedAmount).toBe(payment.amount / 4);
    expect(await refundsOf(payment.id)).toMatchObject([
      { status: "processed", method: "manual", actorId: staff.id, amount: payment.amount / 4 },
    ]);
    const event = (await eventsOf(application.id)).find((row) => row.kind === "refunded");
    expect(event).toMatchObject({ actorId: staff.id });
    expect((await lastEmailTo(application.email)).subject).toMatch(/^Refund of/);

    const over = await postRefund({ application, payment }, naira, "All of it");
    expect(over).toMatchObject({ kind: "data", status: 400 });
    expect(formError(over).amount).toEqual([refundMessages.overRefund((payment.amount * 3) / 4)]);
    expect((await paymentById(payment.id)).refundedAmount).toBe(payment.amount / 4);
  });

  it("two refunds at once never give back more than was paid", async () => {
    const { application, payment } = await manualPaid();
    const share = Math.round(payment.amount * 0.6);
    const results = await Promise.allSettled([
      refundPayment(staff, application.id, payment.id, share, "One", null),
      refundPayment(staff, application.id, payment.id, share, "Two", null),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await paymentById(payment.id)).refundedAmount).toBe(share);
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });

  it("refunds a card payment through Paystack: pending, then processed when Paystack says so", async () => {
    const { application, payment } = await paidByCard();
    const half = payment.amount / 2;
    const outcome = await postRefund({ application, payment }, half / 100, "Changed intake");
    expect(outcome).toMatchObject({ kind: "redirect" });
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ status: "pending", method: "paystack", amount: half });
    expect(fake.paystack.refunds.get(Number(refund?.gatewayId))?.amountKobo).toBe(half);
    expect((await paymentById(payment.id)).refundedAmount).toBe(half);
    expect((await lastEmailTo(application.email)).body).toContain("Changed intake");

    // Paystack's webhook queues a check, which asks Paystack.
    await fake.paystack.settleRefund(nth(refund ? [refund] : [], 0).gatewayId ?? "", "processed");
    const { body, headers } = fake.paystack.signedRefundWebhook(refund?.gatewayId ?? "");
    expect(
      await receivePaystackWebhook(Buffer.from(body), headers["x-paystack-signature"]),
    ).toEqual({ status: 200 });
    const jobs = await database().executeSql(
      "SELECT data FROM pgboss.job WHERE name = 'refund-check' AND data->>'refundId' = $1",
      [refund?.id],
    );
    expect(jobs.rows).toContainEqual({ data: { refundId: refund?.id, attempt: 0 } });
    await checkRefund({ refundId: refund?.id ?? "", attempt: 0 }, fake.gateway);
    expect(nth(await refundsOf(payment.id), 0).status).toBe("processed");
    expect((await paymentById(payment.id)).refundedAmount).toBe(half);
  });

  it("leaves nothing half-done when Paystack refuses", async () => {
    const { application, payment } = await paidByCard();
    const transaction = fake.paystack.transactions.get(payment.reference);
    if (transaction) transaction.status = "failed";
    const before = await emailsTo(application.email);
    const outcome = await postRefund({ application, payment }, 100, "Asked");
    expect(outcome).toMatchObject({ kind: "data", status: 409 });
    expect(formError(outcome)[""]?.[0]).toMatch(/^Paystack refused the refund/);
    expect((await paymentById(payment.id)).refundedAmount).toBe(0);
    expect(await refundsOf(payment.id)).toMatchObject([{ status: "failed" }]);
    expect(await emailsTo(application.email)).toHaveLength(before.length);
    expect((await eventsOf(application.id)).map((row) => row.kind)).not.toContain("refunded");
    if (transaction) transaction.status = "success";
  });

  it("keeps the amount reserved when Paystack does not answer, until a check knows", async () => {
    const lost = await paidByCard();
    fake.paystack.failNext(1, "lost");
    expect(
      await rejection(
        refundPayment(staff, lost.application.id, lost.payment.id, 10_000, "A", fake.gateway),
      ),
    ).toMatchObject({ message: refundMessages.unknown });
    const [kept] = await refundsOf(lost.payment.id);
    expect(kept).toMatchObject({ status: "pending", gatewayId: null });
    expect((await paymentById(lost.payment.id)).refundedAmount).toBe(10_000);
    // Paystack made it: the check finds it among the transaction's refunds.
    await checkRefund({ refundId: kept?.id ?? "", attempt: 1 }, fake.gateway);
    const [found] = await refundsOf(lost.payment.id);
    expect(found?.status).toBe("pending");
    expect(found?.gatewayId).not.toBeNull();
    expect((await eventsOf(lost.application.id)).map((row) => row.kind)).toContain("refunded");

    const down = await paidByCard();
    fake.paystack.failNext(1, "500");
    await rejection(
      refundPayment(staff, down.application.id, down.payment.id, 10_000, "B", fake.gateway),
    );
    const [unknown] = await refundsOf(down.payment.id);
    // Paystack never made it: released.
    await checkRefund({ refundId: unknown?.id ?? "", attempt: 1 }, fake.gateway);
    expect(nth(await refundsOf(down.payment.id), 0).status).toBe("failed");
    expect((await paymentById(down.payment.id)).refundedAmount).toBe(0);
  });
});

describe("a bank transfer's proof", () => {
  it("is served to signed-in staff only, never by the public files route", async () => {
    const { payment, key } = await proofSent();
    const path = `/admin-portal/payments/${payment.id}/proof`;
    const signedOut = await outcomeOf(() =>
      proofRoute.loader(routeArgs(getRequest(path), { paymentId: payment.id })),
    );
    expect(signedOut).toMatchObject({ kind: "redirect" });
    const served = await outcomeOf(() =>
      proofRoute.loader(routeArgs(getRequest(path, { cookie }), { paymentId: payment.id })),
    );
    expect(served).toMatchObject({ kind: "response", status: 200 });
    if (served.kind === "response") {
      expect(served.response.headers.get("content-type")).toBe("image/png");
      expect(served.response.headers.get("cache-control")).toBe("private, no-store");
      expect(await served.response.text()).toBe("not really a png");
    }
    // The proofs' bucket is beside the course assets, which are all the public route serves.
    const publicPath = `/files/payment-proofs/${key}`;
    const outside = await outcomeOf(() =>
      filesRoute.loader(routeArgs(getRequest(publicPath), { "*": publicPath.slice(7) })),
    );
    expect(outside).toMatchObject({ kind: "response", status: 404 });
    const unknown = await outcomeOf(() =>
      proofRoute.loader(routeArgs(getRequest(path, { cookie }), { paymentId: "not-a-payment" })),
    );
    expect(unknown).toMatchObject({ kind: "response", status: 404 });
    expect(
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.id, payment.id))),
    ).toHaveLength(1);
  });
});
