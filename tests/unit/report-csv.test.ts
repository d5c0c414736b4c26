import { describe, expect, it } from "vitest";
import { REPORT_CSV_HEADER, reportCsv, reportCsvRows } from "~/features/reports/report-csv";
import { monthLabel } from "~/features/reports/report-summaries";
import type { Report } from "~/features/reports/reports.server";

const emptyGrid = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

function report(): Report {
  const busiest = emptyGrid();
  (busiest[6] as number[])[23] = 4; // Sunday, 23:00-00:00 Lagos time
  return {
    messagesPerWeek: [
      { week: "2026-10-05", contact: 1, inquiry: 2, email: 3, whatsapp: 0 },
      { week: "2026-10-12", contact: 0, inquiry: 0, email: 0, whatsapp: 0 },
    ],
    courses: [
      {
        id: "a",
        title: '=HYPERLINK("http://evil.example","Data")',
        active: true,
        views: 15,
        whatsappClicks: 3,
        inquiries: 2,
        inquiriesPer100Views: 200 / 15,
      },
      {
        id: "b",
        title: "Retired Course",
        active: false,
        views: 0,
        whatsappClicks: 0,
        inquiries: 0,
        inquiriesPer100Views: null,
      },
    ],
    inquiryMix: {
      inquiryTypes: [{ label: "+2348031234567 call me", count: 1 }],
      contactMethods: [{ label: "Email", count: 3 }],
    },
    replyTimes: [
      {
        week: "2026-10-05",
        replied: 2,
        answeredInTime: 2,
        judged: 3,
        medianMinutes: 180,
        p90Minutes: 228,
      },
      {
        week: "2026-10-12",
        replied: 0,
        answeredInTime: 0,
        judged: 0,
        medianMinutes: null,
        p90Minutes: null,
      },
    ],
    busiestTimes: busiest,
    admissions: {
      courses: [
        {
          id: "a",
          title: "Data Science",
          active: true,
          views: 15,
          inquiries: 2,
          applications: 5,
          offers: 3,
          accepted: 2,
          enrolled: 1,
          intakes: [
            {
              intakeId: "i",
              label: "January 2027",
              startsOn: "2027-01-11",
              applications: 5,
              offers: 3,
              accepted: 2,
              enrolled: 1,
            },
          ],
        },
      ],
      totals: [],
    },
    revenue: {
      months: ["2026-10"],
      intakes: [
        {
          intakeId: "i",
          title: "Data Science",
          label: "January 2027",
          perMonth: [250_000_50],
          total: 250_000_50,
        },
      ],
      perMonth: [250_000_50],
    },
    balances: [
      {
        intakeId: "i",
        title: "Data Science",
        label: "January 2027",
        scheduled: 500_000_00,
        paid: 250_000_00,
        refunded: 0,
        outstanding: 250_000_00,
        overdue: 0,
      },
    ],
    discounts: [
      {
        intakeId: "i",
        title: "Data Science",
        label: "January 2027",
        before: 500_000_00,
        seatsBelowPrice: 50_000_00,
        codes: 25_000_00,
        scholarships: 100_000_00,
        scholarshipCount: 1,
        payInFull: 0,
        after: 325_000_00,
      },
    ],
  };
}

describe("the report as CSV", () => {
  it("writes one figure per row, weeks and hours in Lagos time", () => {
    const rows = reportCsvRows(report());
    expect(rows).toContainEqual(["Messages per week", "Week of 2026-10-05", "Inquiries", 2]);
    expect(rows).toContainEqual(["Messages per week", "Week of 2026-10-05", "E-mails", 3]);
    expect(rows).toContainEqual(["Messages per week", "Week of 2026-10-12", "Contact messages", 0]);
    expect(rows).toContainEqual(["Course interest", "Retired Course (inactive)", "Page views", 0]);
    expect(rows).toContainEqual([
      "Course interest",
      "Retired Course (inactive)",
      "Inquiries per 100 views",
      null,
    ]);
    expect(rows).toContainEqual(["Preferred contact method", "Email", "Inquiries", 3]);
    expect(rows).toContainEqual([
      "Revenue",
      "Data Science · January 2027",
      `${monthLabel("2026-10")} (NGN)`,
      "250000.50",
    ]);
    expect(rows).toContainEqual([
      "Outstanding balances",
      "Data Science · January 2027",
      "Overdue (NGN)",
      "0.00",
    ]);
    expect(rows).toContainEqual([
      "Discounts and scholarships",
      "Data Science · January 2027",
      "Scholarships (NGN)",
      "100000.00",
    ]);
    expect(rows).toContainEqual([
      "Discounts and scholarships",
      "Data Science · January 2027",
      "Scholarships given",
      1,
    ]);
    expect(rows).toContainEqual([
      "Discounts and scholarships",
      "Data Science · January 2027",
      "Seats sold below price (NGN)",
      "50000.00",
    ]);
    expect(rows).toContainEqual(["Time to reply", "Week of 2026-10-05", "Median (hours)", "3.0"]);
    expect(rows).toContainEqual([
      "Time to reply",
      "Week of 2026-10-05",
      "90th percentile (hours)",
      "3.8",
    ]);
    expect(rows).toContainEqual([
      "Time to reply",
      "Week of 2026-10-05",
      "Answered within 24 h (%)",
      "66.7",
    ]);
    expect(rows).toContainEqual([
      "Time to reply",
      "Week of 2026-10-12",
      "Answered within 24 h (%)",
      null,
    ]);
    expect(rows).toContainEqual(["Busiest hours and days", "Sunday", "23:00", 4]);
    expect(rows).toContainEqual(["Admissions funnel", "Data Science", "Offers", 3]);
    expect(rows).toContainEqual([
      "Admissions funnel",
      "Data Science · January 2027",
      "Enrolled",
      1,
    ]);
    expect(rows.filter((row) => row[0] === "Busiest hours and days")).toHaveLength(7 * 24);
  });

  it("has a header and neutralises text a spreadsheet would run as a formula", () => {
    const lines = reportCsv(report()).split("\r\n");
    expect(lines[0]).toBe(REPORT_CSV_HEADER.map((cell) => `"${cell}"`).join(","));
    expect(lines).toContain(
      `"Course interest","'=HYPERLINK(""http://evil.example"",""Data"")","Page views","15"`,
    );
    expect(lines).toContain(`"Inquiry types","'+2348031234567 call me","Inquiries","1"`);
    expect(lines).toContain(
      `"Course interest","Retired Course (inactive)","Inquiries per 100 views",`,
    );
  });
});
