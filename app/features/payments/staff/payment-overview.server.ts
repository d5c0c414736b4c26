import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications, courses, instalments, intakes, payments } from "~/db/schema";
import {
  intakeOrder,
  intakeThenNameOrder,
  selectInstalments,
} from "~/features/applications/application-query.server";
import { placePayingStatuses } from "~/features/applications/application-rules";
import { applicationSearchCondition } from "~/features/applications/staff/application-list.server";
import type { IntakeChoice } from "~/features/applications/staff/intake-filters";
import { applicationDiscountColumns } from "~/features/discounts/discount-codes.server";
import { atLagosTime } from "~/lib/format/lagos-sql";
import { isUuid } from "~/lib/ids";
import { inBatches } from "~/lib/in-batches";
import { failedPaymentStatuses, type InstalmentStatus } from "../instalment-status";
import { PAYMENTS_PAGE_SIZE, type PaymentsQuery } from "./list-url";

/** The statuses that pay for a place, as a SQL list. */
export const placePaying = sql`(${sql.join(
  placePayingStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

/*
 * Who has paid what: every instalment of every applicant who chose a plan, for the Students
 * page's Payments tab, its CSV and the dashboard. Authorization: the routes guard with
 * requireAdmin, and any active admin may see payments, so there is no rule here.
 */

const failedList = sql.raw(failedPaymentStatuses.map((status) => `'${status}'`).join(", "));

/**
 * instalmentStatus (instalment-status.ts) in SQL, for a row of `instalments` on the Lagos date
 * `today`: the two must agree (tests/integration/payment-overview.test.ts holds them to it).
 */
export function instalmentStatusSql(today: string): SQL<InstalmentStatus> {
  return sql<InstalmentStatus>`(case
    when exists (select 1 from ${payments} where ${payments.instalmentId} = ${instalments.id}
      and ${payments.status} = 'flagged' and ${payments.refundedAmount} < ${payments.amount})
      then 'flagged'
    when exists (select 1 from ${payments} where ${payments.instalmentId} = ${instalments.id}
      and ${payments.status} = 'proof-sent')
      then 'proof-sent'
    when ${instalments.paidAt} is not null then coalesce((
      select case when ${payments.refundedAmount} >= ${payments.amount} then 'refunded'
        when ${payments.refundedAmount} > 0 then 'part-refunded' end
      from ${payments} where ${payments.instalmentId} = ${instalments.id} and ${payments.status} = 'paid'
      order by ${payments.paidAt} desc limit 1
    ), 'paid')
    when exists (select 1 from ${applications}
      join ${intakes} on ${intakes.id} = ${applications.intakeId}
      where ${applications.id} = ${instalments.applicationId}
      and (${applications.status} not in ${placePaying} or ${intakes.status} = 'cancelled'))
      then 'cancelled'
    when ${instalments.dueOn} < ${today}::date then 'overdue'
    when (select ${payments.status} from ${payments} where ${payments.instalmentId} = ${instalments.id}
      order by ${payments.createdAt} desc, ${payments.id} desc limit 1) in (${failedList})
      then 'failed'
    else 'due'
  end)`;
}

/** The latest attempt to pay an instalment, whatever became of it (a lateral join). */
const latestPayment = () =>
  db()
    .select({
      method: payments.method,
      reference: payments.reference,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.instalmentId, instalments.id))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
    .as("latest_payment");

/** The payment that paid it: its receipt and what was given back (a lateral join). */
const paidPayment = () =>
  db()
    .select({
      receiptNumber: sql<number>`${payments.receiptNumber}`.as("receipt_number"),
      refundedAmount: sql<number>`${payments.refundedAmount}`.mapWith(Number).as("refunded_amount"),
    })
    .from(payments)
    .where(and(eq(payments.instalmentId, instalments.id), eq(payments.status, "paid")))
    .orderBy(desc(payments.paidAt))
    .limit(1)
    .as("paid_payment");

/** The total of an application's unpaid instalments, in kobo; nothing once the place is given up. */
const balance = sql<number>`(select coalesce(sum(unpaid.amount_kobo), 0) from ${instalments} unpaid
  where unpaid.application_id = ${applications.id} and unpaid.paid_at is null
  and ${applications.status} in ${placePaying})`.mapWith(Number);

/** How many instalments the application's plan has. */
const instalmentCount = sql<number>`(select count(*) from ${instalments} plan
  where plan.application_id = ${applications.id})`.mapWith(Number);

function overviewColumns(
  today: string,
  latest: ReturnType<typeof latestPayment>,
  paid: ReturnType<typeof paidPayment>,
) {
  return {
    id: instalments.id,
    number: instalments.number,
    of: instalmentCount,
    amount: instalments.amount,
    dueOn: instalments.dueOn,
    paidAt: instalments.paidAt,
    status: instalmentStatusSql(today),
    applicationId: applications.id,
    reference: applications.reference,
    fullName: applications.fullName,
    email: applications.email,
    phone: applications.phone,
    plan: applications.paymentPlan,
    ...applicationDiscountColumns(applications.id),
    balance,
    intakeId: intakes.id,
    intakeLabel: intakes.label,
    courseTitle: courses.title,
    paymentMethod: latest.method,
    paymentReference: latest.reference,
    paymentStatus: latest.status,
    receiptNumber: paid.receiptNumber,
    refundedAmount: paid.refundedAmount,
  };
}

function overviewRows(today: string) {
  const latest = latestPayment();
  const paid = paidPayment();
  return selectInstalments(db(), overviewColumns(today, latest, paid))
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(paid, sql`true`);
}

function overviewConditions(query: Pick<PaymentsQuery, "intake" | "status" | "q">, today: string) {
  return and(
    query.intake && isUuid(query.intake) ? eq(applications.intakeId, query.intake) : undefined,
    query.status ? sql`${instalmentStatusSql(today)} = ${query.status}` : undefined,
    applicationSearchCondition(query.q),
  );
}

/** By intake (the latest start first), then person, then instalment. */
const overviewOrder = [...intakeThenNameOrder, asc(instalments.number)];

/** The intakes with any instalment, the latest start first: the tab's intake filter. */
export async function paymentIntakeChoices(): Promise<IntakeChoice[]> {
  return selectInstalments(db(), {
    id: intakes.id,
    courseTitle: courses.title,
    label: intakes.label,
    startsOn: intakes.startsOn,
    endsOn: intakes.endsOn,
  })
    .groupBy(intakes.id, courses.title)
    .orderBy(...intakeOrder);
}

/** One page of instalments for the filters, with the intake choices; `today` is Lagos. */
export async function listInstalments(query: PaymentsQuery, today: string) {
  const where = overviewConditions(query, today);
  const [[counted], intakeChoices] = await Promise.all([
    db()
      .select({ total: count() })
      .from(instalments)
      .innerJoin(applications, eq(applications.id, instalments.applicationId))
      .where(where),
    paymentIntakeChoices(),
  ]);
  const total = counted?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE));
  const page = Math.min(query.page, totalPages);
  const rows = await overviewRows(today)
    .where(where)
    .orderBy(...overviewOrder)
    .limit(PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * PAYMENTS_PAGE_SIZE);
  return {
    instalments: rows,
    intakes: intakeChoices,
    pagination: { page, total, totalPages, limit: PAYMENTS_PAGE_SIZE },
  };
}

export type InstalmentList = Awaited<ReturnType<typeof listInstalments>>;
export type InstalmentRow = InstalmentList["instalments"][number];

/**
 * Every instalment for the filters, in the list's order, in batches (the CSV). Instalments are
 * bounded by the intakes' seats, so offset batches over a total order are enough.
 */
export async function* instalmentsForExport(
  query: Pick<PaymentsQuery, "intake" | "status" | "q">,
  today: string,
  batchSize = 1000,
) {
  const where = overviewConditions(query, today);
  yield* inBatches(batchSize, (limit, offset) =>
    overviewRows(today)
      .where(where)
      .orderBy(...overviewOrder)
      .limit(limit)
      .offset(offset),
  );
}

/**
 * The dashboard's money: what was collected in the Lagos calendar month of `today` (paid
 * payments' amounts less what was given back of them), and the overdue instalments.
 */
export async function paymentFigures(today: string) {
  const month = today.slice(0, 7);
  const [collected] = await db()
    .select({
      net: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, "paid"),
        sql`${payments.paidAt} >= ${atLagosTime(sql`(${`${month}-01`}::date)::timestamp`)}`,
        sql`${payments.paidAt} < ${atLagosTime(sql`(${`${month}-01`}::date + interval '1 month')::timestamp`)}`,
      ),
    );
  const [overdue] = await db()
    .select({
      count: count(),
      amount: sql<number>`coalesce(sum(${instalments.amount}), 0)`.mapWith(Number),
    })
    .from(instalments)
    .where(sql`${instalmentStatusSql(today)} = 'overdue'`);
  return {
    collectedThisMonth: collected?.net ?? 0,
    overdue: { count: overdue?.count ?? 0, amount: overdue?.amount ?? 0 },
  };
}

export type PaymentFigures = Awaited<ReturnType<typeof paymentFigures>>;
