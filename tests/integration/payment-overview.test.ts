import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applications, courses, instalments, type NewIntake, payments, refunds } from "~/db/schema";
import { paysForPlace } from "~/features/applications/application-rules";
import { instalmentStatus } from "~/features/payments/instalment-status";
import { newPaymentReference } from "~/features/payments/payment-reference";
import { defaultPaymentsQuery, type PaymentsQuery } from "~/features/payments/staff/list-url";
import { listInstalments, paymentFigures } from "~/features/payments/staff/payment-overview.server";
import {
  monthsOf,
  outstandingBalances,
  revenueByMonth,
} from "~/features/reports/payment-reports.server";
import { reportCsvRows } from "~/features/reports/report-csv";
import { weeksBetween } from "~/features/reports/report-period";
import { monthLabel } from "~/features/reports/report-summaries";
import { loadReport } from "~/features/reports/reports.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as studentsRoute from "~/routes/admin/students";
import * as exportRoute from "~/routes/resources/payments-export";
import { getRequest, outcomeOf, signedInAdmin } from "../support/admin-session";
import { applicantInput, openIntake } from "../support/application-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

async function clearPayments() {
  await db().delete(refunds);
  await db().delete(payments);
  await db().delete(instalments);
  await db().delete(applications);
  await db().delete(courses);
}

beforeEach(clearPayments);

const today = lagosToday();
let receipt = 0;

/** A person with a chosen plan: their instalments as given (amount in kobo, due in days). */
async function payer(
  intakeId: string,
  parts: { amount: number; dueIn: number; paid?: boolean }[],
  person: Partial<typeof applications.$inferInsert> = {},
) {
  const { consent: _, ...answers } = applicantInput();
  const [application] = await db()
    .insert(applications)
    .values({
      intakeId,
      ...answers,
      consentGiven: true,
      status: "enrolled",
      paymentPlan: parts.length === 1 ? "full" : "two-instalments",
      ...person,
    })
    .returning();
  if (!application) throw new Error("no application");
  const rows = await db()
    .insert(instalments)
    .values(
      parts.map((part, index) => ({
        applicationId: application.id,
        number: index + 1,
        amount: part.amount,
        dueOn: addDays(today, part.dueIn),
        paidAt: part.paid ? new Date() : null,
      })),
    )
    .returning();
  return { application, instalments: rows };
}

type PaymentSeed = Partial<typeof payments.$inferInsert> & {
  instalment: typeof instalments.$inferSelect;
};

/** A payment of an instalment; a paid one gets its receipt number and time. */
async function pay({ instalment, ...fields }: PaymentSeed) {
  const status = fields.status ?? "paid";
  const [row] = await db()
    .insert(payments)
    .values({
      reference: newPaymentReference(),
      applicationId: instalment.applicationId,
      instalmentId: instalment.id,
      method: "paystack",
      amount: instalment.amount,
      ...(status === "paid" ? { paidAt: new Date(), receiptNumber: 900_000 + ++receipt } : {}),
      ...(status === "proof-sent" ? { method: "bank-transfer", proofKey: "proofs/x.pdf" } : {}),
      ...fields,
      status,
    })
    .returning();
  if (!row) throw new Error("no payment");
  return row;
}

const query = (fields: Partial<PaymentsQuery> = {}) => ({ ...defaultPaymentsQuery, ...fields });
const first = <T>(rows: T[]) => {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
};

/** One instalment in each status, in one intake. */
async function everyStatus(intakeFields: Partial<NewIntake> = {}) {
  const { intake } = await openIntake({ label: "January 2027", seats: 20, ...intakeFields });
  await payer(intake.id, [{ amount: 10_000_00, dueIn: 0 }], { fullName: "Dayo Due" });
  const overdue = await payer(
    intake.id,
    [
      { amount: 20_000_00, dueIn: -20, paid: true },
      { amount: 30_000_00, dueIn: -1 },
    ],
    { fullName: "Ola Overdue", email: "ola@example.com", phone: "+2348039876543" },
  );
  await pay({ instalment: first(overdue.instalments) });
  await pay({ instalment: overdue.instalments[1] ?? first([]), status: "failed" });
  const paid = await payer(intake.id, [{ amount: 40_000_00, dueIn: -3, paid: true }], {
    fullName: "Pat Paid",
  });
  await pay({ instalment: first(paid.instalments), method: "bank-transfer" });
  const failed = await payer(intake.id, [{ amount: 50_000_00, dueIn: 5 }], {
    fullName: "Femi Failed",
  });
  await pay({ instalment: first(failed.instalments), status: "failed" });
  await pay({ instalment: first(failed.instalments), status: "abandoned" });
  const proof = await payer(intake.id, [{ amount: 60_000_00, dueIn: -2 }], {
    fullName: "Precious Proof",
  });
  await pay({ instalment: first(proof.instalments), status: "rejected", method: "bank-transfer" });
  await pay({ instalment: first(proof.instalments), status: "proof-sent" });
  const flagged = await payer(intake.id, [{ amount: 70_000_00, dueIn: 1 }], {
    fullName: "Funke Flagged",
  });
  await pay({ instalment: first(flagged.instalments), status: "flagged", receivedAmount: 1_00 });
  const refunded = await payer(intake.id, [{ amount: 80_000_00, dueIn: -4, paid: true }], {
    fullName: "Remi Refunded",
  });
  await pay({ instalment: first(refunded.instalments), refundedAmount: 80_000_00 });
  const part = await payer(intake.id, [{ amount: 90_000_00, dueIn: -4, paid: true }], {
    fullName: "Paula Partrefund",
  });
  await pay({ instalment: first(part.instalments), refundedAmount: 10_000_00 });
  // Withdrawn with a part paid: what was paid stays paid, the rest is owed by no one.
  const gone = await payer(
    intake.id,
    [
      { amount: 15_000_00, dueIn: -30, paid: true },
      { amount: 15_000_00, dueIn: -2 },
    ],
    { fullName: "Wale Withdrawn", status: "withdrawn" },
  );
  await pay({ instalment: first(gone.instalments) });
  return { intake, overdue };
}

const statusByName = (rows: { fullName: string; number: number; status: string }[]) =>
  Object.fromEntries(rows.map((row) => [`${row.fullName} ${row.number}`, row.status]));

describe("the Payments tab's list", () => {
  it("gives each instalment its status, the same in SQL as in instalmentStatus", async () => {
    await everyStatus();
    const list = await listInstalments(query(), today);
    expect(statusByName(list.instalments)).toEqual({
      "Dayo Due 1": "due",
      "Femi Failed 1": "failed",
      "Funke Flagged 1": "flagged",
      "Ola Overdue 1": "paid",
      "Ola Overdue 2": "overdue",
      "Pat Paid 1": "paid",
      "Paula Partrefund 1": "part-refunded",
      "Precious Proof 1": "proof-sent",
      "Remi Refunded 1": "refunded",
      "Wale Withdrawn 1": "paid",
      "Wale Withdrawn 2": "cancelled",
    });
    // The pure rule, from the rows as stored, agrees with the SQL on every one.
    for (const row of list.instalments) {
      const [stored] = await db().select().from(instalments).where(eq(instalments.id, row.id));
      const itsPayments = await db()
        .select()
        .from(payments)
        .where(eq(payments.instalmentId, row.id));
      if (!stored) throw new Error("no instalment");
      const [owner] = await db()
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, stored.applicationId));
      const placeHeld = owner ? paysForPlace(owner.status) : false;
      expect(
        instalmentStatus({ ...stored, placeHeld, payments: itsPayments }, today),
        row.fullName,
      ).toBe(row.status);
    }
    // A place given up owes nothing: no balance.
    expect(
      list.instalments.filter((row) => row.fullName === "Wale Withdrawn").map((row) => row.balance),
    ).toEqual([0, 0]);
    // 'Yesterday' against a later 'today': due becomes overdue.
    const later = await listInstalments(query({ status: "overdue" }), addDays(today, 1));
    expect(later.instalments.map((row) => row.fullName)).toContain("Dayo Due");
  });

  it("shows the latest payment, the receipt and each person's balance", async () => {
    await everyStatus();
    const list = await listInstalments(query({ q: "ola@example.com" }), today);
    expect(list.instalments).toHaveLength(2);
    const [paidOne, overdueOne] = list.instalments;
    expect(paidOne).toMatchObject({
      number: 1,
      of: 2,
      status: "paid",
      paymentMethod: "paystack",
      paymentStatus: "paid",
      balance: 30_000_00,
    });
    expect(paidOne?.receiptNumber).toBeGreaterThan(900_000);
    expect(overdueOne).toMatchObject({
      number: 2,
      of: 2,
      status: "overdue",
      paymentStatus: "failed",
      receiptNumber: null,
      balance: 30_000_00,
    });
    expect(overdueOne?.paymentReference).toMatch(/^LTA-P-/);
  });

  it("filters by intake and status, and searches names, e-mails, phones and references", async () => {
    const { intake, overdue } = await everyStatus();
    const { intake: other } = await openIntake({ label: "March 2027" });
    await payer(other.id, [{ amount: 5_000_00, dueIn: -9 }], { fullName: "Mark March" });
    const names = async (fields: Partial<PaymentsQuery>) =>
      (await listInstalments(query(fields), today)).instalments.map((row) => row.fullName);
    expect((await names({ status: "overdue" })).sort()).toEqual(["Mark March", "Ola Overdue"]);
    expect(await names({ status: "overdue", intake: intake.id })).toEqual(["Ola Overdue"]);
    expect(await names({ intake: other.id })).toEqual(["Mark March"]);
    expect(await names({ status: "refunded" })).toEqual(["Remi Refunded"]);
    expect(await names({ q: "precious" })).toEqual(["Precious Proof"]);
    expect(await names({ q: "0803 987 6543" })).toEqual(["Ola Overdue", "Ola Overdue"]);
    const reference = `LTA-A-${String(overdue.application.reference).padStart(6, "0")}`;
    expect(await names({ q: reference })).toEqual(["Ola Overdue", "Ola Overdue"]);
    expect(await names({ q: "nobody" })).toEqual([]);
    const list = await listInstalments(query(), today);
    expect(list.intakes.map((choice) => choice.id).sort()).toEqual([intake.id, other.id].sort());
  });

  it("pages by 50 and keeps a page past the end on the last", async () => {
    const { intake } = await openIntake({ seats: 60 });
    for (let n = 0; n < 26; n += 1)
      await payer(intake.id, [
        { amount: 1_000_00, dueIn: 1 },
        { amount: 1_000_00, dueIn: 30 },
      ]);
    const last = await listInstalments(query({ page: 7 }), today);
    expect(last.pagination).toEqual({ page: 2, total: 52, totalPages: 2, limit: 50 });
    expect(last.instalments).toHaveLength(2);
  });

  it("is the Students page's tab=payments, for signed-in staff", async () => {
    await everyStatus();
    const { cookie } = await signedInAdmin({ role: "admin" });
    const data = await studentsRoute.loader(
      routeArgs(
        getRequest("/admin-portal/students?tab=payments&status=flagged&q=funke", { cookie }),
      ),
    );
    expect(data.applications).toBeNull();
    expect(data.payments?.query).toMatchObject({ status: "flagged", q: "funke" });
    expect(data.payments?.list.instalments.map((row) => row.fullName)).toEqual(["Funke Flagged"]);
  });
});

describe("the payments CSV", () => {
  const exportPath = "/admin-portal/students/payments-export";

  it("sends anonymous visitors to the login", async () => {
    const outcome = await outcomeOf(() => exportRoute.loader(routeArgs(getRequest(exportPath))));
    expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
  });

  it("lists the filtered instalments in naira, Lagos time, phones as text", async () => {
    const { overdue } = await everyStatus();
    const paidAt = new Date("2026-11-02T08:05:00Z");
    await db()
      .update(payments)
      .set({ paidAt })
      .where(
        inArray(
          payments.instalmentId,
          overdue.instalments.map((row) => row.id),
        ),
      );
    await db()
      .update(instalments)
      .set({ paidAt })
      .where(eq(instalments.id, first(overdue.instalments).id));
    const { cookie } = await signedInAdmin({ role: "admin" });
    const response = await exportRoute.loader(
      routeArgs(getRequest(`${exportPath}?tab=payments&q=ola%40example.com`, { cookie })),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="payments-${today}.csv"`,
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"Reference","Name","Email","Phone","Course","Intake","Plan","Discounts","Instalment","Of","Amount (NGN)","Due on","Status","Paid at (Lagos time)","Refunded (NGN)","Balance (NGN)","Latest payment method","Latest payment reference","Latest payment status","Receipt"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^"LTA-A-\d{6}","Ola Overdue","ola@example.com","=""\+2348039876543""","Course course-[a-z0-9]+","January 2027","Two instalments",,"1","2","20000.00","\d{4}-\d{2}-\d{2}","Paid","2026-11-02 09:05","0.00","30000.00","Paystack","LTA-P-[0-9A-Z]{10}","paid","LTA-R-9\d{5}"$/,
    );
    expect(lines[2]).toMatch(
      /"2","2","30000.00",.*"Overdue",,,"30000.00","Paystack",.*,"failed",$/,
    );
    expect(lines[3]).toBe("");
  });
});

describe("the dashboard's payment figures", () => {
  it("sums this Lagos month's paid payments less refunds, and the overdue instalments", async () => {
    const { intake } = await openIntake();
    const someone = await payer(intake.id, [
      { amount: 100_000_00, dueIn: -40, paid: true },
      { amount: 50_000_00, dueIn: -10, paid: true },
      { amount: 25_000_00, dueIn: -2 },
      { amount: 25_000_00, dueIn: 3 },
    ]);
    const [lastMonth, thisMonth] = someone.instalments;
    const monthStart = new Date(`${today.slice(0, 7)}-01T00:00:00+01:00`);
    // Paid a minute before this Lagos month began: not this month's.
    await pay({
      instalment: lastMonth ?? first([]),
      paidAt: new Date(monthStart.getTime() - 60_000),
    });
    await pay({
      instalment: thisMonth ?? first([]),
      paidAt: monthStart,
      refundedAmount: 5_000_00,
    });
    // Money that did not match counts as nothing.
    await pay({ instalment: someone.instalments[2] ?? first([]), status: "flagged" });
    const other = await payer(intake.id, [{ amount: 7_000_00, dueIn: -1 }]);
    expect(other.instalments).toHaveLength(1);
    const figures = {
      collectedThisMonth: 45_000_00,
      overdue: { count: 1, amount: 7_000_00 },
    };
    expect(await paymentFigures(today)).toEqual(figures);
    const { cookie } = await signedInAdmin({ role: "admin" });
    const data = await dashboardRoute.loader(
      routeArgs(getRequest("/admin-portal/dashboard", { cookie })),
    );
    expect(data.payments).toEqual(figures);
  });
});

describe("the money reports", () => {
  const period = {
    choice: "custom" as const,
    from: "2026-01-01",
    to: "2026-03-31",
    weeks: weeksBetween("2026-01-01", "2026-03-31"),
  };

  it("counts the period's Lagos months", () => {
    expect(monthsOf(period)).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(monthsOf({ from: "2025-11-20", to: "2026-01-02" })).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
  });

  it("sums revenue per course, intake and Lagos month, net of refunds", async () => {
    const { intake: january } = await openIntake({ label: "January 2026", seats: 10 });
    const { intake: march } = await openIntake({ label: "March 2026", seats: 10 });
    const one = await payer(january.id, [
      { amount: 100_000_00, dueIn: -300, paid: true },
      { amount: 100_000_00, dueIn: -200, paid: true },
      { amount: 100_000_00, dueIn: -100, paid: true },
    ]);
    const [a, b, c] = one.instalments;
    // 23:00 on 31 December in Lagos: December's, before the period.
    await pay({ instalment: a ?? first([]), paidAt: new Date("2025-12-31T22:00:00Z") });
    // 00:30 on 1 February in Lagos: February's, though still January in UTC.
    await pay({
      instalment: b ?? first([]),
      paidAt: new Date("2026-01-31T23:30:00Z"),
      refundedAmount: 20_000_00,
    });
    await pay({ instalment: c ?? first([]), paidAt: new Date("2026-02-10T10:00:00Z") });
    const two = await payer(march.id, [{ amount: 50_000_00, dueIn: -250, paid: true }]);
    await pay({ instalment: first(two.instalments), paidAt: new Date("2026-03-05T10:00:00Z") });
    await pay({
      instalment: first(two.instalments),
      status: "flagged",
      paidAt: new Date("2026-03-06T10:00:00Z"),
    });

    const revenue = await revenueByMonth(period);
    expect(revenue.months).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(revenue.perMonth).toEqual([0, 180_000_00, 50_000_00]);
    expect(
      revenue.intakes
        .map(({ label, perMonth, total }) => ({ label, perMonth, total }))
        .sort((x, y) => x.label.localeCompare(y.label)),
    ).toEqual([
      { label: "January 2026", perMonth: [0, 180_000_00, 0], total: 180_000_00 },
      { label: "March 2026", perMonth: [0, 0, 50_000_00], total: 50_000_00 },
    ]);
    const report = await loadReport(period);
    expect(report.revenue).toEqual(revenue);
    expect(reportCsvRows(report)).toContainEqual([
      "Revenue",
      expect.stringMatching(/ · January 2026$/),
      `${monthLabel("2026-02")} (NGN)`,
      "180000.00",
    ]);
  });

  it("gives each intake's scheduled, paid (net of refunds), refunded, outstanding and overdue amounts", async () => {
    await everyStatus();
    const { intake: other } = await openIntake({ label: "March 2027" });
    await payer(other.id, [
      { amount: 5_000_00, dueIn: -9 },
      { amount: 5_000_00, dueIn: 9 },
    ]);
    const balances = await outstandingBalances(today);
    expect(
      balances.map(({ label, scheduled, paid, refunded, outstanding, overdue }) => ({
        label,
        scheduled,
        paid,
        refunded,
        outstanding,
        overdue,
      })),
    ).toEqual([
      {
        label: "January 2027",
        scheduled: 465_000_00,
        // Ola's first, Pat, Remi, Paula and Wale's first, less Remi's and Paula's refunds (the
        // revenue chart's net): a refund does not make an instalment owed again; Wale's
        // second, of a place given up, is owed by no one.
        paid: 155_000_00,
        refunded: 90_000_00,
        outstanding: 220_000_00,
        // Ola's second; Precious's proof waits for staff.
        overdue: 30_000_00,
      },
      {
        label: "March 2027",
        scheduled: 10_000_00,
        paid: 0,
        refunded: 0,
        outstanding: 10_000_00,
        overdue: 5_000_00,
      },
    ]);
    const rows = reportCsvRows(await loadReport(period));
    expect(rows).toContainEqual([
      "Outstanding balances",
      expect.stringMatching(/ · January 2027$/),
      "Overdue (NGN)",
      "30000.00",
    ]);
  });
});
