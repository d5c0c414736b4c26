import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  coursePageViews,
  courses,
  inboundEmails,
  inquiryDailyCounts,
  messageHourlyCounts,
  messages,
  whatsappClicks,
} from "~/db/schema";
import { parseReportPeriod } from "~/features/reports/report-period";
import {
  courseInterest,
  inquiryCounts,
  loadReport,
  messageCounts,
  messagesPerDay,
  replyTimesPerWeek,
} from "~/features/reports/reports.server";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

// A hand-made October 2026, its answers worked out by hand. Lagos is UTC+1: the times below
// are UTC, with the Lagos time in the comment. Weeks run Monday to Sunday, Lagos time:
//   week of 5 Oct (W1), week of 12 Oct (W2, empty), week of 19 Oct (W3).
const period = parseReportPeriod(
  new URLSearchParams({ period: "custom", from: "2026-10-05", to: "2026-10-25" }),
  "2026-11-23",
).period;

const MINUTE = 60_000;
type Seed = {
  at: string;
  form: "contact" | "inquiry";
  type?: string;
  contact?: string;
  course?: string;
  repliedAfterMinutes?: number;
  status?: "unread" | "read" | "replied" | "archived";
};

const seeds: Record<string, Seed> = {
  // Sunday 11 Oct, 23:30 Lagos: the last half hour of W1. Answered in 2 h.
  sundayNight: {
    at: "2026-10-11T22:30:00Z",
    form: "inquiry",
    type: "I'm interested in a course",
    contact: "Email",
    course: "UI/UX Design",
    repliedAfterMinutes: 120,
  },
  // Monday 19 Oct, 00:30 Lagos (still Sunday in UTC): W3, not W2. Answered in 30 h: late.
  mondayAfterMidnight: {
    at: "2026-10-18T23:30:00Z",
    form: "inquiry",
    type: "I want to know about pricing",
    contact: "Phone / WhatsApp",
    course: "UI/UX Design",
    repliedAfterMinutes: 1800,
  },
  // Wednesday 7 Oct, 10:15 Lagos: never answered, so judged and late.
  unanswered: { at: "2026-10-07T09:15:00Z", form: "contact", status: "unread" },
  // Tuesday 20 Oct, 14:00 Lagos: archived without a reply, so not judged.
  archived: { at: "2026-10-20T13:00:00Z", form: "contact", status: "archived" },
  // Tuesday 20 Oct, 14:40 Lagos: answered in 10 h.
  python: {
    at: "2026-10-20T13:40:00Z",
    form: "inquiry",
    type: "I'm interested in a course",
    contact: "Email",
    course: "Python for Data Science",
    repliedAfterMinutes: 600,
  },
  // Monday 5 Oct, 09:00 Lagos, the first day of the period. Answered in 4 h.
  general: {
    at: "2026-10-05T08:00:00Z",
    form: "inquiry",
    type: "General questions",
    contact: "Email",
    repliedAfterMinutes: 240,
  },
  // Sunday 4 Oct, 23:59 Lagos: the day before the period.
  before: { at: "2026-10-04T22:59:00Z", form: "inquiry", type: "Other", contact: "Email" },
  // Monday 26 Oct, 00:00 Lagos: the day after.
  after: { at: "2026-10-25T23:00:00Z", form: "contact", status: "read" },
};

async function insertMessage(name: string, seed: Seed) {
  const createdAt = new Date(seed.at);
  const repliedAt =
    seed.repliedAfterMinutes === undefined
      ? null
      : new Date(createdAt.getTime() + seed.repliedAfterMinutes * MINUTE);
  const [row] = await database()
    .db.insert(messages)
    .values({
      formType: seed.form,
      fullName: name,
      email: `${name}@example.com`,
      message: "Hello",
      inquiryType: seed.type ?? null,
      contactMethod: seed.contact ?? null,
      courseInterest: seed.course ?? null,
      status: seed.status ?? (repliedAt ? "replied" : "unread"),
      createdAt,
      repliedAt,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error("Message not inserted");
  return row.id;
}

async function addCourse(slug: string, title: string, isActive = true) {
  const [row] = await database()
    .db.insert(courses)
    .values({ slug, title, description: `About ${title}`, isActive })
    .returning({ id: courses.id });
  if (!row) throw new Error("Course not inserted");
  return row.id;
}

let ids: Record<string, string> = {};
let course: Record<"design" | "python" | "retired" | "forgotten", string>;

beforeEach(async () => {
  const { db } = database();
  await db.delete(messages);
  await db.delete(whatsappClicks);
  await db.delete(coursePageViews);
  await db.delete(courses);
  // The trigger leaves rows at zero behind; each test starts without them.
  await db.delete(messageHourlyCounts);
  await db.delete(inquiryDailyCounts);
  ids = {};
  for (const [name, seed] of Object.entries(seeds)) ids[name] = await insertMessage(name, seed);
  course = {
    design: await addCourse("ui-ux-design", "UI/UX Design"),
    python: await addCourse("python", "Python for Data Science"),
    retired: await addCourse("retired", "Retired Course", false),
    forgotten: await addCourse("forgotten", "Forgotten Course", false),
  };
  await db.insert(coursePageViews).values([
    { day: "2026-10-06", courseId: course.design, views: 10 },
    { day: "2026-10-20", courseId: course.design, views: 5 },
    { day: "2026-10-26", courseId: course.design, views: 7 },
    { day: "2026-10-04", courseId: course.python, views: 9 },
    { day: "2026-10-25", courseId: course.retired, views: 2 },
  ]);
  await db.insert(whatsappClicks).values([
    { day: "2026-10-10", courseId: course.design, clicks: 3 },
    { day: "2026-10-21", courseId: course.python, clicks: 1 },
    { day: "2026-10-21", courseId: null, clicks: 4 },
    { day: "2026-10-26", courseId: course.python, clicks: 6 },
  ]);
});

describe("messages per week", () => {
  it("counts the conversations started by e-mail beside the forms", async () => {
    const [email] = await database()
      .db.insert(messages)
      .values({
        formType: "email",
        fullName: "Mail Sender",
        email: "mail.sender@example.com",
        subject: "Weekend classes?",
        createdAt: new Date("2026-10-13T10:00:00Z"),
      })
      .returning();
    try {
      expect((await messageCounts(period)).perWeek[1]).toEqual({
        week: "2026-10-12",
        contact: 0,
        inquiry: 0,
        email: 1,
        whatsapp: 0,
      });
    } finally {
      await database()
        .db.delete(messages)
        .where(eq(messages.id, email?.id ?? ""));
    }
  });

  it("counts by Lagos week and form, with the empty week at zero", async () => {
    expect((await messageCounts(period)).perWeek).toEqual([
      { week: "2026-10-05", contact: 1, inquiry: 2, email: 0, whatsapp: 0 },
      { week: "2026-10-12", contact: 0, inquiry: 0, email: 0, whatsapp: 0 },
      { week: "2026-10-19", contact: 1, inquiry: 2, email: 0, whatsapp: 0 },
    ]);
  });

  it("follows a deleted message and a changed arrival time (the counts are kept by a trigger)", async () => {
    const { db } = database();
    await db.delete(messages).where(eq(messages.id, ids.unanswered as string));
    // Moved from W3 (Tuesday 20 Oct) to W2 (Wednesday 14 Oct, 12:00 Lagos).
    await db
      .update(messages)
      .set({ createdAt: new Date("2026-10-14T11:00:00Z") })
      .where(eq(messages.id, ids.archived as string));
    expect((await messageCounts(period)).perWeek).toEqual([
      { week: "2026-10-05", contact: 0, inquiry: 2, email: 0, whatsapp: 0 },
      { week: "2026-10-12", contact: 1, inquiry: 0, email: 0, whatsapp: 0 },
      { week: "2026-10-19", contact: 0, inquiry: 2, email: 0, whatsapp: 0 },
    ]);
  });
});

describe("busiest hours and days", () => {
  it("places each message in its Lagos weekday and hour", async () => {
    const grid = (await messageCounts(period)).busiest;
    const cells = grid.flatMap((hours, weekday) =>
      hours.flatMap((count, hour) => (count ? [{ weekday, hour, count }] : [])),
    );
    // Rows: Monday (0) to Sunday (6).
    expect(cells).toEqual([
      { weekday: 0, hour: 0, count: 1 }, // Monday 19 Oct, 00:30
      { weekday: 0, hour: 9, count: 1 }, // Monday 5 Oct, 09:00
      { weekday: 1, hour: 14, count: 2 }, // Tuesday 20 Oct, 14:00 and 14:40
      { weekday: 2, hour: 10, count: 1 }, // Wednesday 7 Oct, 10:15
      { weekday: 6, hour: 23, count: 1 }, // Sunday 11 Oct, 23:30
    ]);
  });
});

describe("inquiry types and contact methods", () => {
  it("counts the period's inquiries, most first, and by the course they name", async () => {
    const { byCourse, ...mix } = await inquiryCounts(period);
    expect(Object.fromEntries(byCourse)).toEqual({
      "UI/UX Design": 2,
      "Python for Data Science": 1,
    });
    expect(mix).toEqual({
      inquiryTypes: [
        { label: "I'm interested in a course", count: 2 },
        { label: "General questions", count: 1 },
        { label: "I want to know about pricing", count: 1 },
      ],
      contactMethods: [
        { label: "Email", count: 3 },
        { label: "Phone / WhatsApp", count: 1 },
      ],
    });
  });
});

describe("course interest", () => {
  it("gives views, WhatsApp clicks, inquiries and inquiries per 100 views of the period", async () => {
    const { byCourse } = await inquiryCounts(period);
    expect(await courseInterest(period, byCourse)).toEqual([
      {
        id: course.design,
        title: "UI/UX Design",
        active: true,
        views: 15,
        whatsappClicks: 3,
        inquiries: 2,
        inquiriesPer100Views: (100 * 2) / 15,
      },
      {
        id: course.python,
        title: "Python for Data Science",
        active: true,
        views: 0,
        whatsappClicks: 1,
        inquiries: 1,
        inquiriesPer100Views: null,
      },
      // Inactive, but viewed in the period; the other inactive course drew nothing and is left out.
      {
        id: course.retired,
        title: "Retired Course",
        active: false,
        views: 2,
        whatsappClicks: 0,
        inquiries: 0,
        inquiriesPer100Views: 0,
      },
    ]);
  });
});

describe("time to reply", () => {
  it("gives each week's median, 90th percentile and share answered within 24 h", async () => {
    expect(await replyTimesPerWeek(period)).toEqual([
      // Replies after 120 and 240 min; the unanswered message is judged too.
      // 90th percentile: 120 + 0.9 × (240 − 120) = 228.
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
      // Replies after 1,800 and 600 min; the archived message is not judged.
      // 90th percentile: 600 + 0.9 × (1800 − 600) = 1680.
      {
        week: "2026-10-19",
        replied: 2,
        answeredInTime: 1,
        judged: 2,
        medianMinutes: 1200,
        p90Minutes: 1680,
      },
    ]);
  });

  it("counts the wait of a visitor's answer that reopened a conversation, in the week it came", async () => {
    const answer = (at: string, answeredAfterMinutes: number, restartedClock: boolean) => ({
      messageId: ids.general ?? "",
      rfcMessageId: `<${at}-${restartedClock}@visitor.test>`,
      kind: "visitor" as const,
      fromAddress: "general@example.com",
      newText: "One more question",
      fullText: "One more question",
      restartedClock,
      receivedAt: new Date(at),
      answeredAt: new Date(new Date(at).getTime() + answeredAfterMinutes * MINUTE),
    });
    await database()
      .db.insert(inboundEmails)
      .values([
        // Wednesday 14 Oct, 11:00 Lagos: the answer reopened the conversation, replied in 90 min.
        answer("2026-10-14T10:00:00Z", 90, true),
        // An answer while the conversation still waited: its clock had not restarted.
        answer("2026-10-15T10:00:00Z", 30, false),
      ]);
    const [, secondWeek] = await replyTimesPerWeek(period);
    expect(secondWeek).toEqual({
      week: "2026-10-12",
      replied: 1,
      answeredInTime: 1,
      judged: 1,
      medianMinutes: 90,
      p90Minutes: 90,
    });
  });

  it("does not judge a message still inside its 24 hours", async () => {
    const recent = new Date(Date.now() - 2 * 60 * MINUTE);
    await insertMessage("recent", { at: recent.toISOString(), form: "contact" });
    const today = new Date().toISOString().slice(0, 10);
    const thisWeek = parseReportPeriod(new URLSearchParams({ period: "4w" }), today).period;
    const weeks = await replyTimesPerWeek(thisWeek);
    expect(weeks.reduce((sum, week) => sum + week.judged, 0)).toBe(0);
  });
});

describe("the dashboard's last 14 days", () => {
  it("counts each Lagos day, today last, days without messages at zero", async () => {
    const days = await messagesPerDay(14, new Date("2026-10-21T12:00:00Z"));
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ day: "2026-10-08", messages: 0 });
    expect(days.filter((day) => day.messages > 0)).toEqual([
      { day: "2026-10-11", messages: 1 },
      { day: "2026-10-19", messages: 1 },
      { day: "2026-10-20", messages: 2 },
    ]);
    expect(days.at(-1)).toEqual({ day: "2026-10-21", messages: 0 });
  });
});

describe("the whole report", () => {
  it("gathers every figure of the period", async () => {
    const report = await loadReport(period);
    expect(report.messagesPerWeek.map((week) => week.contact + week.inquiry)).toEqual([3, 0, 3]);
    expect(report.courses.map((row) => row.title)).toEqual([
      "UI/UX Design",
      "Python for Data Science",
      "Retired Course",
    ]);
    expect(report.replyTimes).toHaveLength(3);
    expect(report.busiestTimes.flat().reduce((sum, count) => sum + count, 0)).toBe(6);
  });

  it("is all zeros for a period without messages", async () => {
    const empty = parseReportPeriod(
      new URLSearchParams({ period: "custom", from: "2025-01-06", to: "2025-01-12" }),
      "2026-11-23",
    ).period;
    const report = await loadReport(empty);
    expect(report.messagesPerWeek).toEqual([
      { week: "2025-01-06", contact: 0, inquiry: 0, email: 0, whatsapp: 0 },
    ]);
    expect(report.inquiryMix).toEqual({ inquiryTypes: [], contactMethods: [] });
    expect(report.busiestTimes.flat().every((count) => count === 0)).toBe(true);
    // The active courses are listed, at zero.
    expect(report.courses.map((row) => [row.title, row.views, row.inquiries])).toEqual([
      ["Python for Data Science", 0, 0],
      ["UI/UX Design", 0, 0],
    ]);
  });
});
