import { REPLY_PROMISE_HOURS } from "~/features/reply-clock/reply-clock";
import { formatMonthYear, formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import type { FunnelStep } from "./admissions-funnel.server";
import type { IntakeDiscounts } from "./discount-reports.server";
import type { IntakeBalance, Revenue } from "./payment-reports.server";
import {
  countOf as count,
  formatFigure,
  hourLabel,
  hoursFromMinutes,
  sharePercent,
  weekdayNames,
} from "./report-labels";
import type { CourseInterest, Tally, WeekMessages, WeekReplyTimes } from "./reports.server";

// Each chart's text alternative: what a reader would take from the picture, in a sentence or
// two. Shown under the chart for everyone, and read by screen readers with it.

const hours = (minutes: number) => `${formatFigure(hoursFromMinutes(minutes))} h`;
const percent = (part: number, whole: number) => `${Math.round(sharePercent(part, whole) ?? 0)}%`;

/** The item with the largest value (the first of equals), or null when all are zero. */
function largest<T>(items: readonly T[], value: (item: T) => number): T | null {
  let best: T | null = null;
  for (const item of items)
    if (value(item) > 0 && (!best || value(item) > value(best))) best = item;
  return best;
}

/** All the messages of a week: the forms', and the e-mails and WhatsApp chats that started a conversation. */
export const weekTotal = (week: WeekMessages) =>
  week.inquiry + week.contact + week.email + week.whatsapp;

export function messagesSummary(weeks: WeekMessages[]): string {
  const contact = weeks.reduce((sum, week) => sum + week.contact, 0);
  const inquiries = weeks.reduce((sum, week) => sum + week.inquiry, 0);
  const emails = weeks.reduce((sum, week) => sum + week.email, 0);
  const chats = weeks.reduce((sum, week) => sum + week.whatsapp, 0);
  const total = contact + inquiries + emails + chats;
  if (total === 0) return "No messages in this period.";
  const busiest = largest(weeks, weekTotal);
  const parts = [
    count(inquiries, "inquiry", "inquiries"),
    count(contact, "contact message"),
    ...(emails ? [count(emails, "e-mail")] : []),
    ...(chats ? [count(chats, "WhatsApp conversation")] : []),
  ];
  const kinds = `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return (
    `${count(total, "message")} in ${count(weeks.length, "week")}: ${kinds}.` +
    (busiest
      ? ` The busiest was the week of ${formatShortDate(busiest.week)}, with ${count(weekTotal(busiest), "message")}.`
      : "")
  );
}

export function courseInterestSummary(courses: CourseInterest[]): string {
  const views = courses.reduce((sum, course) => sum + course.views, 0);
  const inquiries = courses.reduce((sum, course) => sum + course.inquiries, 0);
  if (views === 0 && inquiries === 0) return "No course page views or course inquiries yet.";
  const mostViewed = largest(courses, (course) => course.views);
  const bestRate = largest(courses, (course) => course.inquiriesPer100Views ?? 0);
  const parts = [
    `${count(views, "course page view")} and ${count(inquiries, "course inquiry", "course inquiries")}.`,
  ];
  if (mostViewed)
    parts.push(`Most viewed: ${mostViewed.title} (${count(mostViewed.views, "view")}).`);
  if (bestRate?.inquiriesPer100Views) {
    parts.push(
      `Most inquiries per 100 views: ${bestRate.title} (${formatFigure(bestRate.inquiriesPer100Views)}).`,
    );
  }
  return parts.join(" ");
}

/** A course's bar in 'Course interest': its clicks, inquiries and rate, as the table gives them. */
export function courseBarNote(course: CourseInterest): string {
  const rate =
    course.inquiriesPer100Views === null ? "—" : formatFigure(course.inquiriesPer100Views);
  return `${count(course.whatsappClicks, "WhatsApp click")} · ${count(course.inquiries, "inquiry", "inquiries")} · ${rate} per 100 views`;
}

export function tallySummary(tallies: Tally[], what: string): string {
  const total = tallies.reduce((sum, tally) => sum + tally.count, 0);
  const [first] = tallies;
  if (!first) return `No inquiries in this period, so no ${what}.`;
  return `${count(total, "inquiry", "inquiries")}. Most often: ${first.label}, ${percent(first.count, total)}.`;
}

export function replyTimesSummary(weeks: WeekReplyTimes[]): string {
  const judged = weeks.reduce((sum, week) => sum + week.judged, 0);
  const inTime = weeks.reduce((sum, week) => sum + week.answeredInTime, 0);
  if (judged === 0) return "No messages to judge yet: none has a reply or has waited 24 hours.";
  const late = weeks.filter(
    (week) => week.p90Minutes !== null && week.p90Minutes > REPLY_PROMISE_HOURS * 60,
  );
  const medians = weeks.flatMap((week) =>
    week.medianMinutes === null ? [] : [week.medianMinutes],
  );
  const parts = [
    `${percent(inTime, judged)} of ${count(judged, "message")} answered within ${REPLY_PROMISE_HOURS} h.`,
  ];
  if (medians.length) {
    const [fastest, slowest] = [hours(Math.min(...medians)), hours(Math.max(...medians))];
    parts.push(
      fastest === slowest
        ? `Weekly median time to reply: ${fastest}.`
        : `Weekly median time to reply from ${fastest} to ${slowest}.`,
    );
  }
  if (late.length)
    parts.push(
      `In ${count(late.length, "week")} the slowest tenth of replies took over ${REPLY_PROMISE_HOURS} h.`,
    );
  // Late replies and messages still waiting: what the share chart shows, never replies alone.
  if (judged > inTime)
    parts.push(
      `${count(judged - inTime, "message")} had no reply within ${REPLY_PROMISE_HOURS} h.`,
    );
  return parts.join(" ");
}

export function busiestSummary(grid: number[][]): string {
  const cells = grid.flatMap((hoursOfDay, weekday) =>
    hoursOfDay.map((messages, hour) => ({ weekday, hour, messages })),
  );
  const busiest = largest(cells, (cell) => cell.messages);
  if (!busiest) return "No messages in this period.";
  const days = grid.map((hoursOfDay, weekday) => ({
    weekday,
    messages: hoursOfDay.reduce((sum, value) => sum + value, 0),
  }));
  const busiestDay = largest(days, (day) => day.messages);
  return `Busiest hour: ${weekdayNames[busiest.weekday]} ${hourLabel(busiest.hour)}, with ${count(busiest.messages, "message")}. Busiest day: ${weekdayNames[busiestDay?.weekday ?? 0]}.`;
}

/**
 * The admissions funnel in one sentence: each step and its rate, as `funnelTotals` defines it
 * ('0.4 per 100 page views', '75% of offers'); none where there is nothing to measure against.
 */
export function admissionsSummary(steps: FunnelStep[]): string {
  if (steps.every((step) => step.value === 0)) return "No course interest or applications yet.";
  return steps
    .map((step) => {
      const share = step.rate ? sharePercent(step.value, step.rate.base) : null;
      const rateText =
        share === null || !step.rate
          ? ""
          : step.rate.kind === "share"
            ? ` (${formatFigure(share)}% of ${step.rate.of})`
            : ` (${formatFigure(share)} per 100 ${step.rate.of})`;
      return `${step.label}: ${formatFigure(step.value)}${rateText}`;
    })
    .join("; ")
    .concat(".");
}

/** 'Nov 2026': a report month (`YYYY-MM`, Lagos) as people read it. */
export const monthLabel = (month: string) => formatMonthYear(`${month}-01`);

export function revenueSummary(revenue: Revenue): string {
  const total = revenue.perMonth.reduce((sum, value) => sum + value, 0);
  if (total === 0) return "No payments received in this period.";
  const months = revenue.months.map((month, index) => ({
    month,
    value: revenue.perMonth[index] ?? 0,
  }));
  const best = largest(months, (item) => item.value);
  const top = largest(revenue.intakes, (intake) => intake.total);
  return [
    `${formatNaira(total)} received, net of refunds, in ${count(revenue.months.length, "month")}.`,
    best ? `The most in ${monthLabel(best.month)}: ${formatNaira(best.value)}.` : "",
    top ? `Most from ${top.title} · ${top.label}: ${formatNaira(top.total)}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export function balancesSummary(balances: IntakeBalance[]): string {
  const sum = (key: "scheduled" | "outstanding" | "overdue") =>
    balances.reduce((total, intake) => total + intake[key], 0);
  if (sum("scheduled") === 0) return "No one has chosen how to pay yet.";
  return `${formatNaira(sum("outstanding"))} still to pay of ${formatNaira(sum("scheduled"))} scheduled, ${formatNaira(sum("overdue"))} of it overdue.`;
}

/** The discounts chart's text: what was taken off in all, and how. */
export function discountsSummary(discounts: IntakeDiscounts[]): string {
  const sum = (
    key:
      | "before"
      | "after"
      | "seatsBelowPrice"
      | "codes"
      | "scholarships"
      | "payInFull"
      | "scholarshipCount",
  ) => discounts.reduce((total, intake) => total + intake[key], 0);
  if (sum("before") === sum("after")) return "Nothing has been taken off any price yet.";
  const bySponsors = sum("seatsBelowPrice")
    ? `${formatNaira(sum("seatsBelowPrice"))} by seats sold to sponsors below the price, `
    : "";
  return `${formatNaira(sum("before") - sum("after"))} taken off ${formatNaira(sum("before"))} of prices: ${bySponsors}${formatNaira(sum("codes"))} by discount codes, ${formatNaira(sum("scholarships"))} by ${count(sum("scholarshipCount"), "scholarship")}, ${formatNaira(sum("payInFull"))} for paying in full.`;
}
