import type { Page } from "@playwright/test";
import {
  addDemoSession,
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  test,
} from "./portal-fixtures";

/** The demo course whose started intake has enrolled students (app/features/demo/demo-applications.ts). */
const COURSE = "Data Analysis with Excel, SQL & Power BI";
const STARTED_INTAKE_STUDENTS = [
  "Chiamaka Eze",
  "Emeka Obi",
  "Folake Adeyemi",
  "Halima Bello",
  "Ibrahim Musa",
];

/** The id of the demo course's intake that has started (closed to enrolment). */
async function startedIntakeId(page: Page) {
  await page.goto(`${PORTAL}/courses?view=list`);
  await page.getByRole("link", { name: `Intakes of ${COURSE}`, exact: true }).click();
  const started = page.locator("li[data-intake-id]").filter({ hasText: "Closed" }).first();
  const id = await started.getAttribute("data-intake-id");
  if (!id) throw new Error("no started intake");
  return id;
}

test.beforeEach(async ({ page, superApi }) => {
  await addDemoSession(page.context(), superApi);
});

test.describe("the class list (also on a phone)", { tag: "@phone" }, () => {
  test("lists the intake's facts and numbered students, prints without the portal around it", async ({
    page,
  }) => {
    const intake = await startedIntakeId(page);
    await openPortal(page, `${PORTAL}/students/class-list?intake=${intake}`);
    await expect(page.getByRole("heading", { name: "Class list", level: 1 })).toBeVisible();
    const facts = page.getByRole("region", { name: "Intake" });
    await expect(facts).toContainText(COURSE);
    await expect(facts).toContainText("Adaeze Okonkwo");
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(STARTED_INTAKE_STUDENTS.length + 1);
    const firstRow = table.getByRole("row").nth(1);
    await expect(firstRow).toContainText("1");
    await expect(firstRow).toContainText(STARTED_INTAKE_STUDENTS[0] ?? "");
    await expect(firstRow).toContainText("+234 803 214 5521");
    await expectNoAxeViolations(page, "the class list");

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print" }).click();
    await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");

    await page.emulateMedia({ media: "print" });
    await expect(page.locator("#portal-sidebar")).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(table.getByRole("columnheader", { name: "Signature" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Email" })).toBeVisible();
  });

  test("answers 404 for an intake that does not exist", async ({ page }) => {
    const response = await page.goto(
      `${PORTAL}/students/class-list?intake=00000000-0000-4000-8000-000000000000`,
    );
    expect(response?.status()).toBe(404);
  });

  test("the dashboard counts the enrolled and the applications waiting", async ({ page }) => {
    await openPortal(page, `${PORTAL}/dashboard`);
    const statistics = page.getByRole("region", { name: "Statistics" });
    await expect(statistics).toContainText("Enrolled, across all intakes");
    const enrolled = (await statistics.textContent())?.match(/Students\s*(\d+)\s*Enrolled/)?.[1];
    // The demo's nine, and any other test enrolled.
    expect(Number(enrolled)).toBeGreaterThanOrEqual(9);
    const waiting = page
      .getByRole("region", { name: "The 24-hour promise" })
      .getByRole("link", { name: /Applications waiting/ });
    await expect(waiting).toContainText(/\d+ overdue · \d+ due soon/);
    await expect(waiting).toHaveAttribute("href", `${PORTAL}/students?status=new`);
    await expectNoAxeViolations(page, "the dashboard");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the class list is a plain page with no print button", async ({ page }) => {
    const intake = await startedIntakeId(page);
    await page.goto(`${PORTAL}/students/class-list?intake=${intake}`);
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(
      STARTED_INTAKE_STUDENTS.length + 1,
    );
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);
  });
});
