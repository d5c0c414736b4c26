import type { ReactNode } from "react";
import { REPLY_PROMISE_HOURS } from "~/features/reply-clock/reply-clock";
import { formatNaira, nairaFromKobo } from "~/lib/format/money";
import { cn } from "~/ui/cn";
import { BarList } from "./charts/bar-list";
import { ChartFigure } from "./charts/chart-figure";
import { ColumnChart } from "./charts/column-chart";
import { FunnelBars } from "./charts/funnel-bars";
import { Heatmap } from "./charts/heatmap";
import { LineChart } from "./charts/line-chart";
import {
  countOf,
  formatFigure,
  hourLabel,
  hoursFromMinutes,
  reportCourseName,
  sharePercent,
  weekAxisLabel,
  weekdayNames,
} from "./report-labels";
import type { ReportPeriod } from "./report-period";
import {
  admissionsSummary,
  balancesSummary,
  busiestSummary,
  courseBarNote,
  courseInterestSummary,
  discountsSummary,
  messagesSummary,
  monthLabel,
  replyTimesSummary,
  revenueSummary,
  tallySummary,
  weekTotal,
} from "./report-summaries";
import { type ColumnKind, type ReportTable, shownTable } from "./report-table";
import type { Report, Tally } from "./reports.server";

const hoursOf = (minutes: number | null) => (minutes === null ? null : hoursFromMinutes(minutes));
/** The busiest-times columns: '00:00' to '23:00', Lagos time. */
const hourColumns = Array.from({ length: 24 }, (_, hour) => hourLabel(hour).slice(0, 5));
const column = (name: string, kind: ColumnKind = "count") => ({ name, kind });
const intakeName = (intake: { title: string; label: string }) =>
  `${intake.title} · ${intake.label}`;
const replyHours = (report: Report) =>
  report.replyTimes.map((week) => ({
    median: hoursOf(week.medianMinutes),
    p90: hoursOf(week.p90Minutes),
    share: sharePercent(week.answeredInTime, week.judged),
  }));

/** What a drawing reads: the report and the weeks' axis. */
type ChartData = { report: Report; axis: string[] };

/**
 * One chart of the Reports page: its id (its anchor), title, summary (the text alternative),
 * its figures as a table, and its drawing. The page shows each; the CSV writes every table's
 * values in long form (report-csv.ts). A half-width chart sits beside the next one.
 */
export type ReportChart = {
  id: string;
  title: string;
  half?: boolean;
  summary: (report: Report) => string;
  table: (report: Report) => ReportTable;
  drawing: (data: ChartData) => ReactNode;
};

/** Inquiries counted by one of their answers (type, contact method), as a ranking of bars. */
const tallyChart = (
  id: string,
  title: string,
  /** What the bars show: 'Inquiries by type'. */
  label: string,
  /** The table's first column: 'Inquiry type'. */
  itemName: string,
  tallies: (report: Report) => Tally[],
): ReportChart => ({
  id,
  title,
  half: true,
  summary: (report) => tallySummary(tallies(report), title.toLowerCase()),
  table: (report) => ({
    caption: label,
    columns: [column(itemName, "label"), column("Inquiries")],
    rows: tallies(report).map((tally) => [tally.label, tally.count]),
  }),
  drawing: ({ report }) => (
    <BarList
      label={label}
      items={tallies(report).map((tally) => ({ label: tally.label, value: tally.count }))}
    />
  ),
});

/** The Reports page's charts, in the page's order. A new chart is one more entry here. */
export const reportCharts: ReportChart[] = [
  {
    id: "messages",
    title: "Messages per week",
    summary: (report) => messagesSummary(report.messagesPerWeek),
    table: (report) => ({
      caption: "Messages per week, by channel (e-mails and WhatsApp: conversations started there)",
      columns: [
        column("Week", "week"),
        column("Inquiries"),
        column("Contact messages"),
        column("E-mails"),
        column("WhatsApp"),
        column("Total"),
      ],
      rows: report.messagesPerWeek.map((week) => [
        week.week,
        week.inquiry,
        week.contact,
        week.email,
        week.whatsapp,
        weekTotal(week),
      ]),
    }),
    drawing: ({ report, axis }) => (
      <ColumnChart
        id="messages-chart"
        label="Messages per week: inquiries and contact messages, stacked"
        categories={axis}
        stacked
        series={[
          {
            name: "Inquiries",
            values: report.messagesPerWeek.map((week) => week.inquiry),
            tone: "primary",
          },
          {
            name: "Contact messages",
            values: report.messagesPerWeek.map((week) => week.contact),
            tone: "secondary",
          },
        ]}
      />
    ),
  },
  {
    id: "courses",
    title: "Course interest",
    summary: (report) => courseInterestSummary(report.courses),
    table: (report) => ({
      caption: "Per course: page views, WhatsApp clicks, inquiries and inquiries per 100 views",
      columns: [
        column("Course", "label"),
        column("Page views"),
        column("WhatsApp clicks"),
        column("Inquiries"),
        column("Inquiries per 100 views", "decimal"),
      ],
      rows: report.courses.map((course) => [
        reportCourseName(course),
        course.views,
        course.whatsappClicks,
        course.inquiries,
        course.inquiriesPer100Views,
      ]),
    }),
    drawing: ({ report }) => (
      <BarList
        label="Page views per course"
        items={report.courses.map((course) => ({
          label: reportCourseName(course),
          value: course.views,
          note: courseBarNote(course),
        }))}
      />
    ),
  },
  {
    id: "admissions",
    title: "Admissions funnel",
    summary: (report) => admissionsSummary(report.admissions.totals),
    table: (report) => ({
      caption:
        "Per course and intake: page views, inquiries, applications made in the period, and how many of them were offered a place, accepted and enrolled",
      columns: [
        column("Course · intake", "label"),
        column("Page views"),
        column("Inquiries"),
        column("Applications"),
        column("Offers"),
        column("Accepted"),
        column("Enrolled"),
      ],
      // Page views and inquiries are counted per course, not per intake.
      rows: report.admissions.courses.flatMap((course) => [
        [
          reportCourseName(course),
          course.views,
          course.inquiries,
          course.applications,
          course.offers,
          course.accepted,
          course.enrolled,
        ],
        ...course.intakes.map((intake) => [
          intakeName({ title: course.title, label: intake.label }),
          null,
          null,
          intake.applications,
          intake.offers,
          intake.accepted,
          intake.enrolled,
        ]),
      ]),
    }),
    drawing: ({ report }) => <FunnelBars steps={report.admissions.totals} />,
  },
  {
    id: "revenue",
    title: "Revenue",
    summary: (report) => revenueSummary(report.revenue),
    table: (report) => ({
      caption:
        "Money received per course and intake, per Lagos month: applicants' payments net of refunds, and sponsors' invoices (naira)",
      columns: [
        column("Course · intake", "label"),
        ...report.revenue.months.map((month) => column(monthLabel(month), "naira")),
        column("Total", "naira"),
      ],
      rows: report.revenue.intakes.map((intake) => [
        intakeName(intake),
        ...intake.perMonth,
        intake.total,
      ]),
    }),
    drawing: ({ report }) => (
      <ColumnChart
        id="revenue-chart"
        label="Net revenue per month, in naira"
        categories={report.revenue.months.map(monthLabel)}
        series={[
          {
            name: "Net revenue (₦)",
            values: report.revenue.perMonth.map(nairaFromKobo),
            tone: "primary",
          },
        ]}
      />
    ),
  },
  {
    id: "balances",
    title: "Outstanding balances",
    summary: (report) => balancesSummary(report.balances),
    table: (report) => ({
      caption:
        "Per course and intake, as of today: instalments and sponsors' invoices scheduled, paid (net of refunds), refunded, still to pay and overdue (naira)",
      columns: [
        column("Course · intake", "label"),
        column("Scheduled", "naira"),
        column("Paid", "naira"),
        column("Refunded", "naira"),
        column("Outstanding", "naira"),
        column("Overdue", "naira"),
      ],
      rows: report.balances.map((intake) => [
        intakeName(intake),
        intake.scheduled,
        intake.paid,
        intake.refunded,
        intake.outstanding,
        intake.overdue,
      ]),
    }),
    drawing: ({ report }) => (
      <BarList
        label="Still to pay per course and intake"
        formatValue={formatNaira}
        items={report.balances.map((intake) => ({
          label: intakeName(intake),
          value: intake.outstanding,
          note: `${formatNaira(intake.overdue)} overdue · ${formatNaira(intake.paid)} paid of ${formatNaira(intake.scheduled)}${intake.refunded ? ` · ${formatNaira(intake.refunded)} refunded` : ""}`,
        }))}
      />
    ),
  },
  {
    id: "discounts",
    title: "Discounts and scholarships",
    summary: (report) => discountsSummary(report.discounts),
    table: (report) => ({
      caption:
        "Per course and intake, as of today: the price of every place with a plan before and after what was taken off, by seats sold to sponsors below the price, discount codes, scholarships (how many) and paying in full (naira)",
      columns: [
        column("Course · intake", "label"),
        column("Before discounts", "naira"),
        column("Seats sold below price", "naira"),
        column("Discount codes", "naira"),
        column("Scholarships", "naira"),
        column("Scholarships given"),
        column("Pay in full", "naira"),
        column("After discounts", "naira"),
      ],
      rows: report.discounts.map((intake) => [
        intakeName(intake),
        intake.before,
        intake.seatsBelowPrice,
        intake.codes,
        intake.scholarships,
        intake.scholarshipCount,
        intake.payInFull,
        intake.after,
      ]),
    }),
    drawing: ({ report }) => (
      <BarList
        label="Taken off the price per course and intake"
        formatValue={formatNaira}
        items={report.discounts.map((intake) => ({
          label: intakeName(intake),
          value: intake.before - intake.after,
          note: `${formatNaira(intake.after)} of ${formatNaira(intake.before)} · ${countOf(intake.scholarshipCount, "scholarship")}`,
        }))}
      />
    ),
  },
  tallyChart(
    "inquiry-types",
    "Inquiry types",
    "Inquiries by type",
    "Inquiry type",
    (report) => report.inquiryMix.inquiryTypes,
  ),
  tallyChart(
    "contact-methods",
    "Preferred contact method",
    "Inquiries by preferred contact method",
    "Contact method",
    (report) => report.inquiryMix.contactMethods,
  ),
  {
    id: "response-times",
    title: "Time to reply",
    summary: (report) => replyTimesSummary(report.replyTimes),
    table: (report) => {
      const hours = replyHours(report);
      return {
        caption: `Time to reply per week (to each message and each answer that reopened a conversation), and the share answered within ${REPLY_PROMISE_HOURS} h`,
        columns: [
          column("Week", "week"),
          column("Median (hours)", "decimal"),
          column("90th percentile (hours)", "decimal"),
          column(`Answered within ${REPLY_PROMISE_HOURS} h`, "percent"),
          column("Messages judged"),
        ],
        rows: report.replyTimes.map((week, index) => [
          week.week,
          hours[index]?.median ?? null,
          hours[index]?.p90 ?? null,
          hours[index]?.share ?? null,
          week.judged,
        ]),
      };
    },
    drawing: ({ report, axis }) => {
      const hours = replyHours(report);
      return (
        <>
          <LineChart
            id="reply-times-chart"
            label={`Median and 90th percentile hours to reply per week, against the ${REPLY_PROMISE_HOURS}-hour promise`}
            categories={axis}
            series={[
              { name: "Median", values: hours.map((week) => week.median) },
              { name: "90th percentile", values: hours.map((week) => week.p90), dash: true },
            ]}
            reference={{ value: REPLY_PROMISE_HOURS, label: `${REPLY_PROMISE_HOURS} h promise` }}
            formatValue={(value) => `${formatFigure(value)} h`}
          />
          <LineChart
            id="reply-share-chart"
            label={`Share of messages answered within ${REPLY_PROMISE_HOURS} h, per week`}
            categories={axis}
            series={[
              {
                name: `Answered within ${REPLY_PROMISE_HOURS} h`,
                values: hours.map((week) => (week.share === null ? null : Math.round(week.share))),
              },
            ]}
            maxValue={100}
            formatValue={(value) => `${formatFigure(value)}%`}
          />
        </>
      );
    },
  },
  {
    id: "busiest",
    title: "Busiest hours and days",
    summary: (report) => busiestSummary(report.busiestTimes),
    table: (report) => ({
      caption: "Messages by weekday and hour, Lagos time",
      columns: [column("Day", "label"), ...hourColumns.map((hour) => column(hour))],
      rows: report.busiestTimes.map((counts, weekday) => [weekdayNames[weekday] ?? "", ...counts]),
    }),
    drawing: ({ report }) => (
      <Heatmap
        label="Messages by weekday and hour, Lagos time"
        rows={weekdayNames.map((name) => name.slice(0, 3))}
        columns={hourColumns}
        values={report.busiestTimes}
      />
    ),
  },
];

/** Every chart of the report for its period, in the order of `reportCharts`. */
export function ReportCharts({ report, period }: { report: Report; period: ReportPeriod }) {
  const data: ChartData = { report, axis: period.weeks.map(weekAxisLabel) };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {reportCharts.map((chart) => (
        <div key={chart.id} className={cn("min-w-0", !chart.half && "lg:col-span-2")}>
          <ChartFigure
            id={chart.id}
            title={chart.title}
            summary={chart.summary(report)}
            table={shownTable(chart.table(report))}
          >
            {chart.drawing(data)}
          </ChartFigure>
        </div>
      ))}
    </div>
  );
}
