import { type AnyColumn, and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications, courses, instalments, intakes, payments, sponsorships } from "~/db/schema";
import { selectInstalments } from "~/features/applications/application-query.server";
import {
  instalmentStatusSql,
  placePaying,
} from "~/features/payments/staff/payment-overview.server";
import { invoiceTotalSql } from "~/features/sponsored-seats/invoice-payments.server";
import { addDays, lagosToday, startOfLagosDate } from "~/lib/format/dates";
import { atLagosTime } from "~/lib/format/lagos-sql";
import type { ReportPeriod } from "./report-period";

// The money of the Reports page: what came in per month (Lagos months, net of what was given
// back) and what is still owed, per course and intake. Amounts are kobo.

const kobo = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** The Lagos months (`YYYY-MM`) a period touches, oldest first. */
export function monthsOf(period: Pick<ReportPeriod, "from" | "to">): string[] {
  const months: string[] = [];
  const last = period.to.slice(0, 7);
  for (let month = period.from.slice(0, 7); month <= last; ) {
    months.push(month);
    const [year, number] = month.split("-").map(Number) as [number, number];
    month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  }
  return months;
}

export type IntakeRevenue = {
  intakeId: string;
  title: string;
  label: string;
  /** Net of refunds, one a month of `months`. */
  perMonth: number[];
  total: number;
};
export type Revenue = { months: string[]; intakes: IntakeRevenue[]; perMonth: number[] };

type IntakeRow = { intakeId: string; title: string; label: string; startsOn: string };

/** The Reports page's order of intakes: by course title, the latest intake of a course first. */
const byCourseThenIntake = (a: IntakeRow, b: IntakeRow) =>
  a.title.localeCompare(b.title, "en") ||
  b.startsOn.localeCompare(a.startsOn) ||
  a.intakeId.localeCompare(b.intakeId);

const intakeColumns = {
  intakeId: intakes.id,
  title: courses.title,
  label: intakes.label,
  startsOn: intakes.startsOn,
};

/** Whether `paidAt` falls on a Lagos day of the period. */
const paidInPeriod = (paidAt: AnyColumn, period: ReportPeriod) =>
  and(
    sql`${paidAt} >= ${startOfLagosDate(period.from).toISOString()}::timestamptz`,
    sql`${paidAt} < ${startOfLagosDate(addDays(period.to, 1)).toISOString()}::timestamptz`,
  );

const lagosMonth = (paidAt: AnyColumn) => sql<string>`to_char(${atLagosTime(paidAt)}, 'YYYY-MM')`;

/**
 * What came in during the period, per course and intake and per Lagos month it was paid in:
 * applicants' paid payments less what was given back of them (the dashboard's rule for
 * 'Collected this month'), and sponsors' invoices paid in full.
 */
export async function revenueByMonth(period: ReportPeriod): Promise<Revenue> {
  const months = monthsOf(period);
  const [fromPlaces, fromSponsors] = await Promise.all([
    db()
      .select({
        ...intakeColumns,
        month: lagosMonth(payments.paidAt),
        net: kobo(sql`sum(${payments.amount} - ${payments.refundedAmount})`),
      })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .innerJoin(intakes, eq(intakes.id, applications.intakeId))
      .innerJoin(courses, eq(courses.id, intakes.courseId))
      .where(and(eq(payments.status, "paid"), paidInPeriod(payments.paidAt, period)))
      .groupBy(lagosMonth(payments.paidAt), intakes.id, courses.title),
    db()
      .select({
        ...intakeColumns,
        month: lagosMonth(sponsorships.paidAt),
        net: kobo(sql`sum(${invoiceTotalSql})`),
      })
      .from(sponsorships)
      .innerJoin(intakes, eq(intakes.id, sponsorships.intakeId))
      .innerJoin(courses, eq(courses.id, intakes.courseId))
      .where(paidInPeriod(sponsorships.paidAt, period))
      .groupBy(lagosMonth(sponsorships.paidAt), intakes.id, courses.title),
  ]);
  const byIntake = new Map<string, IntakeRevenue & IntakeRow>();
  for (const row of [...fromPlaces, ...fromSponsors]) {
    const intake = byIntake.get(row.intakeId) ?? {
      intakeId: row.intakeId,
      title: row.title,
      label: row.label,
      startsOn: row.startsOn,
      perMonth: months.map(() => 0),
      total: 0,
    };
    const index = months.indexOf(row.month);
    if (index >= 0) intake.perMonth[index] = (intake.perMonth[index] ?? 0) + row.net;
    intake.total += row.net;
    byIntake.set(row.intakeId, intake);
  }
  const list = [...byIntake.values()]
    .sort(byCourseThenIntake)
    .map(({ startsOn: _, ...intake }) => intake);
  return {
    months,
    intakes: list,
    perMonth: months.map((_, index) =>
      list.reduce((sum, intake) => sum + (intake.perMonth[index] ?? 0), 0),
    ),
  };
}

export type IntakeBalance = {
  intakeId: string;
  title: string;
  label: string;
  scheduled: number;
  /** Net of refunds, as the revenue chart counts it. */
  paid: number;
  refunded: number;
  outstanding: number;
  overdue: number;
};

/**
 * What each intake's students and sponsors owe on the Lagos date `today`: every instalment
 * scheduled, what was paid of them less what was given back (refunded, counted apart, as the
 * revenue chart nets it), those unpaid (outstanding) and of those, the overdue (the Payments
 * tab's rule); and every sponsor's invoice, paid or outstanding (an invoice has no due date, so
 * it is never overdue). A refund gives money back; it does not make an instalment owed again.
 * An unpaid instalment of a place given up (withdrawn), or anything unpaid of a cancelled intake,
 * is owed by no one: it is left out.
 * Intakes with something outstanding first, most first.
 */
export async function outstandingBalances(today: string = lagosToday()): Promise<IntakeBalance[]> {
  const unpaid = sql`${instalments.paidAt} is null`;
  const owed = sql`${instalments.paidAt} is not null or (${applications.status} in ${placePaying}
    and ${intakes.status} <> 'cancelled')`;
  const refunded = sql`(select coalesce(sum(${payments.refundedAmount}), 0) from ${payments}
    where ${payments.instalmentId} = ${instalments.id} and ${payments.status} = 'paid')`;
  const invoiceUnpaid = sql`${sponsorships.paidAt} is null`;
  const [ofPlaces, ofSponsors] = await Promise.all([
    selectInstalments(db(), {
      ...intakeColumns,
      scheduled: kobo(sql`sum(${instalments.amount})`),
      paid: kobo(sql`sum(${instalments.amount}) filter (where not (${unpaid})) - sum(${refunded})`),
      refunded: kobo(sql`sum(${refunded})`),
      outstanding: kobo(sql`sum(${instalments.amount}) filter (where ${unpaid})`),
      overdue: kobo(
        sql`sum(${instalments.amount}) filter (where ${instalmentStatusSql(today)} = 'overdue')`,
      ),
    })
      .where(owed)
      .groupBy(intakes.id, courses.title),
    db()
      .select({
        ...intakeColumns,
        scheduled: kobo(sql`sum(${invoiceTotalSql})`),
        paid: kobo(sql`sum(${invoiceTotalSql}) filter (where not (${invoiceUnpaid}))`),
        outstanding: kobo(sql`sum(${invoiceTotalSql}) filter (where ${invoiceUnpaid})`),
      })
      .from(sponsorships)
      .innerJoin(intakes, eq(intakes.id, sponsorships.intakeId))
      .innerJoin(courses, eq(courses.id, intakes.courseId))
      .where(sql`not (${invoiceUnpaid}) or ${intakes.status} <> 'cancelled'`)
      .groupBy(intakes.id, courses.title),
  ]);
  const byIntake = new Map<string, IntakeBalance & IntakeRow>();
  for (const row of [
    ...ofPlaces,
    ...ofSponsors.map((row) => ({ ...row, refunded: 0, overdue: 0 })),
  ]) {
    const intake = byIntake.get(row.intakeId);
    if (!intake) {
      byIntake.set(row.intakeId, { ...row });
      continue;
    }
    for (const key of ["scheduled", "paid", "refunded", "outstanding", "overdue"] as const)
      intake[key] += row[key];
  }
  return [...byIntake.values()]
    .sort((a, b) => b.outstanding - a.outstanding || byCourseThenIntake(a, b))
    .map(({ startsOn: _, ...intake }) => intake);
}
