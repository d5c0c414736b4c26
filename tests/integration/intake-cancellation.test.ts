import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type Admin,
  type Application,
  applicationEvents,
  applications,
  type Intake,
  intakes,
  type NewIntake,
  payments,
} from "~/db/schema";
import { nextStepText } from "~/features/applications/applicant/next-step";
import { applicationMessages } from "~/features/applications/application-messages";
import { takeApplicantStep } from "~/features/applications/applications.server";
import { withdrawApplication } from "~/features/applications/staff/admissions.server";
import { sendInstalmentReminders } from "~/features/payments/instalment-reminders.server";
import { paymentMessages } from "~/features/payments/payment-messages";
import {
  choosePaymentPlan,
  settleGatewayPayment,
  startGatewayPayment,
} from "~/features/payments/payments.server";
import { transferMessages, transferPlace } from "~/features/payments/staff/transfers.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import * as intakesRoute from "~/routes/admin/course-intakes";
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
  myApplicationPage,
  placesTakenOf,
  postOnMyApplication,
  scheduleOf,
  timelineKinds,
  tokenFromText,
} from "../support/application-fixtures";
import { withFakePaystack } from "../support/fake-paystack-setup";
import { emailsTo } from "../support/outgoing-mail";
import { refusal } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();
const secretKey = "sk_test_cancelled0123456789";
const callbackUrl = "http://127.0.0.1:9/application/token/paid";
const fake = withFakePaystack(secretKey);
let staff: Admin;
let cookie: string;

beforeAll(async () => {
  ({ admin: staff, cookie } = await signedInAdmin({ name: "Kemi Registrar" }));
});

/** Cancels an intake as staff do, through the Intakes page's action. */
const cancelThroughPage = (intake: Pick<Intake, "id" | "courseId">, reason: string) =>
  outcomeOf(() =>
    intakesRoute.action(
      routeArgs(
        postRequest(
          `/admin-portal/courses/${intake.courseId}/intakes`,
          { intent: "cancel", id: intake.id, reason },
          { cookie },
        ),
        { courseId: intake.courseId },
      ),
    ),
  );

/** An application of `intake` in `status`, as the database holds one. */
async function applicationIn(intake: Intake, status: Application["status"]) {
  const { consent: _, ...answers } = applicantInput();
  const [row] = await db()
    .insert(applications)
    .values({
      intakeId: intake.id,
      ...answers,
      consentGiven: true,
      status,
      offerExpiresAt: status === "offered" ? new Date(Date.now() + 86_400_000) : null,
      waitlistedAt: status === "waitlisted" ? new Date() : null,
      acceptedAt: status === "accepted" ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error("no application");
  return row;
}

/** Pays the next instalment of a place through the (fake) Paystack checkout. */
async function payNext(applicationId: string) {
  const { payment } = await startGatewayPayment(applicationId, fake.gateway, callbackUrl);
  fake.paystack.completeCheckout(payment.reference, "success");
  return { payment, outcome: await settleGatewayPayment(payment.reference, fake.gateway) };
}

const cancellationEmailsTo = async (address: string) =>
  (await emailsTo(address)).filter((email) => email.subject.startsWith("Intake cancelled"));

const reasonOf = "The tutor fell ill and no replacement could be found in time.";

describe("cancelling an intake", () => {
  it("e-mails everyone with an application once, with the reason and what happens to their money", async () => {
    const { application: payer, intake } = await acceptedPlace({
      seats: 5,
      price: 11_250_000,
      paymentPlans: ["full"],
    });
    await choosePaymentPlan(payer.id, "full");
    expect((await payNext(payer.id)).outcome).toBe("paid");
    const offered = await applicationIn(intake, "offered");
    const accepted = await applicationIn(intake, "accepted");
    const waiting = await applicationIn(intake, "waitlisted");
    const fresh = await applicationIn(intake, "new");
    const declined = await applicationIn(intake, "declined");

    expect(await cancelThroughPage(intake, reasonOf)).toMatchObject({ kind: "redirect" });

    for (const application of [payer, offered, accepted, waiting, fresh]) {
      const [email, ...more] = await cancellationEmailsTo(application.email);
      expect(more).toEqual([]);
      expect(email?.body).toContain(`The reason: ${reasonOf}`);
      expect(await timelineKinds(application.id)).toContain("intake-cancelled");
    }
    expect((await cancellationEmailsTo(payer.email))[0]?.body).toContain(
      "You have paid ₦112,500. Nothing more will be asked of you. We will refund it in full",
    );
    expect((await cancellationEmailsTo(accepted.email))[0]?.body).toContain(
      "You have paid nothing for this intake, and nothing will be asked or charged.",
    );
    expect(await cancellationEmailsTo(declined.email)).toEqual([]);

    // Cancelling again (a second tab, a retried post, another process) tells nobody twice.
    const again = (await cancelThroughPage(intake, "Again")) as Outcome & { status: number };
    expect(again.status).toBe(409);
    for (const application of [payer, offered, accepted, waiting, fresh])
      expect(await cancellationEmailsTo(application.email)).toHaveLength(1);
  });

  it("leaves nothing payable: no plan, no checkout, no accept; their page says so, with no pay button", async () => {
    const { application, intake } = await acceptedPlace({ paymentPlans: ["full"] });
    const unchosen = await applicationIn(intake, "accepted");
    const offered = await applicationIn(intake, "offered");
    await choosePaymentPlan(application.id, "full");
    await cancelThroughPage(intake, reasonOf);

    expect(
      await refusal(startGatewayPayment(application.id, fake.gateway, callbackUrl)),
    ).toMatchObject({
      message: paymentMessages.intakeCancelled,
      status: 409,
    });
    expect(await refusal(choosePaymentPlan(unchosen.id, "full"))).toMatchObject({
      message: paymentMessages.intakeCancelled,
    });
    const token = tokenFromText((await cancellationEmailsTo(application.email))[0]?.body ?? "");
    const paying = (await postOnMyApplication(token, { intent: "pay" })) as {
      data: ActionReply;
      init: ResponseInit;
    };
    expect(paying.init.status).toBe(409);
    expect(paying.data.result.error?.[""]).toEqual([paymentMessages.intakeCancelled]);

    const page = await myApplicationPage(token);
    expect(page.application.intakeCancelled).toEqual({ reason: reasonOf, kept: 0 });
    expect(page.available).toEqual([]);
    expect(page.payments).toMatchObject({ stage: "closed", refundDue: 0 });
    expect(nextStepText(page.application)).not.toContain("Your place is confirmed");

    const offerToken = tokenFromText((await cancellationEmailsTo(offered.email))[0]?.body ?? "");
    expect(await refusal(takeApplicantStep(offerToken, "accept"))).toMatchObject({
      message: applicationMessages.intakeCancelled,
    });
    expect((await myApplicationPage(offerToken)).available).toEqual([]);

    // Its first instalment falls due today: no reminder asks for it.
    expect((await scheduleOf(application.id))[0]?.dueOn).toBe(lagosToday());
    await sendInstalmentReminders();
    expect(await timelineKinds(application.id)).not.toContain("instalment-reminded");
  });

  it("records money from a checkout started before the cancellation, flagged for a refund", async () => {
    const { application, intake } = await acceptedPlace({
      price: 11_250_000,
      paymentPlans: ["full"],
    });
    await choosePaymentPlan(application.id, "full");
    const { payment } = await startGatewayPayment(application.id, fake.gateway, callbackUrl);
    await cancelThroughPage(intake, reasonOf);
    fake.paystack.completeCheckout(payment.reference, "success");

    expect(await settleGatewayPayment(payment.reference, fake.gateway)).toBe("intake-cancelled");
    const [kept] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toMatchObject({ status: "paid", amount: 11_250_000 });
    expect(kept?.receiptNumber).toBeGreaterThan(0);
    const [flag] = await db()
      .select({ detail: applicationEvents.detail })
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.kind, "payment-flagged"),
          eq(applicationEvents.applicationId, application.id),
        ),
      );
    expect(flag?.detail).toMatchObject({ reason: paymentMessages.paidForCancelledIntake });

    const token = tokenFromText((await cancellationEmailsTo(application.email))[0]?.body ?? "");
    const page = await myApplicationPage(token);
    expect(page.payments).toMatchObject({ stage: "closed", refundDue: 11_250_000 });
    expect(nextStepText(page.application)).toContain("You paid ₦112,500. Nothing more is due");
  });
});

/** Another intake of the same course as `intake`, starting `days` later. */
async function laterIntakeOf(intake: Intake, days: number, fields: Partial<NewIntake> = {}) {
  const [later] = await db()
    .insert(intakes)
    .values({
      courseId: intake.courseId,
      label: `Intake ${days} days later`,
      startsOn: addDays(intake.startsOn, days),
      endsOn: addDays(intake.endsOn, days),
      seats: 2,
      enrolmentClosesAt: intake.enrolmentClosesAt,
      price: 9_000_000,
      status: "open",
      paymentPlans: ["full", "two-instalments"],
      ...fields,
    })
    .returning();
  if (!later) throw new Error("no intake");
  return later;
}

describe("moving a paid place of a cancelled intake", () => {
  it("moves the application with its payments and receipts, takes a seat there and moves what is unpaid", async () => {
    const { application, intake } = await acceptedPlace({
      price: 18_000_000,
      paymentPlans: ["two-instalments"],
      seats: 4,
    });
    await choosePaymentPlan(application.id, "two-instalments");
    const { payment } = await payNext(application.id);
    const [receipted] = await db().select().from(payments).where(eq(payments.id, payment.id));
    const [, unpaidBefore] = await scheduleOf(application.id);
    const later = await laterIntakeOf(intake, 14);
    const full = await laterIntakeOf(intake, 21, { seats: 1 });
    await applicationIn(full, "accepted");
    const elsewhere = (await acceptedPlace()).intake;
    await cancelThroughPage(intake, reasonOf);
    const listed = await intakesRoute.loader(
      routeArgs(getRequest(`/admin-portal/courses/${intake.courseId}/intakes`, { cookie }), {
        courseId: intake.courseId,
      }),
    );
    expect(listed.cancelledPayers.payers).toMatchObject([{ id: application.id, kept: 9_000_000 }]);
    expect(listed.cancelledPayers.targets.map((target) => target.id)).toEqual([later.id, full.id]);

    for (const [target, message] of [
      [full.id, transferMessages.full],
      [elsewhere.id, transferMessages.badTarget],
    ] as const)
      expect(await refusal(transferPlace(staff, application.id, target))).toMatchObject({
        message,
      });
    const moved = await outcomeOf(() =>
      intakesRoute.action(
        routeArgs(
          postRequest(
            `/admin-portal/courses/${intake.courseId}/intakes`,
            { intent: "transfer", id: application.id, target: later.id },
            { cookie },
          ),
          { courseId: intake.courseId },
        ),
      ),
    );
    expect(moved).toMatchObject({ kind: "redirect" });

    const [after] = await db()
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(after).toMatchObject({ intakeId: later.id, status: "enrolled" });
    const [paid] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({
      applicationId: application.id,
      status: "paid",
      receiptNumber: receipted?.receiptNumber,
    });
    expect(receipted?.receiptNumber).toBeGreaterThan(0);
    const [first, second] = await scheduleOf(application.id);
    expect(first?.paidAt).not.toBeNull();
    expect(second?.dueOn).toBe(addDays(unpaidBefore?.dueOn ?? "", 14));
    expect(await placesTakenOf(intake.id)).toBe(0);
    expect(await placesTakenOf(later.id)).toBe(1);
    expect(await timelineKinds(application.id)).toContain("transferred");
    const email = (await emailsTo(application.email)).at(-1);
    expect(email?.subject).toContain("Your place has moved");

    const page = await myApplicationPage(tokenFromText(email?.body ?? ""));
    expect(page.application.intakeCancelled).toBeNull();
    expect(page.payments).toMatchObject({ stage: "pay", next: { number: 2 } });
    expect(
      (
        await intakesRoute.loader(
          routeArgs(getRequest(`/admin-portal/courses/${intake.courseId}/intakes`, { cookie }), {
            courseId: intake.courseId,
          }),
        )
      ).cancelledPayers.payers,
    ).toEqual([]);
  });
});

describe("staff withdrawing a paying applicant", () => {
  it("says the academy withdrew it; their page keeps receipts, shows the refund due and cancels what is unpaid", async () => {
    const { application } = await acceptedPlace({
      price: 18_000_000,
      paymentPlans: ["two-instalments"],
      startsOn: addDays(new Date().toISOString().slice(0, 10), 60),
    });
    await choosePaymentPlan(application.id, "two-instalments");
    await payNext(application.id);

    await withdrawApplication(staff, application.id);

    const [email] = (await emailsTo(application.email)).filter((sent) =>
      sent.subject.startsWith("Application withdrawn"),
    );
    expect(email?.body).toContain("The academy has withdrawn your application");
    expect(email?.body).not.toContain("You withdrew");
    expect(email?.body).toContain("You have paid ₦90,000 that we have not given back.");
    const page = await myApplicationPage(tokenFromText(email?.body ?? ""));
    expect(page.application.withdrawnBy).toBe("staff");
    expect(nextStepText(page.application)).toBe(
      "The academy withdrew this application. You are welcome to apply for another intake.",
    );
    expect(page.payments).toMatchObject({
      stage: "closed",
      refundDue: 9_000_000,
      instalments: [
        { number: 1, state: "paid" },
        { number: 2, state: "cancelled" },
      ],
      receipts: [{ amount: 9_000_000, refunded: 0 }],
    });
    expect(page.payments && "next" in page.payments).toBe(false);
  });
});
