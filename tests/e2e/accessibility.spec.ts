import type { Page } from "@playwright/test";
import {
  axeTags,
  axeViolations,
  expect,
  expectNoAxeViolations,
  openNavigation,
  test,
  waitForHydration,
} from "./fixtures";
import { withReference } from "./success-notice";

/**
 * axe (WCAG 2.0/2.1 A and AA, and best practices) on every public page at both widths, and no
 * sideways scrolling.
 */
const pages = [
  { name: "landing page", path: "/" },
  { name: "about page", path: "/about" },
  { name: "catalogue", path: "/courses" },
  { name: "catalogue as a list", path: "/courses?view=list&category=Design" },
  { name: "empty catalogue", path: "/courses?q=no-such-course" },
  { name: "course without modules or brochure", path: "/course/seo-content-marketing" },
  { name: "contact page", path: "/contact" },
  { name: "404 page", path: "/no/such/page" },
  { name: "missing course", path: "/course/no-such-course" },
];

/** Nothing sticks out sideways, down to a 360 px phone. */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

// Every "finds nothing" below rests on the scan seeing what is broken on our pages.
test("the axe scan finds a button without a name and text without contrast on a real page", async ({
  page,
}) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => {
    const main = document.querySelector("main");
    main?.insertAdjacentHTML(
      "beforeend",
      '<button type="button"></button><p style="color:#ddd;background:#fff">Faint text</p>',
    );
  });
  const found = (await axeViolations(page, axeTags)).map((violation) => violation.id);
  expect(found).toEqual(expect.arrayContaining(["button-name", "color-contrast"]));
});

test.describe("axe finds nothing", { tag: "@phone" }, () => {
  for (const { name, path } of pages) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
    });
  }

  test("course page with an FAQ open", async ({ page }) => {
    await page.goto("/course/ui-ux-design-fundamentals");
    await waitForHydration(page);
    const faqs = page.getByRole("region", { name: "Frequently Asked Questions" });
    await faqs.locator("summary").first().click();
    await expect(faqs.locator("details[open]")).toHaveCount(1);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
  });

  test("navigation with the menus open", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = await openNavigation(page);
    await nav.locator("summary", { hasText: "Courses" }).click();
    await expect(nav.getByRole("heading", { name: "Computer Science" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("forms showing their validation messages, and the missing-brochure message", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/course/seo-content-marketing");
    await waitForHydration(page);
    await page.getByRole("main").getByText("Download Brochure").click();
    await expect(page.getByRole("status")).toHaveText("Brochure not available for this course.");
    await expectNoAxeViolations(page);
  });
});

test.describe("axe on pages answered without JavaScript", { tag: "@phone" }, () => {
  // axe itself needs JavaScript: block the site's scripts instead, so the browser behaves as
  // one without JavaScript (plain form POST, answer rendered by the server).
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  });

  test("an inquiry with field messages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(page).toHaveURL(/\/\?index#inquiry-form-answer$/);
    // The error summary at the top of the form links to each field.
    await expect(
      page
        .getByRole("alert")
        .getByRole("link", { name: "You must agree to the privacy policy to submit this form" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a contact message with the success notice", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("form#contact-form");
    await form.getByLabel("Full Name").fill("Chiamaka Eze");
    await form.getByLabel("Email Address").fill("chiamaka@example.com");
    await form.getByLabel("Subject").selectOption("Other");
    await form.getByLabel("Message").fill("Do you offer corporate training for teams?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(
      withReference("Thank you for your message! We will get back to you within 24 hours."),
    );
    await expectNoAxeViolations(page);
  });
});
