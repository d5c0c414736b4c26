import type { Page } from "@playwright/test";
import { buildDemoCourses } from "~/features/demo/demo-courses";
import { withReference } from "../success-notice";
import {
  expect,
  expectNoAxeViolations,
  PORTAL,
  test,
  uid,
  waitForHydration,
  waitForMail,
} from "./portal-fixtures";

// A visitor goes from a course page to an inquiry that names the course, and staff see it:
// in the alert e-mail and, for WhatsApp, on the dashboard. Runs on this server so that the
// staff side can be checked; tagged @phone for the 360 px run.

const course = (() => {
  const found = buildDemoCourses(new Date()).find(
    (item) => item.slug === "ui-ux-design-fundamentals",
  );
  if (!found) throw new Error("The demo content lost ui-ux-design-fundamentals");
  return found;
})();
const STAFF = "staff@academy.test";
const inquirySuccess =
  "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.";

async function askAnAdvisor(page: Page) {
  await page.getByRole("link", { name: "Contact an Advisor" }).click();
  await expect(page).toHaveURL(/#ask-an-advisor$/);
  await expect(
    page.getByRole("heading", { name: `Ask an advisor about ${course.title}` }),
  ).toBeInViewport();
  const form = page.locator("form#inquiry-form");
  await expect(form.getByLabel("Purpose of Inquiry")).toHaveValue("I'm interested in a course");
  await expect(form.getByLabel("Course of Interest")).toHaveValue(course.title);
  const email = `visitor-${uid()}@example.com`;
  await form.getByLabel("Full Name").fill("Kemi Adebayo");
  await form.getByLabel("Email Address").fill(email);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Send Inquiry" }).click();
  return { form, email };
}

async function expectStaffAlertNamesTheCourse(email: string) {
  const alert = await waitForMail(STAFF, (mail) => mail.body.includes(email));
  expect(alert.subject).toContain(`(${course.title})`);
  expect(alert.body).toContain(`Course of interest: ${course.title}`);
}

test.describe("Contact an Advisor carries the course", { tag: "@phone" }, () => {
  test("with JavaScript", async ({ page }) => {
    await page.goto(`/course/${course.slug}`);
    await waitForHydration(page);
    const { form, email } = await askAnAdvisor(page);
    await expect(page.locator('[data-toast="success"] p')).toHaveText(
      withReference(inquirySuccess),
    );
    await expectStaffAlertNamesTheCourse(email);
    // The reset form is ready for the next question about the same course.
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(form.getByLabel("Course of Interest")).toHaveValue(course.title);
    await expectNoAxeViolations(page, "course page after an inquiry");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the returned page opens at the success notice", async ({ page }) => {
      await page.goto(`/course/${course.slug}`);
      const { email } = await askAnAdvisor(page);
      await expect(page.getByRole("status")).toHaveText(withReference(inquirySuccess));
      await expect(page.getByRole("status")).toBeInViewport();
      await expectStaffAlertNamesTheCourse(email);
    });
  });

  test("the contact page stays one tap away", async ({ page }) => {
    await page.goto(`/course/${course.slug}#ask-an-advisor`);
    await page.getByRole("link", { name: "See all the ways to reach us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test("the dashboard counts this week's WhatsApp chats per course", async ({
  page,
  request,
  superAdmin: _,
}) => {
  // Another test on this server may click too: count what this test adds.
  const chatsFor = async () => {
    await page.goto(`${PORTAL}/dashboard`);
    const card = page.getByRole("region", { name: "WhatsApp chats this week" });
    const row = card.getByRole("row").filter({ hasText: course.title });
    if ((await row.count()) === 0) return 0;
    return Number(await row.getByRole("cell").nth(1).textContent());
  };
  const before = await chatsFor();
  for (let click = 0; click < 3; click += 1) {
    const response = await request.get(`/go/whatsapp?course=${course.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  expect(await chatsFor()).toBe(before + 3);
  await expectNoAxeViolations(page, "dashboard with WhatsApp chats");
});
