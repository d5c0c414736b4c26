import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { buildDemoCourses } from "~/features/demo/demo-courses";
import {
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  setDarkThemeCookie,
  submitInquiry,
  test,
  uid,
} from "./portal-fixtures";

// The Reports page and the dashboard's trend: every chart drawn on the server with its text
// alternative and table view, at desktop width; at 360 px (tagged @phone) the page with its
// table views open under axe (dark) and the charts and period form without JavaScript. The
// CSV, the trend's link and the course interest do not depend on the width (decision 0072).

const REPORTS = `${PORTAL}/reports`;
const chartTitles = [
  "Messages per week",
  "Course interest",
  "Inquiry types",
  "Preferred contact method",
  "Time to reply",
  "Busiest hours and days",
];

const course = (() => {
  const found = buildDemoCourses(new Date()).find(
    (item) => item.slug === "graphic-design-brand-identity",
  );
  if (!found) throw new Error("The demo content lost graphic-design-brand-identity");
  return found;
})();

const figure = (page: Page, title: string) =>
  page.getByRole("figure", { name: title, exact: true });

/** The course interest table's figures for the demo course (read from the closed table view). */
async function courseRow(page: Page) {
  const hidden = { includeHidden: true };
  const row = figure(page, "Course interest")
    .getByRole("row", hidden)
    .filter({ has: page.getByRole("rowheader", { name: course.title, exact: true, ...hidden }) });
  const cells = await row.getByRole("cell", hidden).allTextContents();
  const [views, clicks, inquiries] = cells.map((cell) => Number(cell.replace(/,/g, "")));
  return { views: views ?? Number.NaN, clicks, inquiries: inquiries ?? Number.NaN };
}

/** Every chart is there: a figure with its heading, an SVG or bars, and a text alternative. */
async function expectEveryChart(page: Page) {
  for (const title of chartTitles) {
    const chart = figure(page, title);
    await expect(chart, title).toBeVisible();
    await expect(chart.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(chart.locator("figcaption")).not.toBeEmpty();
    await expect(chart.getByText("Table view", { exact: true })).toBeVisible();
  }
  for (const title of ["Messages per week", "Time to reply", "Busiest hours and days"]) {
    await expect(figure(page, title).locator("svg[role='img']").first()).toBeVisible();
  }
}

test("a person's view of a course page and an inquiry about it show in the course interest", async ({
  page,
  browser,
  superAdmin,
}) => {
  void superAdmin;
  test.setTimeout(60_000);
  await openPortal(page, REPORTS);
  const before = await courseRow(page);
  expect(before.views).toBeGreaterThanOrEqual(0);

  // A visitor's phone opens the course page; a link-preview bot fetches it too.
  const visitor = await browser.newContext();
  try {
    const site = await visitor.newPage();
    await site.goto(`/course/${course.slug}`);
    await expect(site.getByRole("heading", { name: course.title, level: 1 })).toBeVisible();
  } finally {
    await visitor.close();
  }
  const preview = await page.request.get(`/course/${course.slug}`, {
    headers: { "User-Agent": "WhatsApp/2.24.6.77 A" },
  });
  expect(preview.status()).toBe(200);
  await submitInquiry({
    fullName: `Report Visitor ${uid()}`,
    email: `report-${uid()}@example.com`,
    courseInterest: course.title,
  });

  await openPortal(page, REPORTS);
  const after = await courseRow(page);
  // Other tests may view the course at the same time: at least this visitor's view counts.
  expect(after.views).toBeGreaterThanOrEqual(before.views + 1);
  expect(after.inquiries).toBeGreaterThanOrEqual(before.inquiries + 1);
});

test("the reports page: every chart, its table view, a period and the CSV", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  await openPortal(page, REPORTS);
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByText("This section is under development.")).toHaveCount(0);
  await expectEveryChart(page);

  // The table view opens in place.
  const messages = figure(page, "Messages per week");
  await messages.getByText("Table view", { exact: true }).click();
  const table = messages.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Inquiries" })).toBeVisible();
  // The last 4 weeks: four weeks, the current one last.
  await expect(table.getByRole("row")).toHaveCount(5);

  // A longer period.
  await page.getByRole("combobox", { name: "Period" }).selectOption({ label: "Last 12 weeks" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/period=12w/);
  // The table view stays open across the new period's load.
  await expect(messages.getByRole("table").getByRole("row")).toHaveCount(13);

  // Dates that cannot be used are refused with a message, and the default period is shown.
  await page.getByRole("combobox", { name: "Period" }).selectOption({ label: "From … to …" });
  await page.getByLabel("From", { exact: true }).fill("2026-03-10");
  await page.getByLabel("To", { exact: true }).fill("2026-03-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("The start date must be on or before the end date.")).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // The CSV of the period shown.
  await openPortal(page, `${REPORTS}?period=12w`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^academy-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = (await readFile((await file.path()) ?? "", "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe('"Chart","Item (Lagos time)","Measure","Value"');
  // 12 weeks, each with inquiries, contact messages, e-mails, WhatsApp and their total.
  expect(lines.filter((line) => line.startsWith('"Messages per week"'))).toHaveLength(60);
  expect(csv).toContain(`"Course interest","${course.title}","Page views",`);
  expect(lines.filter((line) => line.startsWith('"Busiest hours and days"'))).toHaveLength(168);
});

test("the dashboard's 14-day trend leads to the messages report", async ({ page, superAdmin }) => {
  void superAdmin;
  await openPortal(page, `${PORTAL}/dashboard`);
  const trend = page.getByRole("region", { name: "New messages, last 14 days" });
  await expect(trend.getByRole("img", { name: /^New messages per day from/ })).toBeVisible();
  await expect(trend).toContainText(/Web forms \d+ · E-mail \d+ · WhatsApp \d+/);
  await trend.getByRole("link", { name: "Messages report" }).click();
  await expect(page).toHaveURL(/\/admin-portal\/reports#messages$/);
  await expect(figure(page, "Messages per week")).toBeVisible();

  await openPortal(page, `${PORTAL}/dashboard`);
  await page.getByRole("link", { name: /Median time to reply/ }).click();
  await expect(page).toHaveURL(/\/admin-portal\/reports#response-times$/);
});

// With every table view open (portal-pages.ts scans the page as it opens, and the dashboard):
// light at desktop width, dark on the phone.
test(
  "axe finds nothing on the reports page with its table views open",
  {
    tag: "@phone",
  },
  async ({ page, superAdmin }, testInfo) => {
    void superAdmin;
    test.setTimeout(60_000);
    const theme = testInfo.project.name === "portal-phone" ? "dark" : "light";
    if (theme === "dark") await setDarkThemeCookie(page.context());
    await openPortal(page, `${REPORTS}?period=12m`);
    await expectEveryChart(page);
    for (const title of chartTitles) {
      await figure(page, title).getByText("Table view", { exact: true }).click();
    }
    await expectNoAxeViolations(page, `the reports page (${theme})`);
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the charts, the table views and the period form all work", { tag: "@phone" }, async ({
    page,
    superAdmin,
  }) => {
    void superAdmin;
    await page.goto(REPORTS);
    await expectEveryChart(page);
    const busiest = figure(page, "Busiest hours and days");
    await busiest.getByText("Table view", { exact: true }).click();
    await expect(busiest.getByRole("table")).toBeVisible();
    await page
      .getByRole("combobox", { name: "Period" })
      .selectOption({ label: "Last 12 months (52 weeks)" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/period=12m/);
    await expectEveryChart(page);
    await page.goto(`${PORTAL}/dashboard`);
    await expect(
      page.getByRole("region", { name: "New messages, last 14 days" }).getByRole("img"),
    ).toBeVisible();
  });
});
