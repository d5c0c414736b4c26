import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type Admin,
  applications,
  attendance,
  intakes,
  sponsoredSeats,
  sponsorInvoicePayments,
  sponsorships,
} from "~/db/schema";
import { applyForIntake } from "~/features/applications/applications.server";
import { discountFormMessages } from "~/features/discounts/discount-schema";
import { choosePaymentPlan } from "~/features/payments/payments.server";
import { receivePaystackWebhook } from "~/features/payments/paystack-webhook.server";
import { priceOfApplication } from "~/features/payments/price-changes.server";
import { recordManualPayment } from "~/features/payments/staff/staff-payments.server";
import { erasePerson, exportPersonData } from "~/features/people/personal-data.server";
import { discountsByIntake } from "~/features/reports/discount-reports.server";
import { outstandingBalances, revenueByMonth } from "~/features/reports/payment-reports.server";
import { parseReportPeriod } from "~/features/reports/report-period";
import { checkInvoicePayment } from "~/features/sponsored-seats/invoice-payments.server";
import { sponsorMessages } from "~/features/sponsored-seats/sponsor-messages";
import { addDays, lagosToday } from "~/lib/format/dates";
import * as discountsRoute from "~/routes/admin/discounts";
import * as sponsorsRoute from "~/routes/admin/sponsors";
import * as sponsorshipRoute from "~/routes/admin/sponsorship";
import * as staffInvoiceRoute from "~/routes/resources/staff-invoice";
import * as sponsorInvoiceRoute from "~/routes/site/sponsor-invoice";
import * as sponsorPageRoute from "~/routes/site/sponsor-page";
import * as sponsorPaidRoute from "~/routes/site/sponsor-paid";
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
  openIntake,
  origin,
  placesTakenOf,
  scheduleOf,
  tokenOf,
} from "../support/application-fixtures";
import { twiceWeekly } from "../support/cohort-fixtures";
import { withFakePaystack } from "../support/fake-paystack-setup";
import { lastEmailTo } from "../support/outgoing-mail";
import { refusal } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();
const fake = withFakePaystack("sk_test_sponsoredseats00001");
let admin: Admin;
let cookie: string;
beforeAll(async () => {
  ({ admin, cookie } = await signedInAdmin({ name: "Sade Sales" }));
});

let sponsors = 0;
const billingAddress = () => `billing-${++sponsors}-${Date.now()}@employer.example`;

/** Staff sell seats on the Sponsored seats page; the sponsorship's id and the invoice e-mail. */
async function sellSeats(intakeId: string, seats: number, fields: Record<string, string> = {}) {
  const billingEmail = billingAddress();
  const outcome = await postSponsors({
    intent: "create",
    sponsorName: "Zenith Logistics Ltd",
    contactName: "Ngozi Eze",
    contactPhone: "0803 123 4567",
    billingEmail,
    intakeId,
    seats: String(seats),
    ...fields,
  });
  expect(outcome.kind).toBe("redirect");
  const location = (outcome as { location: string }).location;
  const sponsorshipId = location.split("/").pop() ?? "";
  const email = await lastEmailTo(billingEmail);
  const pageUrl = email?.body.match(/https?:\/\/\S+\/sponsor\/\S+/)?.[0] ?? "";
  const [, , token = ""] = new URL(pageUrl).pathname.split("/").slice(1);
  return { sponsorshipId, billingEmail, email, token };
}

const postSponsors = (fields: Record<string, string>, withCookie = cookie) =>
  outcomeOf(() =>
    sponsorsRoute.action(
      routeArgs(postRequest("/admin-portal/sponsors", fields, { cookie: withCookie })),
    ),
  );

const postSponsorship = (sponsorshipId: string, fields: Record<string, string | string[]>) => {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) form.append(name, one);
  const request = new Request(`http://localhost:3000/admin-portal/sponsors/${sponsorshipId}`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: "http://localhost:3000" },
  });
  return outcomeOf(() => sponsorshipRoute.action(routeArgs(request, { sponsorshipId })));
};

const sponsorPage = async (sponsorshipId: string, token: string) =>
  outcomeOf(() =>
    sponsorPageRoute.loader(
      routeArgs(getRequest(`/sponsor/${sponsorshipId}/${token}`), { sponsorshipId, token }),
    ),
  );

type Page = Awaited<ReturnType<typeof sponsorPageRoute.loader>>;
const pageData = (outcome: Outcome) => (outcome as { data: Page }).data;

const seatsOf = (sponsorshipId: string) =>
  db()
    .select()
    .from(sponsoredSeats)
    .where(eq(sponsoredSeats.sponsorshipId, sponsorshipId))
    .orderBy(sponsoredSeats.number);

const applyWithCode = (
  intakeId: string,
  code: string,
  person: Parameters<typeof applicantInput>[1] = {},
) => applyForIntake(intakeId, { ...applicantInput(undefined, person), discountCode: code }, origin);

const fieldErrors = (outcome: Outcome) =>
  (outcome as { data: { result: { error: Record<string, string[]> } } }).data.result.error;

describe("sponsored seats", () => {
  it("a sponsor pays one invoice for 5 seats online and sees who used them, each enrolled with nothing to pay", async () => {
    const { intake } = await openIntake({ seats: 20, paymentPlans: ["full", "two-instalments"] });
    const { sponsorshipId, email, token } = await sellSeats(intake.id, 5);
    // Each unused seat holds a place; the invoice went to the billing address with the page.
    expect(await placesTakenOf(intake.id)).toBe(5);
    expect(email?.subject).toMatch(/^Invoice LTA-INV-\d{6}: 5 seats in /);
    expect(email?.body).toContain("₦1,250,000");
    expect(email?.body).toContain(`/apply/${intake.id}`);
    const before = pageData(await sponsorPage(sponsorshipId, token));
    expect(before.invoice).toMatchObject({ seats: 5, total: 125_000_000, paidAt: null });
    expect(before.payOnline).toBe(true);
    expect(before.seats.map((seat) => seat.state)).toEqual(Array(5).fill("Not used yet"));

    // Pay online: off to the checkout under our reference, paid, told by the webhook.
    const paying = await outcomeOf(() =>
      sponsorPageRoute.action(
        routeArgs(postRequest(`/sponsor/${sponsorshipId}/${token}`, { intent: "pay" }), {
          sponsorshipId,
          token,
        }),
      ),
    );
    expect(paying.kind).toBe("redirect");
    expect((paying as { location: string }).location).toContain(fake.paystack.baseUrl);
    const [attempt] = await db()
      .select()
      .from(sponsorInvoicePayments)
      .where(eq(sponsorInvoicePayments.sponsorshipId, sponsorshipId));
    if (!attempt) throw new Error("no invoice payment");
    expect(attempt.amount).toBe(125_000_000);
    fake.paystack.completeCheckout(attempt.reference, "success");
    const { body, headers } = fake.paystack.signedWebhook(attempt.reference);
    const answer = await receivePaystackWebhook(Buffer.from(body), headers["x-paystack-signature"]);
    expect(answer.status).toBe(200);
    expect(await checkInvoicePayment(attempt.reference, fake.gateway)).toBe("paid");
    // The way back says so, and saying it again changes nothing.
    const back = await outcomeOf(() =>
      sponsorPaidRoute.loader(
        routeArgs(getRequest(`/sponsor-paid?reference=${attempt.reference}`)),
      ),
    );
    expect((back as { data: { outcome: string } }).data.outcome).toBe("paid");
    const [paid] = await db().select().from(sponsorships).where(eq(sponsorships.id, sponsorshipId));
    expect(paid?.paidBy).toBe("Paystack");

    // Five people apply with the five codes (one typed in lower case): enrolled, nothing to pay.
    const seats = await seatsOf(sponsorshipId);
    for (const [index, seat] of seats.entries()) {
      const code = index === 0 ? seat.code.toLowerCase() : seat.code;
      const outcome = await applyWithCode(intake.id, code);
      expect(outcome.status).toBe("enrolled");
    }
    expect(await placesTakenOf(intake.id)).toBe(5);
    const firstSeat = seats[0];
    const [used] = await db()
      .select()
      .from(sponsoredSeats)
      .where(eq(sponsoredSeats.id, firstSeat?.id ?? ""));
    const applicationId = used?.applicationId ?? "";
    expect(await scheduleOf(applicationId)).toEqual([]);
    expect(await priceOfApplication(applicationId)).toMatchObject({
      total: 0,
      lines: [
        { kind: "price", amount: 25_000_000 },
        { kind: "sponsored", label: "Seat paid by Zenith Logistics Ltd", amount: -25_000_000 },
      ],
    });

    // The student's own page says who paid, and offers no plan to change to.
    const [student] = await db()
      .select({ email: applications.email })
      .from(applications)
      .where(eq(applications.id, applicationId));
    const mine = await myApplicationPage(await tokenOf(student?.email ?? ""));
    expect(mine.payments).toMatchObject({
      sponsor: "Zenith Logistics Ltd",
      otherPlans: [],
      remaining: 0,
      next: null,
    });
    const after = pageData(await sponsorPage(sponsorshipId, token));
    expect(after.invoice.paidAt).not.toBeNull();
    expect(after.payOnline).toBe(false);
    expect(after.seats.every((seat) => seat.state.startsWith("Used by Applicant "))).toBe(true);
    // A used seat's code is not shown again.
    expect(after.seats.every((seat) => seat.code === null)).toBe(true);
  });

  it("refuses, on the code field, a code used, given back, for another intake or kept for someone else", async () => {
    const { intake } = await openIntake({ seats: 10 });
    const { intake: other } = await openIntake({ seats: 10 });
    const { sponsorshipId } = await sellSeats(intake.id, 4);
    const [first, second, third, fourth] = await seatsOf(sponsorshipId);
    if (!first || !second || !third || !fourth) throw new Error("no seats");
    await applyWithCode(intake.id, first.code);

    const refused = async (intakeId: string, code: string, person = {}) => {
      const error = await refusal(applyWithCode(intakeId, code, person));
      expect(error.field).toBe("discountCode");
      return error.message;
    };
    expect(await refused(intake.id, first.code)).toBe(sponsorMessages.seatUsed);
    expect(await refused(other.id, second.code)).toBe(sponsorMessages.seatOtherIntake);
    expect(await refused(intake.id, "SEAT-00000-00000")).toBe(sponsorMessages.seatUnknown);
    expect(await refused(intake.id, "seat-nonsense")).toBe(sponsorMessages.seatUnknown);

    // Staff keep the third seat for Ada: the code is e-mailed to her, and only her address uses it.
    const kept = await postSponsorship(sponsorshipId, {
      intent: "assign-seat",
      seatId: third.id,
      fullName: "Ada Obi",
      email: "Ada.Obi@Zenith.example",
    });
    expect(kept.kind).toBe("redirect");
    expect((await lastEmailTo("Ada.Obi@Zenith.example"))?.body).toContain(third.code);
    expect(await refused(intake.id, third.code)).toBe(sponsorMessages.seatForSomeoneElse);
    const ada = await applyWithCode(intake.id, third.code, {
      fullName: "Ada Obi",
      email: "ada.obi@zenith.example",
    });
    expect(ada.status).toBe("enrolled");

    // The fourth is given back: its place is the intake's again, its code opens nothing.
    const placesBefore = await placesTakenOf(intake.id);
    const released = await postSponsorship(sponsorshipId, {
      intent: "release-seats",
      seatIds: [fourth.id, first.id],
    });
    expect(released.kind).toBe("redirect");
    expect(await placesTakenOf(intake.id)).toBe((placesBefore ?? 0) - 1);
    expect(await refused(intake.id, fourth.code)).toBe(sponsorMessages.seatReleased);
    const again = await postSponsorship(sponsorshipId, {
      intent: "release-seats",
      seatIds: [fourth.id],
    });
    // The checkboxes show no error of their own: the refusal is the page's.
    expect(fieldErrors(again)[""]).toEqual([sponsorMessages.noSeatToRelease]);
  });

  it("enrols exactly one of two people who use one code at the same moment", async () => {
    const { intake } = await openIntake({ seats: 10 });
    const { sponsorshipId } = await sellSeats(intake.id, 1);
    const [seat] = await seatsOf(sponsorshipId);
    const outcomes = await Promise.allSettled([
      applyWithCode(intake.id, seat?.code ?? ""),
      applyWithCode(intake.id, seat?.code ?? ""),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [lost] = outcomes.filter((outcome) => outcome.status === "rejected");
    expect((lost as PromiseRejectedResult).reason.message).toBe(sponsorMessages.seatUsed);
    expect(await placesTakenOf(intake.id)).toBe(1);
  });

  it("sells no more seats than an intake has free places, and a seat holder enrols in a full intake", async () => {
    const { intake } = await openIntake({ seats: 3 });
    const tooMany = await postSponsors({
      intent: "create",
      sponsorName: "Acme",
      contactName: "Bola Ade",
      billingEmail: billingAddress(),
      intakeId: intake.id,
      seats: "4",
    });
    expect(fieldErrors(tooMany).seats).toEqual([sponsorMessages.notEnoughPlaces(3)]);
    const { sponsorshipId } = await sellSeats(intake.id, 3);
    // Full: an applicant without a seat waits; a seat holder is enrolled.
    const waiting = await applyForIntake(intake.id, applicantInput(), origin);
    expect(waiting.status).toBe("waitlisted");
    const [seat] = await seatsOf(sponsorshipId);
    expect((await applyWithCode(intake.id, seat?.code ?? "")).status).toBe("enrolled");
    expect(await placesTakenOf(intake.id)).toBe(3);
  });

  it("shows the sponsor each student's attendance once classes have started", async () => {
    const { intake } = await openIntake({ seats: 10 });
    // The optional fields left blank, as the form sends them.
    const { sponsorshipId, token } = await sellSeats(intake.id, 2, {
      contactPhone: "",
      seatPrice: "",
    });
    const [seat] = await seatsOf(sponsorshipId);
    await applyWithCode(intake.id, seat?.code ?? "");
    const before = pageData(await sponsorPage(sponsorshipId, token));
    expect(before.started).toBe(false);
    // The intake began a week ago, and the first register marked the student present.
    const startsOn = addDays(lagosToday(), -7);
    await db().update(intakes).set({ startsOn }).where(eq(intakes.id, intake.id));
    const [session] = await twiceWeekly({ id: intake.id, startsOn });
    const [student] = await db()
      .select()
      .from(sponsoredSeats)
      .where(eq(sponsoredSeats.id, seat?.id ?? ""));
    await db()
      .insert(attendance)
      .values({
        sessionId: session?.id ?? "",
        applicationId: student?.applicationId ?? "",
        mark: "present",
        markedBy: "Tutor",
      });
    const after = pageData(await sponsorPage(sponsorshipId, token));
    expect(after.started).toBe(true);
    expect(after.seats.map((row) => row.attendance)).toEqual(["100 % (1 of 1)", null]);
  });

  it("records a bank transfer once, gives out the invoice only to staff and the sponsor's link, and revokes the link", async () => {
    const { intake } = await openIntake({ seats: 10 });
    const { sponsorshipId, token } = await sellSeats(intake.id, 2, { seatPrice: "150000" });
    const recorded = await postSponsorship(sponsorshipId, {
      intent: "record-paid",
      paidBy: "Bank transfer, GTBank, 2 Dec",
    });
    expect(recorded.kind).toBe("redirect");
    const twice = await postSponsorship(sponsorshipId, {
      intent: "record-paid",
      paidBy: "Again",
    });
    expect(
      (twice as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""],
    ).toEqual([sponsorMessages.alreadyPaid]);
    const page = pageData(await sponsorPage(sponsorshipId, token));
    expect(page.invoice).toMatchObject({ total: 30_000_000, seatPrice: 15_000_000 });
    expect(page.invoice.paidAt).not.toBeNull();

    const pdf = (response: Outcome) => (response as { response: Response }).response;
    const sponsorPdf = pdf(
      await outcomeOf(() =>
        sponsorInvoiceRoute.loader(
          routeArgs(getRequest(`/sponsor/${sponsorshipId}/${token}/invoice`), {
            sponsorshipId,
            token,
          }),
        ),
      ),
    );
    expect(sponsorPdf.status).toBe(200);
    expect(sponsorPdf.headers.get("content-disposition")).toMatch(/LTA-INV-\d{6}\.pdf/);
    expect(
      Buffer.from(await sponsorPdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const wrongToken = "x".repeat(token.length);
    const refusedPdf = pdf(
      await outcomeOf(() =>
        sponsorInvoiceRoute.loader(
          routeArgs(getRequest(`/sponsor/${sponsorshipId}/${wrongToken}/invoice`), {
            sponsorshipId,
            token: wrongToken,
          }),
        ),
      ),
    );
    expect(refusedPdf.status).toBe(404);
    const signedOut = await outcomeOf(() =>
      staffInvoiceRoute.loader(
        routeArgs(getRequest(`/admin-portal/sponsors/${sponsorshipId}/invoice`), { sponsorshipId }),
      ),
    );
    expect(signedOut.kind).toBe("redirect");

    expect((await sponsorPage(sponsorshipId, wrongToken)).status).toBe(404);
    await postSponsorship(sponsorshipId, { intent: "new-link" });
    expect((await sponsorPage(sponsorshipId, token)).status).toBe(404);
  });

  it("counts invoices in the Reports page's revenue and balances beside the applicants' payments, and prices a seat's place at the intake's price", async () => {
    const today = lagosToday();
    // An intake in its early bird (₦200,000 instead of ₦250,000), with ₦20,000 off for paying
    // in full; one applicant pays their first half of the early-bird price.
    const { intake, application } = await acceptedPlace({
      seats: 10,
      earlyBirdPrice: 20_000_000,
      earlyBirdEndsOn: addDays(today, 10),
      payInFullDiscount: 2_000_000,
    });
    await choosePaymentPlan(application.id, "two-instalments");
    const [first] = await scheduleOf(application.id);
    await recordManualPayment(admin, application.id, first?.id ?? "", today, "Cash");
    // Two seats at ₦150,000 and one at ₦300,000; one of each used.
    const below = await sellSeats(intake.id, 2, { seatPrice: "150000" });
    const above = await sellSeats(intake.id, 1, { seatPrice: "300000" });
    for (const { sponsorshipId } of [below, above]) {
      const [seat] = await seatsOf(sponsorshipId);
      expect((await applyWithCode(intake.id, seat?.code ?? "")).status).toBe("enrolled");
    }
    const balanceOf = async () =>
      (await outstandingBalances()).find((row) => row.intakeId === intake.id);
    const { period } = parseReportPeriod(new URLSearchParams(), today);
    const revenueOf = async () =>
      (await revenueByMonth(period)).intakes.find((row) => row.intakeId === intake.id)?.total;

    // Issued, not paid: the invoices are owed, never overdue; only the applicant's half came in.
    expect(await balanceOf()).toMatchObject({
      scheduled: 20_000_000 + 30_000_000 + 30_000_000,
      paid: 10_000_000,
      outstanding: 10_000_000 + 60_000_000,
      overdue: 0,
    });
    expect(await revenueOf()).toBe(10_000_000);
    // The applicant's place at its early-bird price; each seat's at the intake's price (a sponsor
    // buys at it), coming to the seat's price, with no pay-in-full discount. The seat sold above
    // the price counts at its own: nothing taken off, never less than nothing.
    expect((await discountsByIntake()).find((row) => row.intakeId === intake.id)).toMatchObject({
      before: 20_000_000 + 25_000_000 + 30_000_000,
      seatsBelowPrice: 10_000_000,
      payInFull: 0,
      after: 20_000_000 + 15_000_000 + 30_000_000,
    });

    await postSponsorship(below.sponsorshipId, { intent: "record-paid", paidBy: "Transfer" });
    expect(await balanceOf()).toMatchObject({ paid: 40_000_000, outstanding: 40_000_000 });
    expect(await revenueOf()).toBe(40_000_000);

    // An unpaid invoice of a cancelled intake is owed by no one.
    const { intake: cancelled } = await openIntake({ seats: 10 });
    await sellSeats(cancelled.id, 1);
    const owes = async () =>
      (await outstandingBalances()).some((row) => row.intakeId === cancelled.id);
    expect(await owes()).toBe(true);
    await db()
      .update(intakes)
      .set({ status: "cancelled", cancelReason: "Too few applicants" })
      .where(eq(intakes.id, cancelled.id));
    expect(await owes()).toBe(false);
  });

  it("flags money that cannot pay the invoice (another amount, or paid already), opens one checkout for two presses, and takes none for a cancelled intake", async () => {
    const { intake } = await openIntake({ seats: 10 });
    const { sponsorshipId, token } = await sellSeats(intake.id, 1);
    const pay = () =>
      outcomeOf(() =>
        sponsorPageRoute.action(
          routeArgs(postRequest(`/sponsor/${sponsorshipId}/${token}`, { intent: "pay" }), {
            sponsorshipId,
            token,
          }),
        ),
      );
    const first = await pay();
    const second = await pay();
    expect((second as { location: string }).location).toBe(
      (first as { location: string }).location,
    );
    const attempts = () =>
      db()
        .select()
        .from(sponsorInvoicePayments)
        .where(eq(sponsorInvoicePayments.sponsorshipId, sponsorshipId));
    const [attempt] = await attempts();
    expect(await attempts()).toHaveLength(1);
    // Another amount: flagged for staff, the invoice unpaid.
    fake.paystack.completeCheckout(attempt?.reference ?? "", "success", { amountKobo: 100 });
    expect(await checkInvoicePayment(attempt?.reference ?? "", fake.gateway)).toBe("flagged");
    expect((await attempts())[0]).toMatchObject({
      status: "flagged",
      flag: sponsorMessages.flagAmount,
    });
    expect(pageData(await sponsorPage(sponsorshipId, token)).invoice.paidAt).toBeNull();

    // Staff record a transfer; a checkout the sponsor then also pays is flagged, not counted.
    const third = await pay();
    expect(third.kind).toBe("redirect");
    const open = (await attempts()).find((row) => row.status === "started");
    await postSponsorship(sponsorshipId, { intent: "record-paid", paidBy: "Transfer, 2 Dec" });
    fake.paystack.completeCheckout(open?.reference ?? "", "success");
    expect(await checkInvoicePayment(open?.reference ?? "", fake.gateway)).toBe("flagged");
    const [paid] = await db().select().from(sponsorships).where(eq(sponsorships.id, sponsorshipId));
    expect(paid).toMatchObject({ paidBy: "Transfer, 2 Dec", paidRecordedBy: admin.id });
    const back = await outcomeOf(() =>
      sponsorPaidRoute.loader(routeArgs(getRequest(`/sponsor-paid?reference=${open?.reference}`))),
    );
    expect((back as { data: { outcome: string } }).data.outcome).toBe("flagged");

    // A cancelled intake's unpaid invoice takes no money online.
    const { intake: cancelled } = await openIntake({ seats: 10 });
    const other = await sellSeats(cancelled.id, 1);
    await db()
      .update(intakes)
      .set({ status: "cancelled", cancelReason: "Too few applicants" })
      .where(eq(intakes.id, cancelled.id));
    const page = pageData(await sponsorPage(other.sponsorshipId, other.token));
    expect(page).toMatchObject({ intakeCancelled: true, payOnline: false, bankAccount: null });
    const refused = await outcomeOf(() =>
      sponsorPageRoute.action(
        routeArgs(
          postRequest(`/sponsor/${other.sponsorshipId}/${other.token}`, { intent: "pay" }),
          {
            sponsorshipId: other.sponsorshipId,
            token: other.token,
          },
        ),
      ),
    );
    expect((refused as { location: string }).location).toBe(
      `/sponsor/${other.sponsorshipId}/${other.token}`,
    );
    expect(
      await db()
        .select()
        .from(sponsorInvoicePayments)
        .where(eq(sponsorInvoicePayments.sponsorshipId, other.sponsorshipId)),
    ).toEqual([]);
  });

  it("offers a place given back to the first in line, refuses a price under a kobo and a discount code that looks like a seat", async () => {
    const { intake } = await openIntake({ seats: 2, admissionMode: "first-come" });
    const { sponsorshipId } = await sellSeats(intake.id, 2);
    const waiting = await applyForIntake(intake.id, applicantInput(), origin);
    expect(waiting.status).toBe("waitlisted");
    const [seat] = await seatsOf(sponsorshipId);
    await postSponsorship(sponsorshipId, { intent: "release-seats", seatIds: seat?.id ?? "" });
    const [released] = await seatsOf(sponsorshipId);
    expect(released).toMatchObject({ status: "released", releasedBy: admin.id });
    const [offered] = await db()
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.reference, waiting.reference));
    expect(offered?.status).toBe("offered");

    const { intake: other } = await openIntake({ seats: 10 });
    const cheap = await postSponsors({
      intent: "create",
      sponsorName: "Acme",
      contactName: "Bola Ade",
      billingEmail: billingAddress(),
      intakeId: other.id,
      seats: "1",
      seatPrice: "0.004",
    });
    expect(fieldErrors(cheap).seatPrice).toEqual([
      "Please enter the price of a seat in Naira, more than 0",
    ]);
    const seatLike = await outcomeOf(() =>
      discountsRoute.action(
        routeArgs(
          postRequest(
            "/admin-portal/discounts",
            { intent: "create", code: "seat-12345-abcde", kind: "percent", value: "10" },
            { cookie },
          ),
        ),
      ),
    );
    expect(fieldErrors(seatLike).code).toEqual([discountFormMessages.seatPrefix]);
    const notAnId = await outcomeOf(() =>
      sponsorshipRoute.action(
        routeArgs(
          postRequest("/admin-portal/sponsors/not-an-id", { intent: "new-link" }, { cookie }),
          { sponsorshipId: "not-an-id" },
        ),
      ),
    );
    expect(notAnId.status).toBe(404);
  });

  it("hands over and erases what a seat kept for a person and a sponsor's contact say of them", async () => {
    const { intake } = await openIntake({ seats: 10 });
    const { sponsorshipId, billingEmail } = await sellSeats(intake.id, 1);
    const [seat] = await seatsOf(sponsorshipId);
    const ada = `ada-${Date.now()}@zenith.example`;
    await postSponsorship(sponsorshipId, {
      intent: "assign-seat",
      seatId: seat?.id ?? "",
      fullName: "Ada Obi",
      email: ada,
    });
    expect((await exportPersonData({ email: ada, phone: "" })).seatsKeptFor).toEqual([
      expect.objectContaining({ assignedName: "Ada Obi", assignedEmail: ada }),
    ]);
    expect((await exportPersonData({ email: billingEmail, phone: "" })).sponsorContacts).toEqual([
      expect.objectContaining({ contactName: "Ngozi Eze", billingEmail }),
    ]);
    await erasePerson(admin, { email: ada, phone: "" });
    await erasePerson(admin, { email: billingEmail, phone: "" });
    expect((await seatsOf(sponsorshipId))[0]).toMatchObject({
      assignedName: null,
      assignedEmail: null,
      status: "open",
    });
    expect((await exportPersonData({ email: billingEmail, phone: "" })).sponsorContacts).toEqual(
      [],
    );
  });

  it("refuses every staff action signed out", async () => {
    const { intake } = await openIntake({ seats: 10 });
    const signedOut = await postSponsors(
      {
        intent: "create",
        sponsorName: "Acme",
        contactName: "Bola Ade",
        billingEmail: billingAddress(),
        intakeId: intake.id,
        seats: "1",
      },
      "",
    );
    expect(signedOut.kind).toBe("redirect");
    expect((signedOut as { location: string }).location).toContain("/admin-portal/login");
    expect(await placesTakenOf(intake.id)).toBe(0);
    const { sponsorshipId } = await sellSeats(intake.id, 1);
    const [seat] = await seatsOf(sponsorshipId);
    const request = postRequest(`/admin-portal/sponsors/${sponsorshipId}`, {
      intent: "release-seats",
      seatIds: seat?.id ?? "",
    });
    const refused = await outcomeOf(() =>
      sponsorshipRoute.action(routeArgs(request, { sponsorshipId })),
    );
    expect(refused.kind).toBe("redirect");
    expect((await seatsOf(sponsorshipId))[0]?.status).toBe("open");
  });
});
