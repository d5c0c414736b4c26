import { Fragment, type ReactNode } from "react";
import { REPLY_PROMISE_HOURS } from "~/features/reply-clock/reply-clock";
import { formatNaira, nairaFromKobo } from "~/lib/format/money";
import { BarList } from "./charts/bar-list";
import { ChartFigure } from "./charts/chart-figure";
import { ColumnChart } from "./charts/column-chart";
import { FunnelBars } from "./charts/funnel-bars";
import { Heatmap } from "./charts/heatmap";
import { LineChart } from "./charts/line-chart";
import {
  formatFigure,
  hourLabel,
  hoursFromMinutes,
  reportCourseName,
  sharePercent,
  weekAxisLabel,
  weekdayNames,
  weekLabel,
} from "./report-labels";
import type { ReportPeriod } from "./report-period";
import {
  admissionsSummary,
  balancesSummary,
  busiestSummary,
  courseBarNote,
  courseInterestSummary,
  messagesSummary,
  monthLabel,
  replyTimesSummary,
  revenueSummary,
  weekTotal,
} from "./report-summaries";
import type { Report } from "./reports.server";
import { TallyFigure } from "./tally-figure";

const hoursOf = (minutes: number | null) => (minutes === null ? null : hoursFromMinutes(minutes));
const roundedShare = (part: number, whole: number) => {
  const share = sharePercent(part, whole);
  return share === null ? null : Math.round(share);
};
/** The busiest-times columns: '00:00' to '23:00', Lagos time. */
const hourColumns = Array.from({ length: 24 }, (_, hour) => hourLabel(hour).slice(0, 5));
const orDash = (value: number | null, suffix = "") =>
  value === null ? "—" : `${formatFigure(value)}${suffix}`;

/** What every chart reads: the report, the weeks' axis and the reply times in hours. */
type ChartData = {
  report: Report;
  axis: string[];
  replyHours: { median: number | null; p90: number | null; share: number | null }[];
};

/**
 * The Reports page, as a list: each chart with its id (its anchor), its summary, its table and
 * its drawing, in the page's order. A new chart is one more entry here.
 */
export const reportCharts: { id: string; render: (data: ChartData) => ReactNode }[] = [
  {
    id: "messages",
    render: ({ report, axis }) => (
      <ChartFigure
        id="messages"
        title="Messages per week"
        summary={messagesSummary(report.messagesPerWeek)}
        table={{
          caption: "Messages per week, by form (e-mails: conversations started by e-mail)",
          columns: ["Week", "Inquiries", "Contact messages", "E-mails", "Total"],
          rows: report.messagesPerWeek.map((week) => [
            weekLabel(week.week),
            week.inquiry,
            week.contact,
            week.email,
            weekTotal(week),
          ]),
        }}
      >
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
      </ChartFigure>
    ),
  },
  {
    id: "courses",
    render: ({ report }) => (
      <ChartFigure
        id="courses"
        title="Course interest"
        summary={courseInterestSummary(report.courses)}
        table={{
          caption: "Per course: page views, WhatsApp clicks, inquiries and inquiries per 100 views",
          columns: [
            "Course",
            "Page views",
            "WhatsApp clicks",
            "Inquiries",
            "Inquiries per 100 views",
          ],
          rows: report.courses.map((course) => [
            reportCourseName(course),
            course.views,
            course.whatsappClicks,
            course.inquiries,
            orDash(course.inquiriesPer100Views),
          ]),
        }}
      >
        <BarList
          label="Page views per course"
          items={report.courses.map((course) => ({
            label: reportCourseName(course),
            value: course.views,
            note: courseBarNote(course),
          }))}
        />
      </ChartFigure>
    ),
  },
  {
    id: "admissions",
    render: ({ report }) => (
      <ChartFigure
        id="admissions"
        title="Admissions funnel"
        summary={admissionsSummary(report.admissions.totals)}
        table={{
          caption:
            "Per course and intake: page views, inquiries, applications made in the period, and how many of them were offered a place, accepted and enrolled",
          columns: [
            "Course · intake",
            "Page views",
            "Inquiries",
            "Applications",
            "Offers",
            "Accepted",
            "Enrolled",
          ],
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
              `${course.title} · ${intake.label}`,
              "—",
              "—",
              intake.applications,
              intake.offers,
              intake.accepted,
              intake.enrolled,
            ]),
          ]),
        }}
      >
        <FunnelBars steps={report.admissions.totals} />
      </ChartFigure>
    ),
  },
  {
    id: "revenue",
    render: ({ report }) => (
      <ChartFigure
        id="revenue"
        title="Revenue"
        summary={revenueSummary(report.revenue)}
        table={{
          caption:
            "Payments received per course and intake, per Lagos month, net of refunds (naira)",
          columns: ["Course · intake", ...report.revenue.months.map(monthLabel), "Total"],
          rows: report.revenue.intakes.map((intake) => [
            `${intake.title} · ${intake.label}`,
            ...intake.perMonth.map(formatNaira),
            formatNaira(intake.total),
          ]),
        }}
      >
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
      </ChartFigure>
    ),
  },
  {
    id: "balances",
    render: ({ report }) => (
      <ChartFigure
        id="balances"
        title="Outstanding balances"
        summary={balancesSummary(report.balances)}
        table={{
          caption:
            "Per course and intake, as of today: instalments scheduled, paid (net of refunds), refunded, still to pay and overdue (naira)",
          columns: ["Course · intake", "Scheduled", "Paid", "Refunded", "Outstanding", "Overdue"],
          rows: report.balances.map((intake) => [
            `${intake.title} · ${intake.label}`,
            formatNaira(intake.scheduled),
            formatNaira(intake.paid),
            formatNaira(intake.refunded),
            formatNaira(intake.outstanding),
            formatNaira(intake.overdue),
          ]),
        }}
      >
        <BarList
          label="Still to pay per course and intake"
          formatValue={formatNaira}
          items={report.balances.map((intake) => ({
            label: `${intake.title} · ${intake.label}`,
            value: intake.outstanding,
            note: `${formatNaira(intake.overdue)} overdue · ${formatNaira(intake.paid)} paid of ${formatNaira(intake.scheduled)}${intake.refunded ? ` · ${formatNaira(intake.refunded)} refunded` : ""}`,
          }))}
        />
      </ChartFigure>
    ),
  },
  {
    id: "inquiry-types",
    render: ({ report }) => (
      <div className="grid gap-6 lg:grid-cols-2">
        <TallyFigure
          id="inquiry-types"
          title="Inquiry types"
          label="Inquiries by type"
          itemName="Inquiry type"
          tallies={report.inquiryMix.inquiryTypes}
        />
        <TallyFigure
          id="contact-methods"
          title="Preferred contact method"
          label="Inquiries by preferred contact method"
          itemName="Contact method"
          tallies={report.inquiryMix.contactMethods}
        />
      </div>
    ),
  },
  {
    id: "response-times",
    render: ({ report, axis, replyHours }) => (
      <ChartFigure
        id="response-times"
        title="Time to reply"
        summary={replyTimesSummary(report.replyTimes)}
        table={{
          caption: `Time to reply per week (to each message and each answer that reopened a conversation), and the share answered within ${REPLY_PROMISE_HOURS} h`,
          columns: [
            "Week",
            "Median (hours)",
            "90th percentile (hours)",
            `Answered within ${REPLY_PROMISE_HOURS} h`,
            "Messages judged",
          ],
          rows: report.replyTimes.map((week, index) => [
            weekLabel(week.week),
            orDash(replyHours[index]?.median ?? null),
            orDash(replyHours[index]?.p90 ?? null),
            orDash(replyHours[index]?.share ?? null, "%"),
            week.judged,
          ]),
        }}
      >
        <LineChart
          id="reply-times-chart"
          label={`Median and 90th percentile hours to reply per week, against the ${REPLY_PROMISE_HOURS}-hour promise`}
          categories={axis}
          series={[
            { name: "Median", values: replyHours.map((week) => week.median) },
            { name: "90th percentile", values: replyHours.map((week) => week.p90), dash: true },
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
              values: replyHours.map((week) => week.share),
            },
          ]}
          maxValue={100}
          formatValue={(value) => `${formatFigure(value)}%`}
        />
      </ChartFigure>
    ),
  },
  {
    id: "busiest",
    render: ({ report }) => (
      <ChartFigure
        id="busiest"
        title="Busiest hours and days"
        summary={busiestSummary(report.busiestTimes)}
        table={{
          caption: "Messages by weekday and hour, Lagos time",
          columns: ["Day", ...hourColumns],
          rows: report.busiestTimes.map((counts, weekday) => [
            weekdayNames[weekday] ?? "",
            ...counts,
          ]),
        }}
      >
        <Heatmap
          label="Messages by weekday and hour, Lagos time"
          rows={weekdayNames.map((name) => name.slice(0, 3))}
          columns={hourColumns}
          values={report.busiestTimes}
        />
      </ChartFigure>
    ),
  },
];

/** Every chart of the report for its period, in the order of `reportCharts`. */
export function ReportCharts({ report, period }: { report: Report; period: ReportPeriod }) {
  const data: ChartData = {
    report,
    axis: period.weeks.map(weekAxisLabel),
    replyHours: report.replyTimes.map((week) => ({
      median: hoursOf(week.medianMinutes),
      p90: hoursOf(week.p90Minutes),
      share: roundedShare(week.answeredInTime, week.judged),
    })),
  };
  return (
    <div className="grid gap-6">
      {reportCharts.map((chart) => (
        <Fragment key={chart.id}>{chart.render(data)}</Fragment>
      ))}
    </div>
  );
}
