import { describe, expect, it } from "vitest";
import { formatFigure } from "~/features/reports/report-labels";
import {
  busiestSummary,
  courseBarNote,
  courseInterestSummary,
  discountsSummary,
  messagesSummary,
  replyTimesSummary,
  tallySummary,
} from "~/features/reports/report-summaries";

const week = (weekStart: string, contact: number, inquiry: number, email = 0, whatsapp = 0) => ({
  week: weekStart,
  contact,
  inquiry,
  email,
  whatsapp,
});
const replies = (
  weekStart: string,
  judged: number,
  inTime: number,
  median: number | null,
  p90: number | null,
) => ({
  week: weekStart,
  replied: inTime,
  answeredInTime: inTime,
  judged,
  medianMinutes: median,
  p90Minutes: p90,
});

describe("the charts' text alternatives", () => {
  it("messages per week: totals and the busiest week", () => {
    expect(
      messagesSummary([
        week("2026-10-05", 1, 2),
        week("2026-10-12", 0, 0),
        week("2026-10-19", 4, 1),
      ]),
    ).toBe(
      "8 messages in 3 weeks: 3 inquiries and 5 contact messages. The busiest was the week of 19 Oct 2026, with 5 messages.",
    );
    expect(messagesSummary([week("2026-10-05", 0, 0)])).toBe("No messages in this period.");
    // Conversations started by e-mail count as messages, and are named once there are some.
    expect(messagesSummary([week("2026-10-05", 1, 0, 2), week("2026-10-12", 0, 1, 0)])).toBe(
      "4 messages in 2 weeks: 1 inquiry, 1 contact message and 2 e-mails. The busiest was the week of 5 Oct 2026, with 3 messages.",
    );
    // So do WhatsApp conversations, beside the forms and e-mail.
    expect(messagesSummary([week("2026-10-05", 1, 0, 0, 3), week("2026-10-12", 0, 1, 1, 1)])).toBe(
      "7 messages in 2 weeks: 1 inquiry, 1 contact message, 1 e-mail and 4 WhatsApp conversations. The busiest was the week of 5 Oct 2026, with 4 messages.",
    );
  });

  it("course interest: the most viewed course and the best rate", () => {
    const course = (title: string, views: number, inquiries: number) => ({
      id: title,
      title,
      active: true,
      views,
      whatsappClicks: 0,
      inquiries,
      inquiriesPer100Views: views ? (100 * inquiries) / views : null,
    });
    expect(courseInterestSummary([course("Design", 200, 4), course("Python", 50, 3)])).toBe(
      "250 course page views and 7 course inquiries. Most viewed: Design (200 views). Most inquiries per 100 views: Python (6).",
    );
    // The sentence gives the rate as the table and the bar's note do: '25', not '(25.0)'.
    const python = course("Python", 4, 1);
    expect(courseInterestSummary([python])).toContain("Python (25).");
    expect(formatFigure(python.inquiriesPer100Views ?? 0)).toBe("25");
    expect(courseBarNote({ ...python, whatsappClicks: 1 })).toBe(
      "1 WhatsApp click · 1 inquiry · 25 per 100 views",
    );
    expect(courseBarNote({ ...course("Design", 0, 2), whatsappClicks: 3 })).toBe(
      "3 WhatsApp clicks · 2 inquiries · — per 100 views",
    );
    expect(courseInterestSummary([course("Design", 0, 0)])).toBe(
      "No course page views or course inquiries yet.",
    );
  });

  it("inquiry types: the most frequent and its share", () => {
    expect(
      tallySummary(
        [
          { label: "I'm interested in a course", count: 3 },
          { label: "Other", count: 1 },
        ],
        "inquiry types",
      ),
    ).toBe("4 inquiries. Most often: I'm interested in a course, 75%.");
    expect(tallySummary([], "contact methods")).toBe(
      "No inquiries in this period, so no contact methods.",
    );
  });

  it("time to reply: the share in time, the range of medians, the slow weeks", () => {
    expect(
      replyTimesSummary([
        replies("2026-10-05", 3, 2, 180, 228),
        replies("2026-10-12", 0, 0, null, null),
        replies("2026-10-19", 2, 1, 1200, 1680),
      ]),
    ).toBe(
      "60% of 5 messages answered within 24 h. Weekly median time to reply from 3 h to 20 h. In 1 week the slowest tenth of replies took over 24 h. 2 messages had no reply within 24 h.",
    );
    expect(replyTimesSummary([replies("2026-10-05", 1, 1, 60, 60)])).toBe(
      "100% of 1 message answered within 24 h. Weekly median time to reply: 1 h.",
    );
    // Replies all came fast, but most messages waited past 24 h without one: the sentence
    // says what the share chart shows (33-50 %), not '9 in 10 replies within 24 h'.
    expect(
      replyTimesSummary([
        replies("2026-10-05", 3, 1, 1368, 1368),
        replies("2026-10-12", 2, 1, 1368, 1368),
      ]),
    ).toBe(
      "40% of 5 messages answered within 24 h. Weekly median time to reply: 22.8 h. 3 messages had no reply within 24 h.",
    );
    expect(replyTimesSummary([replies("2026-10-05", 0, 0, null, null)])).toBe(
      "No messages to judge yet: none has a reply or has waited 24 hours.",
    );
  });

  it("busiest times: the busiest hour and day", () => {
    const grid = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    (grid[1] as number[])[14] = 2;
    (grid[6] as number[])[23] = 1;
    (grid[6] as number[])[9] = 2;
    expect(busiestSummary(grid)).toBe(
      "Busiest hour: Tuesday 14:00–15:00, with 2 messages. Busiest day: Sunday.",
    );
    expect(busiestSummary(grid.map((hours) => hours.map(() => 0)))).toBe(
      "No messages in this period.",
    );
  });

  it("discounts: what was taken off in all, naming seats sold below the price only where they took something", () => {
    const intake = {
      intakeId: "i",
      title: "Data Science",
      label: "January 2027",
      before: 1_000_000_00,
      seatsBelowPrice: 0,
      codes: 25_000_00,
      scholarships: 100_000_00,
      scholarshipCount: 1,
      payInFull: 10_000_00,
      after: 865_000_00,
    };
    expect(discountsSummary([intake])).toBe(
      "₦135,000 taken off ₦1,000,000 of prices: ₦25,000 by discount codes, ₦100,000 by 1 scholarship, ₦10,000 for paying in full.",
    );
    expect(discountsSummary([{ ...intake, seatsBelowPrice: 50_000_00, after: 815_000_00 }])).toBe(
      "₦185,000 taken off ₦1,000,000 of prices: ₦50,000 by seats sold to sponsors below the price, ₦25,000 by discount codes, ₦100,000 by 1 scholarship, ₦10,000 for paying in full.",
    );
    expect(
      discountsSummary([
        { ...intake, codes: 0, scholarships: 0, payInFull: 0, after: 1_000_000_00 },
      ]),
    ).toBe("Nothing has been taken off any price yet.");
  });
});
