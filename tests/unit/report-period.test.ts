import { describe, expect, it } from "vitest";
import {
  parseReportPeriod,
  reportPeriodSearch,
  weeksBetween,
} from "~/features/reports/report-period";

// Monday 23 November 2026 is the start of "this week"; today is Wednesday 25 November.
const today = "2026-11-25";
const parse = (params: Record<string, string>) =>
  parseReportPeriod(new URLSearchParams(params), today);

describe("report periods", () => {
  it("last 4 weeks: this week and the three before, from a Monday to today", () => {
    const { period, error } = parse({ period: "4w" });
    expect(error).toBeNull();
    expect(period).toEqual({
      choice: "4w",
      from: "2026-11-02",
      to: today,
      weeks: ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"],
    });
  });

  it("last 12 weeks and last 12 months (52 weeks)", () => {
    expect(parse({ period: "12w" }).period.weeks).toHaveLength(12);
    const year = parse({ period: "12m" }).period;
    expect(year.weeks).toHaveLength(52);
    expect(year.from).toBe("2025-12-01");
  });

  it("defaults to the last 4 weeks, also for an unknown period", () => {
    expect(parse({}).period.choice).toBe("4w");
    expect(parse({ period: "forever" }).period.choice).toBe("4w");
  });

  it("a custom period: the weeks it touches, partial ones included; an end after today ends today", () => {
    const { period, error } = parse({ period: "custom", from: "2026-10-07", to: "2026-12-31" });
    expect(error).toBeNull();
    expect(period.from).toBe("2026-10-07");
    expect(period.to).toBe(today);
    expect(period.weeks[0]).toBe("2026-10-05");
    expect(period.weeks.at(-1)).toBe("2026-11-23");
    // A year's turn: Monday 29 December 2025 starts the week of 1 January 2026.
    expect(weeksBetween("2026-01-01", "2026-01-05")).toEqual(["2025-12-29", "2026-01-05"]);
  });

  it.each([
    [{ from: "", to: "2026-11-01" }, "Enter both dates of the period, as day, month and year."],
    [
      { from: "2026-02-30", to: "2026-03-01" },
      "Enter both dates of the period, as day, month and year.",
    ],
    [
      { from: "yesterday", to: "2026-03-01" },
      "Enter both dates of the period, as day, month and year.",
    ],
    [{ from: "2026-11-10", to: "2026-11-01" }, "The start date must be on or before the end date."],
    [{ from: "2026-12-01", to: "2026-12-05" }, "The start date cannot be in the future."],
    [{ from: "1999-12-31", to: "2000-01-05" }, "The start date must be in the year 2000 or later."],
    [{ from: "2020-01-01", to: "2026-11-01" }, "Choose a period of at most 3 years."],
  ])("refuses %j with a clear message and shows the default period", (dates, message) => {
    const { period, error, input } = parse({ period: "custom", ...dates });
    expect(error).toBe(message);
    expect(period.choice).toBe("4w");
    expect(input).toEqual(dates);
  });

  it("keeps only a date's worth of what was typed", () => {
    const { input } = parse({ period: "custom", from: "2026-01-01".repeat(100), to: "x" });
    expect(input.from).toBe("2026-01-01");
  });

  it("writes a period back as a search string", () => {
    expect(reportPeriodSearch(parse({ period: "12w" }).period)).toBe("?period=12w");
    const custom = parse({ period: "custom", from: "2026-10-01", to: "2026-10-31" }).period;
    expect(reportPeriodSearch(custom)).toBe("?period=custom&from=2026-10-01&to=2026-10-31");
  });
});
