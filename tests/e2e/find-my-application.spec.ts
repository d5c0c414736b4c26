import type { Page } from "@playwright/test";
import { applicationMessages } from "~/features/applications/application-messages";
import { activeCourses, expect, test, waitForHydration } from "./fixtures";

/*
 * 'Find my application' is reachable wherever an applicant may need their link again: the
 * footer of every public page, the answer after applying, and the refusal of a second
 * application from the same address.
 */

const findLink = (page: Page) =>
  page.locator("footer").getByRole("link", { name: "Find my application", exact: true });

const publicPaths = () => {
  const course = activeCourses[0];
  if (!course) throw new Error("The demo has no course");
  return [
    "/",
    "/about",
    "/courses",
    "/contact",
    `/course/${course.slug}`,
    "/application",
    "/nowhere",
  ];
};

/**
 * The apply page of a reviewed intake (the next one of a course in the middle of the
 * catalogue, whose applications take no places), opened from its course page.
 */
async function openApplyPage(page: Page) {
  const courses = activeCourses.filter(
    (candidate) => new Set(candidate.intakes.map((i) => i.label)).size === candidate.intakes.length,
  );
  const course = courses[Math.floor(courses.length / 2)];
  const intake = course?.intakes[1];
  if (!course || !intake) throw new Error("The demo has too few intakes");
  await page.goto(`/course/${course.slug}`);
  await page.getByRole("link", { name: `Apply for ${intake.label}`, exact: true }).click();
}

async function apply(page: Page, email: string) {
  const form = page.locator("form#application-form");
  await form.getByLabel("Full Name").fill("Ngozi Okonkwo");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0803 123 4567");
  await form.getByLabel("Experience Level").selectOption("Complete beginner");
  await form.getByLabel("What do you want to achieve?").fill("Move into data analysis at a bank.");
  await form.getByLabel("How did you hear about us?").selectOption("WhatsApp");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Apply", exact: true }).click();
  return form;
}

async function linksOnEveryPageAndAfterApplying(page: Page, javaScript: boolean) {
  // Seven pages, then two applications.
  test.slow();
  for (const path of publicPaths()) {
    await page.goto(path);
    await expect(findLink(page), path).toHaveAttribute("href", "/application");
  }
  const email = `find-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await openApplyPage(page);
  if (javaScript) await waitForHydration(page);
  const form = await apply(page, email);
  await expect(form.getByRole("status")).toContainText(applicationMessages.received);
  await expect(form.getByRole("link", { name: "Find my application" })).toHaveAttribute(
    "href",
    "/application",
  );

  if (!javaScript) await openApplyPage(page);
  // With JavaScript the form is emptied after the answer is shown (Conform's reset, an effect
  // after the paint): filling it before then would be undone.
  else await expect(form.getByLabel("Full Name")).toHaveValue("");
  const again = await apply(page, email);
  await expect(again.getByText(applicationMessages.alreadyApplied).first()).toBeVisible();
  await again.getByRole("link", { name: "Find my application", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find my application");
}

test.describe("'Find my application' links without JavaScript", { tag: "@phone" }, () => {
  test.use({ javaScriptEnabled: false });
  test("in every footer, after applying, and on a second application", async ({ page }) => {
    await linksOnEveryPageAndAfterApplying(page, false);
  });
});

test.describe("'Find my application' links with JavaScript", () => {
  test("in every footer, after applying, and on a second application", async ({ page }) => {
    await linksOnEveryPageAndAfterApplying(page, true);
  });
});
