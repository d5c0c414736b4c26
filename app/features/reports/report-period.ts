import { z } from "zod";
import { addDays, mondayOf } from "~/lib/format/dates";

// The period a report covers: whole Lagos calendar days, counted in weeks that run Monday to
// Sunday. The preset periods end today and start on a Monday, so every week shown is whole
// except the current one.

export const reportPeriodChoices = [
  { value: "4w", label: "Last 4 weeks", weeks: 4 },
  { value: "12w", label: "Last 12 weeks", weeks: 12 },
  { value: "12m", label: "Last 12 months (52 weeks)", weeks: 52 },
  { value: "custom", label: "From … to …", weeks: null },
] as const;

export type ReportPeriodChoice = (typeof reportPeriodChoices)[number]["value"];
type PresetChoice = Exclude<ReportPeriodChoice, "custom">;

const DEFAULT_REPORT_PERIOD: PresetChoice = "4w";
/** A custom period spans at most about three years (157 weeks), so a report stays readable. */
const MAX_REPORT_DAYS = 3 * 366;

export type ReportPeriod = {
  choice: ReportPeriodChoice;
  /** First and last Lagos calendar day, inclusive, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** The Monday of every week the period touches, oldest first. */
  weeks: string[];
};

export type ParsedReportPeriod = {
  period: ReportPeriod;
  /** Why the dates asked for were not used (the default period is shown instead). */
  error: string | null;
  /** The dates as typed, to show them again. */
  input: { from: string; to: string };
};

/** A real calendar date as `YYYY-MM-DD` (not 30 February). */
const isoDate = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
});

const choiceSchema = z
  .enum(reportPeriodChoices.map((choice) => choice.value) as [ReportPeriodChoice])
  .catch(DEFAULT_REPORT_PERIOD);

export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

function presetPeriod(choice: PresetChoice, today: string): ReportPeriod {
  const weekCount = reportPeriodChoices.find((item) => item.value === choice)?.weeks ?? 4;
  const from = addDays(mondayOf(today), -7 * (weekCount - 1));
  return { choice, from, to: today, weeks: weeksBetween(from, today) };
}

function customError(from: string, to: string, today: string): string | null {
  if (!isoDate.safeParse(from).success || !isoDate.safeParse(to).success) {
    return "Enter both dates of the period, as day, month and year.";
  }
  if (from > to) return "The start date must be on or before the end date.";
  if (from > today) return "The start date cannot be in the future.";
  if (from < "2000-01-01") return "The start date must be in the year 2000 or later.";
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > MAX_REPORT_DAYS) return "Choose a period of at most 3 years.";
  return null;
}

/**
 * The period of the URL's `period` (and, for a custom one, `from` and `to`). A custom period
 * that cannot be used gives the default period and says why; one ending after today ends today.
 */
export function parseReportPeriod(params: URLSearchParams, today: string): ParsedReportPeriod {
  const choice = choiceSchema.parse(params.get("period") ?? undefined);
  const input = {
    from: (params.get("from") ?? "").slice(0, 10),
    to: (params.get("to") ?? "").slice(0, 10),
  };
  if (choice !== "custom") return { period: presetPeriod(choice, today), error: null, input };
  const error = customError(input.from, input.to, today);
  if (error) return { period: presetPeriod(DEFAULT_REPORT_PERIOD, today), error, input };
  const to = input.to > today ? today : input.to;
  return {
    period: { choice, from: input.from, to, weeks: weeksBetween(input.from, to) },
    error: null,
    input,
  };
}

/** The URL search string of a period (for links such as the CSV download). */
export function reportPeriodSearch(period: ReportPeriod): string {
  const params = new URLSearchParams({ period: period.choice });
  if (period.choice === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return `?${params}`;
}
