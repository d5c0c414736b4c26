import { beforeEach, describe, expect, it } from "vitest";
import { coursePageViews, courses } from "~/db/schema";
import { countsAsView, recordCourseView } from "~/features/site/course-views.server";
import { lagosToday } from "~/lib/format/dates";
import { loader as courseViewLoader } from "~/routes/resources/course-view";
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

describe("the course page's view counter counts its views", () => {
  const view = (slug = "ui-ux-design", headers: Record<string, string> = { "user-agent": phone }) =>
    courseViewLoader(
      routeArgs(new Request(`http://academy.test/course/${slug}/view`, { headers }), { slug }),
    );

  it("adds one per person's view to one row for the course and day, and answers a GIF no cache keeps", async () => {
    const answers = [await view(), await view()];
    for (const userAgent of Object.values(userAgents))
      await view("ui-ux-design", { "user-agent": userAgent });

    const rows = await database().db.select().from(coursePageViews);
    expect(rows).toEqual([{ day: lagosToday(), courseId: designId, views: 2 }]);
    for (const answer of answers) {
      expect(answer.headers.get("content-type")).toBe("image/gif");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const gif = Buffer.from(await answer.arrayBuffer());
      expect(gif.subarray(0, 6).toString("latin1")).toBe("GIF89a");
      expect(gif.length).toBe(Number(answer.headers.get("content-length")));
    }
  });

  it("counts nothing for an inactive or unknown course, a bot's fetch or a prefetch, and still answers", async () => {
    const answers = [
      await view("motion-design"),
      await view("no-such-course"),
      await view("ui-ux-design", { "user-agent": userAgents.whatsappPreview }),
      await view("ui-ux-design", { "user-agent": phone, "sec-purpose": "prefetch;prerender" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await viewsOf(designId)).toBe(0);
    expect(await database().db.select().from(coursePageViews)).toEqual([]);
  });

  it("is the only count: rendering the course page counts nothing, so a page a cache answers is not missed or counted twice", async () => {
    await courseLoader(routeArgs(pageRequest(), { slug: "ui-ux-design" }));
    expect(await viewsOf(designId)).toBe(0);
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
