import { REPLY_PROMISE_HOURS } from "~/features/reply-clock/reply-clock";
import { nairaFromKobo } from "~/lib/format/money";
import { csvRow } from "~/lib/text/csv";
import {
  hourLabel,
  hoursFromMinutes,
  reportCourseName,
  sharePercent,
  weekdayNames,
} from "./report-labels";
import type { ReportPeriod } from "./report-period";
import type { Report } from "./reports.server";

// The Reports page's data as one CSV in long form (one figure per row), so a spreadsheet can
// filter and pivot it. Days, weeks and hours are Lagos time; cells pass csvCell's formula guard
// (a course title is typed by an admin, an inquiry type by a visitor of an older form).

export const REPORT_CSV_HEADER = ["Chart", "Item (Lagos time)", "Measure", "Value"];

const hours = (minutes: number | null) =>
  minutes === null ? null : hoursFromMinutes(minutes).toFixed(1);
const percent = (part: number, whole: number) => sharePercent(part, whole)?.toFixed(1) ?? null;

export function reportCsvRows(report: Report): unknown[][] {
  const rows: unknown[][] = [];
  for (const week of report.messagesPerWeek) {
    rows.push(["Messages per week", `Week of ${week.week}`, "Contact messages", week.contact]);
    rows.push(["Messages per week", `Week of ${week.week}`, "Inquiries", week.inquiry]);
    rows.push(["Messages per week", `Week of ${week.week}`, "E-mails", week.email]);
  }
  for (const course of report.courses) {
    const item = reportCourseName(course);
    rows.push(["Course interest", item, "Page views", course.views]);
    rows.push(["Course interest", item, "WhatsApp clicks", course.whatsappClicks]);
    rows.push(["Course interest", item, "Inquiries", course.inquiries]);
    rows.push([
      "Course interest",
      item,
      "Inquiries per 100 views",
      course.inquiriesPer100Views === null ? null : course.inquiriesPer100Views.toFixed(1),
    ]);
  }
  for (const tally of report.inquiryMix.inquiryTypes) {
    rows.push(["Inquiry types", tally.label, "Inquiries", tally.count]);
  }
  for (const tally of report.inquiryMix.contactMethods) {
    rows.push(["Preferred contact method", tally.label, "Inquiries", tally.count]);
  }
  for (const week of report.replyTimes) {
    const item = `Week of ${week.week}`;
    rows.push(["Time to reply", item, "Median (hours)", hours(week.medianMinutes)]);
    rows.push(["Time to reply", item, "90th percentile (hours)", hours(week.p90Minutes)]);
    rows.push([
      "Time to reply",
      item,
      `Answered within ${REPLY_PROMISE_HOURS} h (%)`,
      percent(week.answeredInTime, week.judged),
    ]);
    rows.push(["Time to reply", item, "Messages judged", week.judged]);
  }
  for (const course of report.admissions.courses) {
    const stages = [
      ["Applications", "applications"],
      ["Offers", "offers"],
      ["Accepted", "accepted"],
      ["Enrolled", "enrolled"],
    ] as const;
    for (const [measure, key] of stages)
      rows.push(["Admissions funnel", course.title, measure, course[key]]);
    for (const intake of course.intakes) {
      for (const [measure, key] of stages)
        rows.push(["Admissions funnel", `${course.title} · ${intake.label}`, measure, intake[key]]);
    }
  }
  const naira = (kobo: number) => nairaFromKobo(kobo).toFixed(2);
  for (const intake of report.revenue.intakes) {
    report.revenue.months.forEach((month, index) => {
      rows.push([
        "Revenue",
        `${intake.title} · ${intake.label} · ${month}`,
        "Net revenue (NGN)",
        naira(intake.perMonth[index] ?? 0),
      ]);
    });
  }
  const balanceMeasures = [
    ["Scheduled (NGN)", "scheduled"],
    ["Paid, net of refunds (NGN)", "paid"],
    ["Refunded (NGN)", "refunded"],
    ["Outstanding (NGN)", "outstanding"],
    ["Overdue (NGN)", "overdue"],
  ] as const;
  for (const intake of report.balances) {
    for (const [measure, key] of balanceMeasures)
      rows.push([
        "Outstanding balances",
        `${intake.title} · ${intake.label}`,
        measure,
        naira(intake[key]),
      ]);
  }
  report.busiestTimes.forEach((counts, weekday) => {
    counts.forEach((count, hour) => {
      rows.push([
        "Busiest times",
        `${weekdayNames[weekday]} ${hourLabel(hour)}`,
        "Messages",
        count,
      ]);
    });
  });
  return rows;
}

export function reportCsv(report: Report): string {
  return [REPORT_CSV_HEADER, ...reportCsvRows(report)].map(csvRow).join("");
}

export const reportCsvFilename = (period: ReportPeriod) =>
  `academy-report-${period.from}-to-${period.to}.csv`;
