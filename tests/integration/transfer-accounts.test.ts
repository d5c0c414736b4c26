import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type Admin, accountTransfers, payments, transferAccounts } from "~/db/schema";
import { formatApplicationReference } from "~/features/applications/application-rules";
import { choosePaymentPlan } from "~/features/payments/payments.server";
import { receivePaystackWebhook } from "~/features/payments/paystack-webhook.server";
import { receiptFacts } from "~/features/payments/receipts/receipts.server";
import {
  checkAccountTransfer,
  transferReasons,
} from "~/features/payments/transfer-accounts/account-transfers.server";
import {
  assignTransferAccounts,
  transferAccountOf,
} from "~/features/payments/transfer-accounts/transfer-accounts.server";
import { transferMessages } from "~/features/payments/transfer-accounts/transfer-messages";
import { env, setEnvForTesting } from "~/lib/infra/env.server";
import { action, loader } from "~/routes/admin/students";
import {
  getRequest,
  type Outcome,
  outcomeOf,
  postRequest,
  signedInAdmin,
} from "../support/admin-session";
import { acceptedPlace, nth, scheduleOf, timelineKinds } from "../support/application-fixtures";
import { withFakePaystack } from "../support/fake-paystack-setup";
import { lastEmailTo } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const fake = withFakePaystack("sk_test_transferaccounts0001");

const PRICE = 25_000_000; // ₦250,000

/** The feature on: applicants' accounts at Paystack's test bank. */
function dedicatedAccountsOn() {
  setEnvForTesting({ ...env(), PAYSTACK_DEDICATED_ACCOUNT_BANK: "test-bank" });
}

/** An accepted place with its plan chosen and its own account number. */
async function placeWithAccount(plan: "full" | "two-instalments" = "two-instalments") {
  dedicatedAccountsOn();
  const place = await acceptedPlace({
    price: PRICE,
    earlyBirdPrice: null,
    payInFullDiscount: null,
  });
  await choosePaymentPlan(place.application.id, plan);
  await assignTransferAccounts();
  const account = await transferAccountOf(place.application.email);
  if (!account?.accountNumber) throw new Error("no account number");
  return { ...place, account, accountNumber: account.accountNumber };
}

/** A transfer into `accountNumber`, its webhook answered by the app, then the job's check run. */
async function transfer(accountNumber: string, amountKobo: number) {
  const { reference } = await fake.paystack.receiveTransfer(accountNumber, amountKobo);
  const { body, headers } = fake.paystack.signedWebhook(reference);
  const answer = await receivePaystackWebhook(Buffer.from(body), headers["x-paystack-signature"]);
  expect(answer.status).toBe(200);
  const outcome = await checkAccountTransfer(reference, fake.gateway);
  return { reference, outcome };
}

async function transferOf(reference: string) {
  const [row] = await db()
    .select()
    .from(accountTransfers)
    .where(eq(accountTransfers.gatewayReference, reference));
  if (!row) throw new Error(`no transfer ${reference}`);
  return row;
}

async function checkJobsOf(reference: string) {
  const result = await database().executeSql(
    "SELECT data FROM pgboss.job WHERE name = 'account-transfer-check' AND data->>'reference' = $1",
    [reference],
  );
  return result.rows;
}

describe("an accepted applicant's own account number", () => {
  it("is made by the sweep at Paystack, in their name, once per address", async () => {
    const { application, account } = await placeWithAccount();
    expect(account).toMatchObject({
      status: "assigned",
      bankName: "Test Bank",
      accountName: expect.stringContaining(application.fullName.toUpperCase()),
    });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    const customer = fake.paystack.customers.get(application.email.toLowerCase());
    expect(customer?.customerCode).toBe(account.customerCode);
    // Asked again, nothing new is made.
    const before = fake.paystack.requests.length;
    await assignTransferAccounts();
    expect(fake.paystack.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);
  });

  it("is not asked for while the feature is off, nor for a place not accepted", async () => {
    setEnvForTesting({ ...env(), PAYSTACK_DEDICATED_ACCOUNT_BANK: undefined });
    const off = await acceptedPlace();
    expect(await assignTransferAccounts()).toEqual({ assigned: 0, failed: 0 });
    expect(await transferAccountOf(off.application.email)).toBeNull();
  });

  it("keeps Paystack's refusal for staff, asks again when Paystack did not answer, and finds an account already made", async () => {
    dedicatedAccountsOn();
    const refused = await acceptedPlace();
    setEnvForTesting({ ...env(), PAYSTACK_DEDICATED_ACCOUNT_BANK: "no-such-bank" });
    await assignTransferAccounts();
    expect(await transferAccountOf(refused.application.email)).toMatchObject({
      status: "failed",
      failure: "Preferred bank is not supported",
      accountNumber: null,
    });

    dedicatedAccountsOn();
    const unanswered = await acceptedPlace();
    // Paystack does not answer: the account stays asked for, and a later sweep asks again.
    fake.paystack.failNext(1, "500");
    await assignTransferAccounts(new Date());
    expect((await transferAccountOf(unanswered.application.email))?.status).toBe("requested");
    await assignTransferAccounts(new Date(Date.now() + 120_000));
    expect((await transferAccountOf(unanswered.application.email))?.status).toBe("assigned");

    // An account Paystack made on a try whose answer was lost is the one they get.
    const lost = await acceptedPlace();
    const held = await fake.gateway.customer({
      email: lost.application.email,
      firstName: "Lost",
      lastName: "Answer",
      phone: lost.application.phone,
    });
    const made = await fake.gateway.assignDedicatedAccount({
      customerCode: held.customerCode,
      preferredBank: "test-bank",
    });
    const before = fake.paystack.requests.length;
    await assignTransferAccounts();
    expect(await transferAccountOf(lost.application.email)).toMatchObject({
      status: "assigned",
      accountNumber: made.accountNumber,
    });
    expect(fake.paystack.requests.slice(before).map((r) => r.method)).toEqual(["GET"]);
  });
});

describe("a transfer into it", () => {
  it("of exactly the next instalment is recorded once, paid with a receipt, however often Paystack tells", async () => {
    const { application, accountNumber } = await placeWithAccount();
    const due = nth(await scheduleOf(application.id), 0).amount;
    const { reference, outcome } = await transfer(accountNumber, due);
    expect(outcome).toBe("applied");
    expect(await checkJobsOf(reference)).toHaveLength(1);
    const recorded = await transferOf(reference);
    expect(recorded).toMatchObject({ state: "applied", appliedAmount: due, reason: null });
    const [payment, ...more] = await db()
      .select()
      .from(payments)
      .where(eq(payments.accountTransferId, recorded.id));
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({ method: "transfer-account", status: "paid", amount: due });
    expect(payment?.receiptNumber).toBeGreaterThan(0);
    expect(nth(await scheduleOf(application.id), 0).paidAt).not.toBeNull();
    const receipt = await receiptFacts(db(), payment?.id ?? "");
    expect(receipt?.receipt.method).toBe("Transfer to own account number");
    expect(await timelineKinds(application.id)).toContain("enrolled");
    // The same transfer told again (a retried webhook, a second check): nothing more.
    expect(await checkAccountTransfer(reference, fake.gateway)).toBe("already");
    const paid = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id));
    expect(paid).toHaveLength(1);
  });

  it.each([
    ["part of it", (due: number) => due - 100_000, transferReasons.part],
    ["more than it", (due: number) => due + 100_000, transferReasons.over],
  ])("of %s waits for staff with why, and pays nothing", async (_, amountOf, reasonOf) => {
    const { application, accountNumber } = await placeWithAccount();
    const due = nth(await scheduleOf(application.id), 0).amount;
    const amount = amountOf(due);
    const { reference, outcome } = await transfer(accountNumber, amount);
    expect(outcome).toBe("to-settle");
    expect(await transferOf(reference)).toMatchObject({
      state: "to-settle",
      applicationId: application.id,
      amount,
      appliedAmount: 0,
      reason: reasonOf(amount, due),
      senderName: "ADEBAYO OLUWASEUN",
    });
    expect(
      await db().select().from(payments).where(eq(payments.applicationId, application.id)),
    ).toEqual([]);
    expect(nth(await scheduleOf(application.id), 0).paidAt).toBeNull();
    expect(await timelineKinds(application.id)).toContain("payment-flagged");
  });

  it("after everything is paid waits for staff, as nothing is due", async () => {
    const { application, accountNumber } = await placeWithAccount("full");
    const due = nth(await scheduleOf(application.id), 0).amount;
    expect((await transfer(accountNumber, due)).outcome).toBe("applied");
    const again = await transfer(accountNumber, due);
    expect(again.outcome).toBe("to-settle");
    expect((await transferOf(again.reference)).reason).toBe(transferReasons.nothingDue);
  });

  it("from someone paying for two places is not guessed at", async () => {
    const { application, accountNumber } = await placeWithAccount();
    const second = await acceptedPlace({}, undefined, { email: application.email });
    expect(second.application.email).toBe(application.email);
    const { reference, outcome } = await transfer(accountNumber, 100_000);
    expect(outcome).toBe("to-settle");
    expect(await transferOf(reference)).toMatchObject({
      applicationId: null,
      reason: transferReasons.severalPlaces,
    });
  });

  it("a webhook that is not a transfer, or badly signed, records nothing", async () => {
    const { accountNumber } = await placeWithAccount();
    const { reference } = await fake.paystack.receiveTransfer(accountNumber, 100_000);
    const { body } = fake.paystack.signedWebhook(reference);
    const forged = fake.paystack.signatureHeaders(body, { badSignature: true });
    expect(
      (await receivePaystackWebhook(Buffer.from(body), forged["x-paystack-signature"])).status,
    ).toBe(401);
    expect(await checkJobsOf(reference)).toEqual([]);
    expect(await checkAccountTransfer("T-never-made", fake.gateway)).toBe("not-a-transfer");
  });

  it("any signed body claiming a transfer is answered 200 or 400, and only a well-formed reference is checked", async () => {
    const secret = "sk_test_transferaccounts0001";
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 120 }), fc.stringMatching(/^[A-Za-z0-9._=-]{1,100}$/)),
        fc.oneof(fc.constant("dedicated_nuban"), fc.string({ maxLength: 20 }), fc.integer()),
        fc.oneof(fc.constant("charge.success"), fc.string({ maxLength: 30 })),
        async (given, channel, event) => {
          // Each case its own reference: a repeated one would find an earlier case's check.
          run += 1;
          const reference = `F${run}${given}`.slice(0, 120);
          const body = JSON.stringify({ event, data: { reference, channel, amount: -1 } });
          const signature = createHmac("sha512", secret).update(body).digest("hex");
          const answer = await receivePaystackWebhook(Buffer.from(body), signature);
          expect([200, 400]).toContain(answer.status);
          const checks = await checkJobsOf(reference);
          const transfer =
            event === "charge.success" &&
            channel === "dedicated_nuban" &&
            /^[A-Za-z0-9._=-]{1,100}$/.test(reference);
          expect(checks.length > 0).toBe(transfer);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("staff settling a transfer that waits", () => {
  let staff: Admin;
  let cookie: string;
  beforeAll(async () => {
    ({ admin: staff, cookie } = await signedInAdmin({ name: "Bola Bursar" }));
  });
  const post = (fields: Record<string, string>) =>
    outcomeOf(() => action(routeArgs(postRequest("/admin-portal/students", fields, { cookie }))));
  const formErrorOf = (outcome: Outcome) =>
    (outcome as { data: { result: { error: Record<string, string[]> } } }).data.result.error;
  const transferPayments = (transferId: string) =>
    db().select().from(payments).where(eq(payments.accountTransferId, transferId));

  it("applies a transfer of more than is due to the instalments in order, a part to the last, and leaves the rest to refund", async () => {
    const { application, accountNumber } = await placeWithAccount();
    const [first, second] = await scheduleOf(application.id);
    if (!first || !second) throw new Error("two instalments expected");
    const sent = first.amount + second.amount + 500_000;
    const { reference } = await transfer(accountNumber, sent);
    const waiting = await transferOf(reference);
    expect(waiting.state).toBe("to-settle");

    const applied = await post({
      intent: "apply-transfer",
      id: application.id,
      target: waiting.id,
    });
    expect(applied.kind).toBe("redirect");
    const made = await transferPayments(waiting.id);
    expect(made.map((payment) => [payment.amount, payment.status])).toEqual([
      [first.amount, "paid"],
      [second.amount, "paid"],
    ]);
    expect(made.every((payment) => payment.receiptNumber && payment.reviewedBy === staff.id)).toBe(
      true,
    );
    expect((await scheduleOf(application.id)).every((part) => part.paidAt)).toBe(true);
    expect(await transferOf(reference)).toMatchObject({
      state: "to-settle",
      appliedAmount: first.amount + second.amount,
    });
    // Applied again with nothing left to pay: refused, nothing more paid.
    const again = await post({ intent: "apply-transfer", id: application.id, target: waiting.id });
    expect(formErrorOf(again)[""]).toEqual([transferMessages.nothingDue]);
    expect(await transferPayments(waiting.id)).toHaveLength(2);

    // The rest is refunded by the academy's own transfer; more than is left is refused.
    const over = await post({
      intent: "refund-transfer",
      id: application.id,
      target: waiting.id,
      amount: "5000.01",
      note: "Sent back the extra",
    });
    expect(formErrorOf(over).amount).toEqual([transferMessages.moreThanLeft(500_000)]);
    const refunded = await post({
      intent: "refund-transfer",
      id: application.id,
      target: waiting.id,
      amount: "5000",
      note: "Sent back the extra",
    });
    expect(refunded.kind).toBe("redirect");
    expect(await transferOf(reference)).toMatchObject({
      state: "settled",
      refundedAmount: 500_000,
      staffNote: "Sent back the extra",
      settledBy: staff.id,
    });
    expect((await lastEmailTo(application.email))?.subject).toMatch(/^Refund of ₦5,000 /);
    const settledAgain = await post({
      intent: "refund-transfer",
      id: application.id,
      target: waiting.id,
      amount: "1",
      note: "Twice",
    });
    expect(formErrorOf(settledAgain)[""]).toEqual([transferMessages.settled]);
  });

  it("applies a part as a part payment, and the next transfer of the rest pays itself", async () => {
    const { application, accountNumber } = await placeWithAccount();
    const first = nth(await scheduleOf(application.id), 0);
    const { reference } = await transfer(accountNumber, 1_000_000);
    const waiting = await transferOf(reference);
    await post({ intent: "apply-transfer", id: application.id, target: waiting.id });
    expect(await transferOf(reference)).toMatchObject({
      state: "settled",
      appliedAmount: 1_000_000,
    });
    expect(nth(await scheduleOf(application.id), 0).paidAt).toBeNull();
    const rest = await transfer(accountNumber, first.amount - 1_000_000);
    expect(rest.outcome).toBe("applied");
    expect(nth(await scheduleOf(application.id), 0).paidAt).not.toBeNull();
  });

  it("a transfer with no place is put on an application by its reference, then settled there; any other is refused", async () => {
    const { application, accountNumber } = await placeWithAccount();
    await acceptedPlace({}, undefined, { email: application.email });
    const { reference } = await transfer(accountNumber, 2_000_000);
    const waiting = await transferOf(reference);
    expect(waiting.applicationId).toBeNull();
    // Applied from an application it is not on: refused.
    const elsewhere = await post({
      intent: "apply-transfer",
      id: application.id,
      target: waiting.id,
    });
    expect(formErrorOf(elsewhere)[""]).toEqual([transferMessages.notFound]);
    const unknown = await post({
      intent: "place-transfer",
      target: waiting.id,
      reference: "LTA-A-999999",
    });
    expect(formErrorOf(unknown).reference).toEqual([transferMessages.applicationUnknown]);
    const placed = await post({
      intent: "place-transfer",
      target: waiting.id,
      reference: formatApplicationReference(application.reference).toLowerCase(),
    });
    expect(placed).toMatchObject({ kind: "redirect" });
    expect((await transferOf(reference)).applicationId).toBe(application.id);
    await post({ intent: "apply-transfer", id: application.id, target: waiting.id });
    expect(await transferOf(reference)).toMatchObject({
      state: "settled",
      appliedAmount: 2_000_000,
    });
  });

  it("a transfer to an account nobody has is refunded from the Payments tab", async () => {
    const { accountNumber } = await placeWithAccount();
    const { reference } = await fake.paystack.receiveTransfer(accountNumber, 700_000);
    // The account's owner is unknown here: the transfer record points nowhere.
    await db().delete(transferAccounts).where(eq(transferAccounts.accountNumber, accountNumber));
    expect(await checkAccountTransfer(reference, fake.gateway)).toBe("to-settle");
    const waiting = await transferOf(reference);
    expect(waiting.reason).toBe(transferReasons.unknownAccount);
    const page = await outcomeOf(() =>
      loader(routeArgs(getRequest("/admin-portal/students?tab=payments", { cookie }))),
    );
    expect(JSON.stringify(page)).toContain(waiting.id);
    const refunded = await post({
      intent: "refund-unplaced-transfer",
      target: waiting.id,
      amount: "7000",
      note: "Returned to sender",
    });
    expect(refunded).toMatchObject({ kind: "redirect" });
    expect(await transferOf(reference)).toMatchObject({
      state: "settled",
      refundedAmount: 700_000,
    });
  });

  it("is for signed-in staff only", async () => {
    const { application, accountNumber } = await placeWithAccount();
    const { reference } = await transfer(accountNumber, 1_000_000);
    const waiting = await transferOf(reference);
    const outcome = await outcomeOf(() =>
      action(
        routeArgs(
          postRequest("/admin-portal/students", {
            intent: "apply-transfer",
            id: application.id,
            target: waiting.id,
          }),
        ),
      ),
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      location: expect.stringMatching(/^\/admin-portal\/login/),
    });
    expect((await transferOf(reference)).state).toBe("to-settle");
  });
});
