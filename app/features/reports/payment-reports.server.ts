import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications, courses, instalments, intakes, payments } from "~/db/schema";
import { selectInstalments } from "~/features/applications/application-query.server";
import {
  instalmentStatusSql,
  placePaying,
} from "~/features/payments/staff/payment-overview.server";
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

/**
 * Paid payments of the period, less what was given back of them, per course and intake and
 * per Lagos month they were paid in (the dashboard's rule for 'Collected this month').
 */
export async function revenueByMonth(period: ReportPeriod): Promise<Revenue> {
  const months = monthsOf(period);
  const month = sql<string>`to_char(${atLagosTime(payments.paidAt)}, 'YYYY-MM')`;
  const rows = await db()
    .select({
      month,
      intakeId: intakes.id,
      title: courses.title,
      label: intakes.label,
      net: kobo(sql`sum(${payments.amount} - ${payments.refundedAmount})`),
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(
      and(
        eq(payments.status, "paid"),
        sql`${payments.paidAt} >= ${startOfLagosDate(period.from).toISOString()}::timestamptz`,
        sql`${payments.paidAt} < ${startOfLagosDate(addDays(period.to, 1)).toISOString()}::timestamptz`,
      ),
    )
    .groupBy(month, intakes.id, courses.title)
    .orderBy(asc(courses.title), desc(intakes.startsOn), asc(intakes.id));
  const byIntake = new Map<string, IntakeRevenue>();
  for (const row of rows) {
    const intake = byIntake.get(row.intakeId) ?? {
      intakeId: row.intakeId,
      title: row.title,
      label: row.label,
      perMonth: months.map(() => 0),
      total: 0,
    };
    const index = months.indexOf(row.month);
    if (index >= 0) intake.perMonth[index] = row.net;
    intake.total += row.net;
    byIntake.set(row.intakeId, intake);
  }
  const list = [...byIntake.values()];
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
 * What each intake's students owe on the Lagos date `today`: every instalment scheduled, what
 * was paid of them less what was given back (refunded, counted apart, as the revenue chart
 * nets it), those unpaid (outstanding) and of those, the overdue (the Payments tab's rule). A
 * refund gives money back; it does not make an instalment owed again.
 * An unpaid instalment of a place given up (withdrawn) or of a cancelled intake is owed by no
 * one: it is left out.
 * Intakes with something outstanding first, most first.
 */
export async function outstandingBalances(today: string = lagosToday()): Promise<IntakeBalance[]> {
  const unpaid = sql`${instalments.paidAt} is null`;
  const owed = sql`${instalments.paidAt} is not null or (${applications.status} in ${placePaying}
    and ${intakes.status} <> 'cancelled')`;
  const refunded = sql`(select coalesce(sum(${payments.refundedAmount}), 0) from ${payments}
    where ${payments.instalmentId} = ${instalments.id} and ${payments.status} = 'paid')`;
  return selectInstalments(db(), {
    intakeId: intakes.id,
    title: courses.title,
    label: intakes.label,
    scheduled: kobo(sql`sum(${instalments.amount})`),
    paid: kobo(sql`sum(${instalments.amount}) filter (where not (${unpaid})) - sum(${refunded})`),
    refunded: kobo(sql`sum(${refunded})`),
    outstanding: kobo(sql`sum(${instalments.amount}) filter (where ${unpaid})`),
    overdue: kobo(
      sql`sum(${instalments.amount}) filter (where ${instalmentStatusSql(today)} = 'overdue')`,
    ),
  })
    .where(owed)
    .groupBy(intakes.id, courses.title)
    .orderBy(
      desc(sql`coalesce(sum(${instalments.amount}) filter (where ${unpaid}), 0)`),
      asc(courses.title),
      desc(intakes.startsOn),
    );
}
