import { beforeEach, describe, expect, it } from "vitest";
import { courses, whatsappClicks } from "~/db/schema";
import {
  recordWhatsappClick,
  startOfLagosWeek,
  whatsappClicksThisWeek,
} from "~/features/site/whatsapp-clicks.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { loader as whatsappRedirect } from "~/routes/resources/whatsapp";
import { insertIntakes } from "../support/intake-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

// Wednesday 25 November 2026, 10:00 in Lagos; that week began on Monday 23 November.
const wednesday = new Date("2026-11-25T09:00:00Z");

async function addCourse(slug: string, title: string, startDates: string[] = []) {
  const [row] = await database()
    .db.insert(courses)
    .values({ slug, title, description: `About ${title}` })
    .returning({ id: courses.id });
  if (!row) throw new Error("Course not inserted");
  await insertIntakes(row.id, startDates);
  return row.id;
}

function redirectArgs(url: string, userAgent = "Mozilla/5.0 (Linux; Android 14) Chrome/140") {
  const request = new Request(url, { headers: { "user-agent": userAgent } });
  return routeArgs(request);
}

async function redirectOf(url: string, userAgent?: string) {
  const response = (await whatsappRedirect(redirectArgs(url, userAgent))) as Response;
  return { status: response.status, location: new URL(response.headers.get("location") ?? "") };
}

beforeEach(async () => {
  await database().db.delete(whatsappClicks);
  await database().db.delete(courses);
});

describe("the week in Lagos", () => {
  it("starts on Monday, by the Lagos calendar", () => {
    expect(startOfLagosWeek(wednesday)).toBe("2026-11-23");
    // Sunday 29 November, 23:30 in Lagos, is still the same week...
    expect(startOfLagosWeek(new Date("2026-11-29T22:30:00Z"))).toBe("2026-11-23");
    // ...and 23:30 UTC that evening is already Monday 30 November in Lagos.
    expect(startOfLagosWeek(new Date("2026-11-29T23:30:00Z"))).toBe("2026-11-30");
  });
});

describe("counting clicks", () => {
  it("keeps one row per course per day and counts this week's clicks per course", async () => {
    const design = await addCourse("ui-ux-design", "UI/UX Design");
    const python = await addCourse("python", "Python for Data Science");
    for (let click = 0; click < 3; click += 1) await recordWhatsappClick(design, wednesday);
    await recordWhatsappClick(python, wednesday);
    await recordWhatsappClick(null, wednesday);
    await recordWhatsappClick(null, wednesday);
    // Last week's Sunday, and Monday of this week at 00:30 in Lagos.
    await recordWhatsappClick(python, new Date("2026-11-22T12:00:00Z"));
    await recordWhatsappClick(python, new Date("2026-11-22T23:30:00Z"));

    const rows = await database().db.select().from(whatsappClicks);
    expect(rows).toHaveLength(5);

    const week = await whatsappClicksThisWeek(wednesday);
    expect(week).toEqual({
      since: "2026-11-23",
      total: 7,
      general: 2,
      byCourse: [
        { courseId: design, title: "UI/UX Design", clicks: 3 },
        { courseId: python, title: "Python for Data Science", clicks: 2 },
      ],
    });
  });

  it("counts concurrent clicks on one course without losing any", async () => {
    const design = await addCourse("ui-ux-design", "UI/UX Design");
    await Promise.all(Array.from({ length: 20 }, () => recordWhatsappClick(design, wednesday)));
    const week = await whatsappClicksThisWeek(wednesday);
    expect(week.byCourse[0]?.clicks).toBe(20);
  });

  it("an empty week counts nothing", async () => {
    expect(await whatsappClicksThisWeek(wednesday)).toEqual({
      since: "2026-11-23",
      total: 0,
      general: 0,
      byCourse: [],
    });
  });
});

describe("/go/whatsapp", () => {
  const withNumber = (number: string | undefined) =>
    setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "", WHATSAPP_NUMBER: number }));

  it("opens WhatsApp with the course and its next session, and counts the click", async () => {
    withNumber("2348031234567");
    const id = await addCourse("ui-ux-design", "UI/UX Design", ["2020-01-06", "2099-03-02"]);
    const { status, location } = await redirectOf("http://x.test/go/whatsapp?course=ui-ux-design");
    expect(status).toBe(302);
    expect(location.origin + location.pathname).toBe("https://wa.me/2348031234567");
    expect(location.searchParams.get("text")).toBe(
      'Hello Lagos Tech Academy, I\'m interested in the course "UI/UX Design" (next session: Monday, 2 March 2099). Could you tell me more?',
    );
    const week = await whatsappClicksThisWeek();
    expect(week.byCourse).toEqual([{ courseId: id, title: "UI/UX Design", clicks: 1 }]);
  });

  it("without a course (the footer), or with an unknown one, opens a general chat", async () => {
    withNumber("2348031234567");
    for (const url of [
      "http://x.test/go/whatsapp",
      "http://x.test/go/whatsapp?course=no-such-course",
      `http://x.test/go/whatsapp?course=${"x".repeat(5000)}`,
    ]) {
      const { location } = await redirectOf(url);
      expect(location.searchParams.get("text")).toBe(
        "Hello Lagos Tech Academy, I would like to know more about your courses.",
      );
    }
    expect((await whatsappClicksThisWeek()).general).toBe(3);
  });

  it("does not count link-preview bots", async () => {
    withNumber("2348031234567");
    await addCourse("ui-ux-design", "UI/UX Design");
    const { status } = await redirectOf(
      "http://x.test/go/whatsapp?course=ui-ux-design",
      "WhatsApp/2.23.20.0",
    );
    expect(status).toBe(302);
    expect((await whatsappClicksThisWeek()).total).toBe(0);
  });

  it("answers 404 when no number is configured", async () => {
    withNumber(undefined);
    await expect(whatsappRedirect(redirectArgs("http://x.test/go/whatsapp"))).rejects.toMatchObject(
      {
        init: { status: 404 },
      },
    );
  });
});

describe("WHATSAPP_NUMBER", () => {
  it("must be digits in international form, without '+'", () => {
    expect(loadEnv({ WHATSAPP_NUMBER: "2348031234567" }).WHATSAPP_NUMBER).toBe("2348031234567");
    for (const bad of ["+2348031234567", "0803 123 4567", "08031234567x", "123"]) {
      expect(() => loadEnv({ WHATSAPP_NUMBER: bad }), bad).toThrow(/WHATSAPP_NUMBER/);
    }
  });
});
