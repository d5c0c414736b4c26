import { beforeEach, describe, expect, it } from "vitest";
import { coursePageViews, courses, whatsappClicks } from "~/db/schema";
import { seedDemoInterest } from "~/features/demo/seed-interest.server";
import { parseReportPeriod } from "~/features/reports/report-period";
import { courseInterest, inquiryCounts } from "~/features/reports/reports.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeEach(async () => {
  const { db } = database();
  await db.delete(coursePageViews);
  await db.delete(whatsappClicks);
  await db.delete(courses);
  await db.insert(courses).values([
    { slug: "ui-ux", title: "UI/UX Design Fundamentals", description: "Design" },
    { slug: "python", title: "Python for Data Science", description: "Data" },
    { slug: "hidden", title: "Retired Course", description: "Old", isActive: false },
  ]);
});

describe("the demo's course interest", () => {
  it("gives every active course twelve weeks of daily views and some WhatsApp clicks, once", async () => {
    const lines: string[] = [];
    await seedDemoInterest(database().db, { log: (line) => lines.push(line) });
    const views = await database().db.select().from(coursePageViews);
    expect(views).toHaveLength(2 * 84);
    expect(new Set(views.map((row) => row.day)).size).toBe(84);
    expect(views.every((row) => row.views > 0)).toBe(true);
    expect(
      views
        .map((row) => row.day)
        .sort()
        .at(-1),
    ).toBe(lagosToday());
    expect(views.map((row) => row.day).sort()[0]).toBe(addDays(lagosToday(), -83));
    expect(lines).toEqual(["Added 84 days of demo course page views and WhatsApp clicks."]);

    const clicks = await database().db.select().from(whatsappClicks);
    expect(clicks.length).toBeGreaterThan(0);

    // A second start adds nothing.
    await seedDemoInterest(database().db, {});
    expect(await database().db.select().from(coursePageViews)).toHaveLength(2 * 84);

    // The report shows them; the inactive course drew nothing and is left out.
    const period = parseReportPeriod(new URLSearchParams({ period: "12w" }), lagosToday()).period;
    const rows = await courseInterest(period, (await inquiryCounts(period)).byCourse);
    expect(rows.map((row) => row.title).sort()).toEqual([
      "Python for Data Science",
      "UI/UX Design Fundamentals",
    ]);
    expect(rows.every((row) => row.views > 0)).toBe(true);
  });
});
