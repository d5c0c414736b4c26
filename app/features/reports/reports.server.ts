import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  coursePageViews,
  courses,
  inquiryDailyCounts,
  messageHourlyCounts,
  whatsappClicks,
} from "~/db/schema";
import type { MessageFormType } from "~/features/messages/form-types";
import {
  answeredInTime,
  judgedUnanswered,
  replyWaits,
} from "~/features/messages/reply-clock.server";
import { addDays, lagosToday, startOfLagosDate } from "~/lib/format/dates";
import { atLagosTime } from "~/lib/format/lagos-sql";
import { admissionsFunnel, type CourseFunnel, funnelTotals } from "./admissions-funnel.server";
import { discountsByIntake, type IntakeDiscounts } from "./discount-reports.server";
import {
  type IntakeBalance,
  outstandingBalances,
  type Revenue,
  revenueByMonth,
} from "./payment-reports.server";
import type { ReportPeriod } from "./report-period";

// Every figure of the Reports page, from four statements (and two for the money). Message counts come from
// the hourly and daily count tables (kept by a trigger, migration 0011), so a year of reports
// reads a few thousand rows, not the messages; only the time to reply reads messages,
// through two partial indexes that hold what it needs.

const lagos = atLagosTime;

/** The instants a period covers: from its first day's Lagos midnight to the one after its last. */
const instants = (period: Pick<ReportPeriod, "from" | "to">) => ({
  start: startOfLagosDate(period.from).toISOString(),
  end: startOfLagosDate(addDays(period.to, 1)).toISOString(),
});

const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  (await db().execute(query)).rows as Row[];

export type WeekMessages = {
  week: string;
  contact: number;
  inquiry: number;
  email: number;
  whatsapp: number;
};
export type MessageCounts = {
  perWeek: WeekMessages[];
  /** Messages by Lagos weekday (rows, Monday first) and hour (columns, 0 to 23). */
  busiest: number[][];
};

/**
 * Messages received each week of the period by form (weeks without any are zero), and by
 * weekday and hour: when to be on duty. One pass over the period's hours.
 */
export async function messageCounts(period: ReportPeriod): Promise<MessageCounts> {
  const { start, end } = instants(period);
  const rows = await rowsOf<{
    week: string | null;
    form_type: MessageFormType | null;
    weekday: number | null;
    hour: number | null;
    total: number;
  }>(sql`
    with hours as (
      select ${lagos(messageHourlyCounts.hour)} as local, ${messageHourlyCounts.formType} as form_type,
        ${messageHourlyCounts.messages} as messages
      from ${messageHourlyCounts}
      where ${messageHourlyCounts.hour} >= ${start}::timestamptz
        and ${messageHourlyCounts.hour} < ${end}::timestamptz
    )
    select to_char(date_trunc('week', local), 'YYYY-MM-DD') as week, form_type,
      extract(isodow from local)::int as weekday, extract(hour from local)::int as hour,
      sum(messages)::int as total
    from hours
    group by grouping sets ((1, 2), (3, 4))
  `);
  const busiest = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const row of rows) {
    if (row.weekday !== null && row.hour !== null) {
      (busiest[row.weekday - 1] as number[])[row.hour] = row.total;
    }
  }
  const perWeek = period.weeks.map((week) => {
    const count = (form: string) =>
      rows.find((row) => row.week === week && row.form_type === form)?.total ?? 0;
    return {
      week,
      contact: count("contact"),
      inquiry: count("inquiry"),
      email: count("email"),
      whatsapp: count("whatsapp"),
    };
  });
  return { perWeek, busiest };
}

export type Tally = { label: string; count: number };
export type InquiryCounts = {
  inquiryTypes: Tally[];
  contactMethods: Tally[];
  /** Inquiries by the course title they name. */
  byCourse: Map<string, number>;
};

/**
 * Inquiries of the period by type, by preferred contact method (each most first) and by the
 * course they name: one pass over the period's daily counts.
 */
export async function inquiryCounts(period: ReportPeriod): Promise<InquiryCounts> {
  const rows = await rowsOf<{
    label: string | null;
    dimension: "type" | "contact" | "course";
    total: number;
  }>(sql`
    select coalesce(${inquiryDailyCounts.inquiryType}, ${inquiryDailyCounts.contactMethod},
        ${inquiryDailyCounts.courseInterest}) as label,
      case
        when grouping(${inquiryDailyCounts.inquiryType}) = 0 then 'type'
        when grouping(${inquiryDailyCounts.contactMethod}) = 0 then 'contact'
        else 'course'
      end as dimension,
      sum(${inquiryDailyCounts.inquiries})::int as total
    from ${inquiryDailyCounts}
    where ${inquiryDailyCounts.day} between ${period.from} and ${period.to}
    group by grouping sets ((${inquiryDailyCounts.inquiryType}), (${inquiryDailyCounts.contactMethod}),
      (${inquiryDailyCounts.courseInterest}))
  `);
  const tallies = (dimension: "type" | "contact"): Tally[] =>
    rows
      .filter((row) => row.dimension === dimension && row.total > 0)
      .map((row) => ({ label: row.label ?? "Not given", count: row.total }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const byCourse = new Map(
    rows.flatMap((row) =>
      row.dimension === "course" && row.label !== null ? [[row.label, row.total] as const] : [],
    ),
  );
  return { inquiryTypes: tallies("type"), contactMethods: tallies("contact"), byCourse };
}

export type CourseInterest = {
  id: string;
  title: string;
  active: boolean;
  views: number;
  whatsappClicks: number;
  inquiries: number;
  /** Inquiries for every 100 page views; null without views. */
  inquiriesPer100Views: number | null;
};

/**
 * Per course: page views, 'Chat on WhatsApp' clicks and the inquiries that name it (from
 * inquiryCounts). Every active course is listed, and an inactive one that drew any interest in
 * the period; most inquiries first.
 */
export async function courseInterest(
  period: ReportPeriod,
  inquiriesByCourse: Map<string, number>,
): Promise<CourseInterest[]> {
  const rows = await rowsOf<{
    id: string;
    title: string;
    active: boolean;
    views: number;
    clicks: number;
  }>(sql`
    with views as (
      select ${coursePageViews.courseId} as course_id, sum(${coursePageViews.views})::int as views
      from ${coursePageViews}
      where ${coursePageViews.day} between ${period.from} and ${period.to}
      group by 1
    ), clicks as (
      select ${whatsappClicks.courseId} as course_id, sum(${whatsappClicks.clicks})::int as clicks
      from ${whatsappClicks}
      where ${whatsappClicks.day} between ${period.from} and ${period.to}
        and ${whatsappClicks.courseId} is not null
      group by 1
    )
    select ${courses.id} as id, ${courses.title} as title, ${courses.isActive} as active,
      coalesce(views.views, 0) as views, coalesce(clicks.clicks, 0) as clicks
    from ${courses}
    left join views on views.course_id = ${courses.id}
    left join clicks on clicks.course_id = ${courses.id}
  `);
  return rows
    .map((row) => {
      const inquiries = inquiriesByCourse.get(row.title) ?? 0;
      return {
        id: row.id,
        title: row.title,
        active: row.active,
        views: row.views,
        whatsappClicks: row.clicks,
        inquiries,
        inquiriesPer100Views: row.views > 0 ? (100 * inquiries) / row.views : null,
      };
    })
    .filter((row) => row.active || row.views > 0 || row.whatsappClicks > 0 || row.inquiries > 0)
    .sort(
      (a, b) => b.inquiries - a.inquiries || b.views - a.views || a.title.localeCompare(b.title),
    );
}

export type WeekReplyTimes = {
  week: string;
  /** Messages of the week with a reply, and of those, answered within 24 h. */
  replied: number;
  answeredInTime: number;
  /** Messages judged against the promise: replied, or unanswered after 24 h. */
  judged: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
};

/**
 * Time to reply of the waits that started each week (a message's arrival, or a visitor's answer
 * that reopened its conversation; reply-clock.server.ts): median and 90th percentile of
 * those answered, and the share of the judged ones answered within 24 h (the dashboard's rule,
 * reply-clock.server.ts). Each week is read as its own range of the two partial indexes: no
 * per-row week arithmetic, and each percentile sorts one week's replies, not the period's.
 */
export async function replyTimesPerWeek(period: ReportPeriod): Promise<WeekReplyTimes[]> {
  const { start, end } = instants(period);
  const weekStarts = period.weeks.map((week) => startOfLagosDate(week).toISOString());
  const waits = replyWaits(
    sql`greatest(week.starts, ${start}::timestamptz)`,
    sql`least(week.starts + interval '7 days', ${end}::timestamptz)`,
  );
  const waited = sql`answered_at - started_at`;
  const rows = await rowsOf<{
    replied: number;
    in_time: number;
    unanswered: number;
    median_seconds: number | string | null;
    p90_seconds: number | string | null;
  }>(sql`
    select replied.*, unanswered.*
    from unnest(${`{${weekStarts.join(",")}}`}::timestamptz[]) with ordinality as week(starts, position)
    cross join lateral (
      select count(*)::int as replied,
        count(*) filter (where ${answeredInTime})::int as in_time,
        extract(epoch from percentile_cont(0.5) within group (order by ${waited}))::float8 as median_seconds,
        extract(epoch from percentile_cont(0.9) within group (order by ${waited}))::float8 as p90_seconds
      from ${waits} waits
      where answered_at is not null
    ) replied
    cross join lateral (
      select count(*)::int as unanswered from ${waits} waits where ${judgedUnanswered}
    ) unanswered
    order by week.position
  `);
  const minutes = (seconds: number | string | null) =>
    seconds === null ? null : Math.round(Number(seconds) / 60);
  return period.weeks.map((week, index) => {
    const row = rows[index];
    return {
      week,
      replied: row?.replied ?? 0,
      answeredInTime: row?.in_time ?? 0,
      judged: (row?.replied ?? 0) + (row?.unanswered ?? 0),
      medianMinutes: minutes(row?.median_seconds ?? null),
      p90Minutes: minutes(row?.p90_seconds ?? null),
    };
  });
}

export type DayMessages = { day: string; messages: number };

/** New messages on each of the last `days` Lagos days, today last (the dashboard's sparkline). */
export async function messagesPerDay(days: number, now: Date = new Date()): Promise<DayMessages[]> {
  const today = lagosToday(now);
  const first = addDays(today, -(days - 1));
  const rows = await rowsOf<{ day: string; total: number }>(sql`
    select to_char(${lagos(messageHourlyCounts.hour)}, 'YYYY-MM-DD') as day,
      sum(${messageHourlyCounts.messages})::int as total
    from ${messageHourlyCounts}
    where ${messageHourlyCounts.hour} >= ${startOfLagosDate(first).toISOString()}::timestamptz
    group by 1
  `);
  return Array.from({ length: days }, (_, index) => {
    const day = addDays(first, index);
    return { day, messages: rows.find((row) => row.day === day)?.total ?? 0 };
  });
}

/** New messages of the last `days` Lagos days by channel: forms, e-mail, WhatsApp. */
export type ChannelCounts = { forms: number; email: number; whatsapp: number };

export async function messagesByChannel(
  days: number,
  now: Date = new Date(),
): Promise<ChannelCounts> {
  const first = addDays(lagosToday(now), -(days - 1));
  const rows = await rowsOf<{ form_type: MessageFormType; total: number }>(sql`
    select ${messageHourlyCounts.formType} as form_type, sum(${messageHourlyCounts.messages})::int as total
    from ${messageHourlyCounts}
    where ${messageHourlyCounts.hour} >= ${startOfLagosDate(first).toISOString()}::timestamptz
    group by 1
  `);
  const count = (form: MessageFormType) => rows.find((row) => row.form_type === form)?.total ?? 0;
  return {
    forms: count("contact") + count("inquiry"),
    email: count("email"),
    whatsapp: count("whatsapp"),
  };
}

export type Report = {
  messagesPerWeek: WeekMessages[];
  courses: CourseInterest[];
  inquiryMix: Pick<InquiryCounts, "inquiryTypes" | "contactMethods">;
  replyTimes: WeekReplyTimes[];
  busiestTimes: number[][];
  admissions: { courses: CourseFunnel[]; totals: { label: string; value: number }[] };
  revenue: Revenue;
  /** As of today, whatever the period. */
  balances: IntakeBalance[];
  /** As of today, whatever the period. */
  discounts: IntakeDiscounts[];
};

/** The whole Reports page's data for a period. */
export async function loadReport(period: ReportPeriod): Promise<Report> {
  const inquiries = inquiryCounts(period);
  const interest = inquiries.then((found) => courseInterest(period, found.byCourse));
  const [
    counts,
    { inquiryTypes, contactMethods },
    courseRows,
    replyTimes,
    funnel,
    revenue,
    balances,
    discounts,
  ] = await Promise.all([
    messageCounts(period),
    inquiries,
    interest,
    replyTimesPerWeek(period),
    interest.then((rows) => admissionsFunnel(period, rows)),
    revenueByMonth(period),
    outstandingBalances(),
    discountsByIntake(),
  ]);
  return {
    messagesPerWeek: counts.perWeek,
    courses: courseRows,
    inquiryMix: { inquiryTypes, contactMethods },
    replyTimes,
    busiestTimes: counts.busiest,
    admissions: { courses: funnel, totals: funnelTotals(funnel) },
    revenue,
    balances,
    discounts,
  };
}
