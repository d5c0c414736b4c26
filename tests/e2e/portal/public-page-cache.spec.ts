import type { Browser, Page } from "@playwright/test";
import { buildDemoCourses } from "~/features/demo/demo-courses";
import {
  expect,
  openItemModal,
  openPortal,
  PORTAL,
  submitModal,
  test,
  textbox,
  uid,
} from "./portal-fixtures";

/**
 * The public page cache (server/public-page-cache.server.ts) seen from the portal: a staff
 * member's change of a course reaches visitors at once, and course pages answered from the cache
 * still count their views. Each test works on a demo course that no other spec names, so neither
 * its title change nor its views can shift another test's figures.
 */

const demoCourse = (slug: string) => {
  const found = buildDemoCourses(new Date()).find((item) => item.slug === slug);
  if (!found) throw new Error(`The demo content lost ${slug}`);
  return found;
};

const COURSES = `${PORTAL}/courses`;
const REPORTS = `${PORTAL}/reports`;

/** Runs `visit` in a new browser context: a visitor with no cookies. */
async function asFreshVisitor<T>(browser: Browser, visit: (page: Page) => Promise<T>) {
  const context = await browser.newContext();
  try {
    expect(await context.cookies()).toEqual([]);
    return await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

async function expectPublicTitle(page: Page, slug: string, title: string, oldTitle: string) {
  await page.goto("/courses");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(main.getByText(oldTitle, { exact: true })).toHaveCount(0);
  await page.goto(`/course/${slug}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Lagos Tech Academy`);
}

/** Renames the course through its Edit dialog in the portal. */
async function rename(page: Page, slug: string, from: string, to: string) {
  await openPortal(page, COURSES);
  const edit = await openItemModal(
    page.locator(`[data-course-slug="${slug}"]`),
    `Edit ${from}`,
    "Edit Course",
  );
  await expect(textbox(edit, "Course title")).toHaveValue(from);
  await textbox(edit, "Course title").fill(to);
  await submitModal(edit, "Save Changes", "Course updated successfully!");
  await expect(page.locator(`[data-course-slug="${slug}"]`)).toContainText(to);
}

test("a course renamed in the portal shows with its new title to the next visitor at once", async ({
  page,
  browser,
  superAdmin,
}) => {
  void superAdmin;
  test.setTimeout(60_000);
  const course = demoCourse("data-engineering-cloud");
  const newTitle = `${course.title} ${uid()}`;

  // Visitors have had both pages, so the cache holds them with the old title.
  for (let visit = 0; visit < 2; visit++) {
    await asFreshVisitor(browser, (visitor) =>
      expectPublicTitle(visitor, course.slug, course.title, newTitle),
    );
  }

  await rename(page, course.slug, course.title, newTitle);
  try {
    await asFreshVisitor(browser, (visitor) =>
      expectPublicTitle(visitor, course.slug, newTitle, course.title),
    );
  } finally {
    await rename(page, course.slug, newTitle, course.title);
  }
  await asFreshVisitor(browser, (visitor) =>
    expectPublicTitle(visitor, course.slug, course.title, newTitle),
  );
});

test("a course page viewed twice counts two views, the second answered from the cache", async ({
  page,
  browser,
  superAdmin,
}) => {
  void superAdmin;
  test.setTimeout(60_000);
  const course = demoCourse("machine-learning-in-practice");

  /** The course's page views in the Reports page's course interest table (last 4 weeks). */
  async function reportedViews() {
    await openPortal(page, REPORTS);
    const hidden = { includeHidden: true };
    const row = page
      .getByRole("figure", { name: "Course interest", exact: true })
      .getByRole("row", hidden)
      .filter({ has: page.getByRole("rowheader", { name: course.title, exact: true, ...hidden }) });
    const [views] = await row.getByRole("cell", hidden).allTextContents();
    return Number((views ?? "").replace(/,/g, ""));
  }

  const before = await reportedViews();
  expect(before).toBeGreaterThanOrEqual(0);
  await asFreshVisitor(browser, async (visitor) => {
    for (let visit = 0; visit < 2; visit++) {
      const response = await visitor.goto(`/course/${course.slug}`);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByRole("heading", { name: course.title, level: 1 })).toBeVisible();
    }
  });
  await expect.poll(reportedViews, { timeout: 5_000 }).toBe(before + 2);
});
