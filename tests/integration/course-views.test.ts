import { beforeEach, describe, expect, it } from "vitest";
import { coursePageViews, courses } from "~/db/schema";
import {
  countCourseView,
  countsAsView,
  recordCourseView,
} from "~/features/site/course-views.server";
import { lagosToday } from "~/lib/format/dates";
import { loader as courseLoader } from "~/routes/site/course";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const phone = "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 Chrome/140 Mobile";
const userAgents = {
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  whatsappPreview: "WhatsApp/2.24.6.77 A",
  facebookPreview: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  curl: "curl/8.5.0",
};

const pageRequest = (headers: Record<string, string> = { "user-agent": phone }, method = "GET") =>
  new Request("http://academy.test/course/ui-ux-design", { method, headers });

async function viewsOf(courseId: string) {
  const rows = await database().db.select().from(coursePageViews);
  return rows.filter((row) => row.courseId === courseId).reduce((sum, row) => sum + row.views, 0);
}

let designId = "";

beforeEach(async () => {
  const { db } = database();
  await db.delete(coursePageViews);
  await db.delete(courses);
  const [row] = await db
    .insert(courses)
    .values([
      { slug: "ui-ux-design", title: "UI/UX Design", description: "About design" },
      { slug: "motion-design", title: "Motion Design", description: "Paused", isActive: false },
    ])
    .returning({ id: courses.id });
  designId = row?.id ?? "";
});

describe("which requests are a person viewing a course page", () => {
  it("counts a browser's GET", () => {
    expect(countsAsView(pageRequest())).toBe(true);
  });

  it.each(Object.entries(userAgents))("ignores %s", (_name, userAgent) => {
    expect(countsAsView(pageRequest({ "user-agent": userAgent }))).toBe(false);
  });

  it("ignores a request without a user agent, a prefetch and a form post", () => {
    expect(countsAsView(pageRequest({}))).toBe(false);
    expect(countsAsView(pageRequest({ "user-agent": phone, "sec-purpose": "prefetch" }))).toBe(
      false,
    );
    expect(countsAsView(pageRequest({ "user-agent": phone, purpose: "prefetch" }))).toBe(false);
    expect(countsAsView(pageRequest({ "user-agent": phone }, "POST"))).toBe(false);
  });
});

describe("the course page counts its views", () => {
  it("adds one per person's view to one row for the course and day; bots add nothing", async () => {
    const load = (headers?: Record<string, string>) =>
      courseLoader(routeArgs(pageRequest(headers), { slug: "ui-ux-design" }));
    await load();
    await load();
    for (const userAgent of Object.values(userAgents)) await load({ "user-agent": userAgent });

    const rows = await database().db.select().from(coursePageViews);
    expect(rows).toEqual([{ day: lagosToday(), courseId: designId, views: 2 }]);
  });

  it("stores nothing about the visitor: the table has only the day, the course and a count", async () => {
    await recordCourseView("ui-ux-design");
    const [row] = await database().db.select().from(coursePageViews);
    expect(Object.keys(row ?? {}).sort()).toEqual(["courseId", "day", "views"]);
  });

  it("loses no view when many arrive at once", async () => {
    await Promise.all(Array.from({ length: 25 }, () => recordCourseView("ui-ux-design")));
    expect(await viewsOf(designId)).toBe(25);
  });

  it("counts on the Lagos calendar: 23:30 UTC is already the next day in Lagos", async () => {
    await recordCourseView("ui-ux-design", new Date("2026-11-22T22:30:00Z"));
    await recordCourseView("ui-ux-design", new Date("2026-11-22T23:30:00Z"));
    const rows = await database().db.select().from(coursePageViews);
    expect(rows.map((row) => [row.day, row.views]).sort()).toEqual([
      ["2026-11-22", 1],
      ["2026-11-23", 1],
    ]);
  });
});

describe("a request answered without the course page's loader (the public page cache)", () => {
  const visit = (path: string, headers: Record<string, string> = { "user-agent": phone }) =>
    countCourseView(new Request(`http://academy.test${path}`, { headers }));

  async function totalViews() {
    const rows = await database().db.select().from(coursePageViews);
    return rows.reduce((sum, row) => sum + row.views, 0);
  }

  it("counts a person's GET of a course page, with or without a query string", async () => {
    await visit("/course/ui-ux-design");
    await visit("/course/ui-ux-design?ref=whatsapp");
    const rows = await database().db.select().from(coursePageViews);
    expect(rows).toEqual([{ day: lagosToday(), courseId: designId, views: 2 }]);
  });

  it("counts nothing for another page, an inactive or unknown course, or a bot", async () => {
    await visit("/courses");
    await visit("/courses?q=ui-ux-design");
    await visit("/course/ui-ux-design/extra");
    await visit("/course/motion-design");
    await visit("/course/no-such-course");
    await visit("/course/ui-ux-design", { "user-agent": userAgents.whatsappPreview });
    await visit("/course/ui-ux-design", { "user-agent": phone, "sec-purpose": "prefetch" });
    expect(await totalViews()).toBe(0);
  });
});
