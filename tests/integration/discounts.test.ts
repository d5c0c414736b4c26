import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type Admin, applications, discountRedemptions, payments } from "~/db/schema";
import { applyForIntake } from "~/features/applications/applications.server";
import { createCode, deactivateCode, listCodes } from "~/features/discounts/discount-codes.server";
import { discountMessages } from "~/features/discounts/discount-messages";
import { codeTriesLimit } from "~/features/payments/applicant/applicant-payments.server";
import { newPaymentReference } from "~/features/payments/payment-reference";
import { choosePaymentPlan } from "~/features/payments/payments.server";
import {
  enterCodeOnApplication,
  grantScholarshipOnApplication,
  priceOfApplication,
  removeCodeFromApplication,
} from "~/features/payments/price-changes.server";
import { receiptFacts } from "~/features/payments/receipts/receipts.server";
import { recordManualPayment } from "~/features/payments/staff/staff-payments.server";
import { discountsByIntake } from "~/features/reports/discount-reports.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import * as discountsRoute from "~/routes/admin/discounts";
import * as studentsRoute from "~/routes/admin/students";
import * as paymentsExportRoute from "~/routes/resources/payments-export";
import {
  getRequest,
  type Outcome,
  outcomeOf,
  postRequest,
  signedInAdmin,
} from "../support/admin-session";
import {
  acceptedPlace,
  applicantInput,
  applicationByEmail,
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
import { refusal as refusalOf } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();
let admin: Admin;
let cookie: string;
beforeAll(async () => {
  ({ admin, cookie } = await signedInAdmin({ name: "Funmi Finance" }));
});

const postTo = (
  route: { action: (args: ReturnType<typeof routeArgs>) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
) => outcomeOf(() => route.action(routeArgs(postRequest(path, fields, { cookie }))));
const fieldErrors = (outcome: Outcome) =>
  (outcome as { data: { result: { error: Record<string, string[]> } } }).data.result.error;

let codes = 0;
/** A new code (its name unique in the run): 10 % off every intake unless `fields` say else. */
const newCode = (fields: Partial<Parameters<typeof createCode>[0]> = {}) =>
  createCode(
    {
      code: `Code${++codes}${Date.now().toString(36)}`,
      reduction: { percent: 10 },
      intakeIds: [],
      validFrom: null,
      validUntil: null,
      useLimit: null,
      perPersonLimit: 1,
      ...fields,
    },
    admin.id,
  );

const amounts = async (applicationId: string) =>
  (await scheduleOf(applicationId)).map((part) => part.amount);

const staff = () => ({ kind: "staff" as const, adminId: admin.id });

describe("discount codes", () => {
  it("takes a code entered in any case off the price before the instalments are split, and counts its use when the plan is chosen", async () => {
    const code = await newCode({ reduction: { percent: 10 }, useLimit: 5 });
    const { application } = await acceptedPlace();
    await enterCodeOnApplication(application.id, `  ${code.code.toLowerCase()} `);
    expect((await listCodes()).find((row) => row.id === code.id)?.uses).toBe(0);
    await choosePaymentPlan(application.id, "two-instalments");
    // ₦250,000 less 10 %: ₦225,000 in two parts.
    expect(await amounts(application.id)).toEqual([11_250_000, 11_250_000]);
    expect((await listCodes()).find((row) => row.id === code.id)?.uses).toBe(1);
    const price = await priceOfApplication(application.id);
    expect(price?.lines).toEqual([
      { kind: "price", label: "Course price", amount: 25_000_000 },
      { kind: "code", label: `Discount code ${code.code}`, amount: -2_500_000 },
    ]);
    expect(price?.total).toBe(22_500_000);
    expect(await timelineKinds(application.id)).toContain("code-entered");
    // The receipt shows the same lines, adding up to the fee it states.
    const first = nth(await scheduleOf(application.id), 0);
    const { payment } = await recordManualPayment(
      admin,
      application.id,
      first.id,
      lagosToday(),
      "Cash",
    );
    const receipt = (await receiptFacts(db(), payment.id))?.receipt;
    expect(receipt?.priceLines).toEqual(price?.lines);
    expect(receipt?.priceLines.reduce((sum, line) => sum + line.amount, 0)).toBe(
      receipt?.totalKobo,
    );
  });

  it("prices a chosen plan again when a code is entered before the first payment, and gives the use back when it is removed", async () => {
    const code = await newCode({ reduction: { amountKobo: 5_000_000 } });
    const { application } = await acceptedPlace({ payInFullDiscount: 1_000_000 });
    await choosePaymentPlan(application.id, "full");
    expect(await amounts(application.id)).toEqual([24_000_000]);
    await enterCodeOnApplication(application.id, code.code);
    // The code first (₦50,000 off), then the pay-in-full discount (₦10,000).
    expect(await amounts(application.id)).toEqual([19_000_000]);
    expect((await listCodes()).find((row) => row.id === code.id)?.uses).toBe(1);
    await removeCodeFromApplication(application.id);
    expect(await amounts(application.id)).toEqual([24_000_000]);
    expect((await listCodes()).find((row) => row.id === code.id)?.uses).toBe(0);
  });

  it("refuses a code it does not know, one out of its dates, deactivated, for another intake, used up, or a second code, each in words", async () => {
    const today = lagosToday();
    const { application, intake } = await acceptedPlace();
    const { intake: other } = await acceptedPlace();
    const refusal = (entered: string) => refusalOf(enterCodeOnApplication(application.id, entered));
    expect((await refusal("NO-SUCH-CODE")).message).toBe(discountMessages.unknownCode);
    const late = await newCode({ validUntil: addDays(today, -1) });
    expect((await refusal(late.code)).message).toBe(discountMessages.expired);
    const early = await newCode({ validFrom: addDays(today, 1) });
    expect((await refusal(early.code)).message).toBe(discountMessages.notYet);
    const stopped = await newCode();
    await deactivateCode(stopped.id);
    expect((await refusal(stopped.code)).message).toBe(discountMessages.deactivated);
    const elsewhere = await newCode({ intakeIds: [other.id] });
    expect((await refusal(elsewhere.code)).message).toBe(discountMessages.otherIntake);
    const once = await newCode({ useLimit: 1 });
    const { application: first } = await acceptedPlace();
    await enterCodeOnApplication(first.id, once.code);
    await choosePaymentPlan(first.id, "full");
    expect((await refusal(once.code)).message).toBe(discountMessages.usedUp);
    // One for this intake only, today's last day included, then a second one refused.
    const mine = await newCode({ intakeIds: [intake.id], validUntil: today });
    await enterCodeOnApplication(application.id, mine.code);
    expect((await refusal((await newCode()).code)).message).toBe(discountMessages.alreadyApplied);
  });

  it("refuses a code one person already used on another application", async () => {
    const code = await newCode({ perPersonLimit: 1 });
    const { application: first } = await acceptedPlace();
    await enterCodeOnApplication(first.id, code.code);
    await choosePaymentPlan(first.id, "full");
    const { application: second } = await acceptedPlace();
    await db()
      .update(applications)
      .set({ email: first.email.toUpperCase() })
      .where(eq(applications.id, second.id));
    expect((await refusalOf(enterCodeOnApplication(second.id, code.code))).message).toBe(
      discountMessages.usedByPerson,
    );
  });

  it("refuses the plan, writing and charging nothing, when others used the code up after it was entered; without the code the plan is chosen at the full price", async () => {
    const code = await newCode({ useLimit: 1 });
    const { application: slow } = await acceptedPlace();
    const { application: quick } = await acceptedPlace();
    await enterCodeOnApplication(slow.id, code.code);
    await enterCodeOnApplication(quick.id, code.code);
    await choosePaymentPlan(quick.id, "full");
    const refused = await refusalOf(choosePaymentPlan(slow.id, "full"));
    expect(refused.message).toBe(discountMessages.usedUpSinceEntered);
    expect(await scheduleOf(slow.id)).toEqual([]);
    await removeCodeFromApplication(slow.id);
    await choosePaymentPlan(slow.id, "full");
    expect(await amounts(slow.id)).toEqual([25_000_000]);
  });

  it("gives a use back when a place is given up before any payment, and keeps it once money came in", async () => {
    const code = await newCode({ useLimit: 1 });
    const priced = async () => {
      const { application } = await acceptedPlace();
      await enterCodeOnApplication(application.id, code.code);
      await choosePaymentPlan(application.id, "two-instalments");
      return application;
    };
    const withdrawn = await priced();
    await db()
      .update(applications)
      .set({ status: "withdrawn" })
      .where(eq(applications.id, withdrawn.id));
    expect((await listCodes()).find((row) => row.id === code.id)?.uses).toBe(0);
    // Its use came back: another applicant redeems it, and pays.
    const paying = await priced();
    const first = nth(await scheduleOf(paying.id), 0);
    await recordManualPayment(admin, paying.id, first.id, lagosToday(), "Cash");
    await db()
      .update(applications)
      .set({ status: "withdrawn" })
      .where(eq(applications.id, paying.id));
    // Money came in with the code: its use stays, and the code is used up.
    expect((await listCodes()).find((row) => row.id === code.id)?.uses).toBe(1);
    const { application: late } = await acceptedPlace();
    expect((await refusalOf(enterCodeOnApplication(late.id, code.code))).message).toBe(
      discountMessages.usedUp,
    );
  });

  it("redeems a code with 3 uses left exactly 3 times when 12 choose their plan at once", async () => {
    const code = await newCode({ useLimit: 3 });
    const places = await Promise.all(Array.from({ length: 12 }, () => acceptedPlace()));
    for (const { application } of places) await enterCodeOnApplication(application.id, code.code);
    const outcomes = await Promise.allSettled(
      places.map(({ application }) => choosePaymentPlan(application.id, "full")),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    const redeemed = await db()
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, code.id));
    expect(redeemed.filter((row) => row.redeemedAt)).toHaveLength(3);
  });

  it("enrols a place a code makes free as soon as its plan is chosen, with nothing to pay", async () => {
    const code = await newCode({ reduction: { percent: 100 } });
    const { application } = await acceptedPlace();
    await enterCodeOnApplication(application.id, code.code);
    await choosePaymentPlan(application.id, "two-instalments");
    expect(await scheduleOf(application.id)).toEqual([]);
    expect(await statusOf(application.id)).toBe("enrolled");
  });

  it("refuses a code once money has come in", async () => {
    const code = await newCode();
    const { application } = await acceptedPlace();
    await choosePaymentPlan(application.id, "two-instalments");
    const first = nth(await scheduleOf(application.id), 0);
    await recordManualPayment(admin, application.id, first.id, lagosToday(), "Cash");
    expect((await refusalOf(enterCodeOnApplication(application.id, code.code))).message).toBe(
      discountMessages.afterFirstPayment,
    );
  });
});

describe("scholarships", () => {
  it("lowers only the instalments not yet paid, keeping their due dates", async () => {
    const { application } = await acceptedPlace({}, lagosToday());
    await choosePaymentPlan(application.id, "two-instalments");
    const [first, second] = await scheduleOf(application.id);
    await recordManualPayment(admin, application.id, first?.id ?? "", lagosToday(), "Cash");
    // ₦250,000 less 40 %: ₦150,000, of which ₦125,000 is paid.
    await grantScholarshipOnApplication(
      staff(),
      application.id,
      { percent: 40 },
      "Top of the aptitude test",
    );
    const after = await scheduleOf(application.id);
    expect(after.map((part) => [part.amount, part.dueOn])).toEqual([
      [12_500_000, first?.dueOn],
      [2_500_000, second?.dueOn],
    ]);
    expect((await priceOfApplication(application.id))?.scholarshipReason).toBe(
      "Top of the aptitude test",
    );
  });

  it("says what was paid over the new price, for staff to refund, and enrols the place with nothing left", async () => {
    const { application } = await acceptedPlace();
    await choosePaymentPlan(application.id, "two-instalments");
    const [first] = await scheduleOf(application.id);
    await recordManualPayment(admin, application.id, first?.id ?? "", lagosToday(), "Cash");
    const { paidOver } = await grantScholarshipOnApplication(
      staff(),
      application.id,
      { amountKobo: 20_000_000 },
      "Hardship",
    );
    // ₦50,000 is the new price; ₦125,000 was paid.
    expect(paidOver).toBe(7_500_000);
    expect(await amounts(application.id)).toEqual([12_500_000]);
    expect(await statusOf(application.id)).toBe("enrolled");
  });

  it("a full scholarship after the plan was chosen leaves nothing to pay and enrols; a failed attempt keeps a paid ₦0 instalment, owed again if the scholarship is lowered", async () => {
    const { application } = await acceptedPlace();
    await choosePaymentPlan(application.id, "two-instalments");
    await grantScholarshipOnApplication(staff(), application.id, { percent: 100 }, "Full");
    expect(await scheduleOf(application.id)).toEqual([]);
    expect(await statusOf(application.id)).toBe("enrolled");

    const { application: tried } = await acceptedPlace();
    await choosePaymentPlan(tried.id, "two-instalments");
    const first = nth(await scheduleOf(tried.id), 0);
    await db().insert(payments).values({
      reference: newPaymentReference(),
      applicationId: tried.id,
      instalmentId: first.id,
      method: "paystack",
      amount: first.amount,
      status: "failed",
    });
    await grantScholarshipOnApplication(staff(), tried.id, { percent: 100 }, "Full");
    const free = await scheduleOf(tried.id);
    expect(free.map((part) => [part.amount, part.paidAt !== null])).toEqual([[0, true]]);
    await grantScholarshipOnApplication(staff(), tried.id, { percent: 50 }, "Half after all");
    const owed = await scheduleOf(tried.id);
    expect(owed.map((part) => [part.amount, part.paidAt])).toEqual([
      [6_250_000, null],
      [6_250_000, null],
    ]);
  });

  it("is refused while a transfer proof waits, and when a smaller one would leave a place paid in full owing money", async () => {
    const { application } = await acceptedPlace();
    await choosePaymentPlan(application.id, "two-instalments");
    const first = nth(await scheduleOf(application.id), 0);
    await db().insert(payments).values({
      reference: newPaymentReference(),
      applicationId: application.id,
      instalmentId: first.id,
      method: "bank-transfer",
      amount: first.amount,
      status: "proof-sent",
      proofKey: "proofs/test.pdf",
    });
    expect(
      (
        await refusalOf(
          grantScholarshipOnApplication(staff(), application.id, { percent: 75 }, "x"),
        )
      ).message,
    ).toBe(discountMessages.paymentWaits);

    const { application: paid } = await acceptedPlace();
    await grantScholarshipOnApplication(staff(), paid.id, { percent: 50 }, "Half");
    await choosePaymentPlan(paid.id, "full");
    const only = nth(await scheduleOf(paid.id), 0);
    await recordManualPayment(admin, paid.id, only.id, lagosToday(), "Cash");
    expect(
      (await refusalOf(grantScholarshipOnApplication(staff(), paid.id, { percent: 25 }, "Less")))
        .message,
    ).toBe(discountMessages.paidInFull);
    expect(await amounts(paid.id)).toEqual([12_500_000]);
  });

  it("granted before a plan, it prices the plans the applicant chooses from", async () => {
    const { application, intake } = await acceptedPlace();
    await grantScholarshipOnApplication(
      staff(),
      application.id,
      { amountKobo: 5_000_000 },
      "Sponsor",
    );
    await choosePaymentPlan(application.id, "full");
    expect(await amounts(application.id)).toEqual([20_000_000]);
    // The Reports page's table of what was taken off, per intake.
    expect((await discountsByIntake()).find((row) => row.intakeId === intake.id)).toMatchObject({
      before: 25_000_000,
      codes: 0,
      scholarships: 5_000_000,
      scholarshipCount: 1,
      after: 20_000_000,
    });
  });
});

/** A place applied for and accepted through the applicant's own link (paid in full only). */
async function acceptedThroughLink() {
  const { intake } = await openIntake({ paymentPlans: ["full"], admissionMode: "first-come" });
  const input = applicantInput();
  await applyForIntake(intake.id, input, origin);
  const token = await tokenOf(input.email);
  await postOnMyApplication(token, { intent: "accept" });
  return { token, application: await applicationByEmail(input.email) };
}

describe("the forms", () => {
  it("the Discounts page creates a code from its form, refuses a taken name and a percentage over 100 on their fields, and deactivates", async () => {
    const name = `Form${Date.now().toString(36)}`;
    const { intake } = await openIntake();
    const fields = {
      intent: "create",
      code: name.toLowerCase(),
      kind: "amount",
      value: "15000",
      intakeIds: intake.id,
      useLimit: "20",
      perPersonLimit: "1",
    };
    expect(await postTo(discountsRoute, "/admin-portal/discounts", fields)).toMatchObject({
      kind: "redirect",
    });
    const created = (await listCodes()).find((row) => row.code === name.toUpperCase());
    expect(created).toMatchObject({ amount: 1_500_000, allIntakes: false, useLimit: 20 });
    expect(created?.intakeIds).toEqual([intake.id]);
    const taken = await postTo(discountsRoute, "/admin-portal/discounts", fields);
    expect(fieldErrors(taken).code).toEqual([discountMessages.codeTaken]);
    const over = await postTo(discountsRoute, "/admin-portal/discounts", {
      ...fields,
      code: `${name}X`,
      kind: "percent",
      value: "120",
    });
    expect(fieldErrors(over).value).toEqual(["A percentage is a whole number from 1 to 100"]);
    // What the fuzz suite first found answered 500: now each refused on its field.
    const refusedOn = async (fields: Record<string, string>) =>
      fieldErrors(
        await postTo(discountsRoute, "/admin-portal/discounts", { ...fields, code: `${name}Y` }),
      );
    expect((await refusedOn({ ...fields, value: "0.004" })).value).toEqual([
      "Please enter an amount in Naira, more than 0",
    ]);
    expect((await refusedOn({ ...fields, validFrom: "0000-01-01" })).validFrom).toEqual([
      "Please enter a valid date",
    ]);
    expect(
      (await refusedOn({ ...fields, intakeIds: "5b1e4c3a-0000-4000-8000-00000000abcd" })).intakeIds,
    ).toEqual([discountMessages.intakeGone]);
    await postTo(discountsRoute, "/admin-portal/discounts", {
      intent: "deactivate",
      id: created?.id ?? "",
    });
    expect((await listCodes()).find((row) => row.id === created?.id)?.deactivatedAt).not.toBeNull();
  });

  it("the apply form keeps a good code with the application, and refuses a bad one on its field, storing nothing", async () => {
    const code = await newCode({ reduction: { percent: 20 } });
    const { intake } = await openIntake({ paymentPlans: ["full"] });
    const bad = applicantInput(undefined, { discountCode: "NOPE" });
    const refused = await refusalOf(applyForIntake(intake.id, bad, origin));
    expect([refused.message, refused.field]).toEqual([
      discountMessages.unknownCode,
      "discountCode",
    ]);
    await expect(applicationByEmail(bad.email)).rejects.toThrow();
    const good = applicantInput(undefined, { discountCode: code.code.toLowerCase() });
    await applyForIntake(intake.id, good, origin);
    const stored = await applicationByEmail(good.email);
    expect((await priceOfApplication(stored.id))?.total).toBe(20_000_000);
  });

  it("'My application' applies and removes a code, and says on the field why one is refused", async () => {
    const code = await newCode({ reduction: { amountKobo: 2_000_000 } });
    const { token } = await acceptedThroughLink();
    const refused = await outcomeOf(() =>
      postOnMyApplication(token, { intent: "enter-code", code: "NOPE" }),
    );
    expect(fieldErrors(refused).code).toEqual([discountMessages.unknownCode]);
    await postOnMyApplication(token, { intent: "enter-code", code: code.code });
    const page = (await myApplicationPage(token)) as {
      payments: { stage: string; discount: unknown; plans: { schedule: { amount: number }[] }[] };
    };
    expect(page.payments.discount).toEqual({
      code: code.code,
      refusal: null,
      off: -2_000_000,
      changeable: true,
    });
    expect(page.payments.plans[0]?.schedule[0]?.amount).toBe(23_000_000);
    await postOnMyApplication(token, { intent: "remove-code" });
    const after = (await myApplicationPage(token)) as {
      payments: { discount: { code: string | null } };
    };
    expect(after.payments.discount.code).toBeNull();
  });

  it("'My application' refuses codes after ten refused in an hour on it, whoever else tries; codes that apply count nothing", async () => {
    const code = await newCode({ reduction: { amountKobo: 1_000_000 } });
    const { token } = await acceptedThroughLink();
    const guess = async (typed: string) =>
      fieldErrors(
        await outcomeOf(() => postOnMyApplication(token, { intent: "enter-code", code: typed })),
      ).code;
    for (let tried = 1; tried < codeTriesLimit.limit; tried += 1)
      expect(await guess(`GUESS${tried}`)).toEqual([discountMessages.unknownCode]);
    // A code that applies, then removed: it counts nothing, so the tenth refused try is answered.
    await postOnMyApplication(token, { intent: "enter-code", code: code.code });
    await postOnMyApplication(token, { intent: "remove-code" });
    expect(await guess("GUESS10")).toEqual([discountMessages.unknownCode]);
    const over = await outcomeOf(() =>
      postOnMyApplication(token, { intent: "enter-code", code: code.code }),
    );
    expect(fieldErrors(over).code).toEqual([discountMessages.tooManyTries]);
    expect(over.status).toBe(429);
    // Another applicant's link is not touched by it.
    const other = await acceptedThroughLink();
    await postOnMyApplication(other.token, { intent: "enter-code", code: code.code });
    const page = (await myApplicationPage(other.token)) as {
      payments: { discount: { code: string | null } };
    };
    expect(page.payments.discount.code).toBe(code.code);
  });

  it("an offer's terms are priced with the code; a code that can no longer be used is said so, the plans priced without it", async () => {
    const code = await newCode({ reduction: { percent: 20 } });
    const { intake } = await openIntake({ paymentPlans: ["full"], admissionMode: "first-come" });
    const input = applicantInput(undefined, { discountCode: code.code });
    await applyForIntake(intake.id, input, origin);
    const token = await tokenOf(input.email);
    const offered = (await myApplicationPage(token)) as {
      application: { offerTerms: { price: number } };
    };
    expect(offered.application.offerTerms.price).toBe(20_000_000);
    await deactivateCode(code.id);
    await postOnMyApplication(token, { intent: "accept" });
    const page = (await myApplicationPage(token)) as {
      payments: { discount: unknown; plans: { schedule: { amount: number }[] }[] };
    };
    expect(page.payments.discount).toMatchObject({
      code: code.code,
      refusal: discountMessages.deactivated,
    });
    expect(page.payments.plans[0]?.schedule[0]?.amount).toBe(25_000_000);
  });

  it("a student enrolled with nothing to pay cannot remove the code that made it so", async () => {
    const code = await newCode({ reduction: { percent: 100 } });
    const { token, application } = await acceptedThroughLink();
    await postOnMyApplication(token, { intent: "enter-code", code: code.code });
    await postOnMyApplication(token, { intent: "choose-plan", plan: "full" });
    expect(await statusOf(application.id)).toBe("enrolled");
    const page = (await myApplicationPage(token)) as { payments: { discount: unknown } };
    expect(page.payments.discount).toMatchObject({ code: code.code, changeable: false });
    expect((await refusalOf(removeCodeFromApplication(application.id))).message).toBe(
      discountMessages.afterFirstPayment,
    );
  });

  it("staff grant a scholarship from the application's Payments section; the reason stays with staff", async () => {
    const { application, token } = await acceptedThroughLink();
    const outcome = await postTo(studentsRoute, "/admin-portal/students", {
      intent: "grant-scholarship",
      id: application.id,
      target: application.id,
      kind: "percent",
      value: "25",
      reason: "Community partner",
    });
    expect(outcome).toMatchObject({ kind: "redirect" });
    const price = await priceOfApplication(application.id);
    expect(price?.lines.at(-1)).toEqual({
      kind: "scholarship",
      label: "Scholarship",
      amount: -6_250_000,
    });
    expect(price?.scholarshipReason).toBe("Community partner");
    expect(JSON.stringify(await myApplicationPage(token))).not.toContain("Community partner");
    // Once a plan is chosen, the Payments tab's CSV says what lowered the price.
    await postOnMyApplication(token, { intent: "choose-plan", plan: "full" });
    const csv = (await paymentsExportRoute.loader(
      routeArgs(
        getRequest(
          `/admin-portal/students/payments-export?tab=payments&q=${encodeURIComponent(application.email)}`,
          { cookie },
        ),
      ),
    )) as Response;
    const [header, line] = (await csv.text()).split("\r\n");
    expect(header).toContain("Discounts");
    expect(line).toContain("Scholarship 25%");
  });
});
