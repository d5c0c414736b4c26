import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

/** The contact form's failure toast, shown when the connection drops (the server never sees it). */
const NOTICE = "Failed to submit message. Please try again.";
/** How long an error toast stays. */
const ERROR_TOAST_MS = 6000;

const toasts = (page: Page) => page.locator('[data-toast="error"]').filter({ hasText: NOTICE });
const dismissButton = (page: Page) =>
  toasts(page).first().getByRole("button", { name: "Dismiss notification" });

/**
 * Opens the course page on a fake clock that stands still once React runs, so each test says
 * exactly how much time passes.
 */
async function openWithStoppedClock(page: Page) {
  const start = new Date("2026-03-02T09:00:00+01:00");
  await page.clock.install({ time: start });
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (route.request().method() === "POST" ? route.abort() : route.continue()),
  );
  await page.goto("/contact");
  await waitForHydration(page);
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  const form = page.locator("form#contact-form");
  await form.getByLabel("Full Name").fill("Ifeoma Obi");
  await form.getByLabel("Email Address").fill("ifeoma@example.com");
  await form.getByLabel("Subject").selectOption("Course Information");
  await form.getByLabel("Message").fill("Is there an evening class for beginners?");
}

async function showToast(page: Page) {
  const count = await toasts(page).count();
  await page.locator("form#contact-form").getByRole("button", { name: "Send Message" }).click();
  await expect(toasts(page)).toHaveCount(count + 1);
}

/** Moves keyboard focus onto the first toast the way a keyboard user does: Tab from the page. */
async function tabIntoToasts(page: Page) {
  await page.getByRole("contentinfo").getByRole("link").last().focus();
  await page.keyboard.press("Tab");
  await expect(dismissButton(page)).toBeFocused();
}

/** The toast stays until `ms` have passed, and is gone just after. */
async function expectGoneAfter(page: Page, ms: number) {
  await page.clock.runFor(ms - 100);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(toasts(page)).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await openWithStoppedClock(page);
});

test("an error toast left alone goes after 6 s", async ({ page }) => {
  await showToast(page);
  await expectGoneAfter(page, ERROR_TOAST_MS);
});

test("a hovered toast stays past its time, then goes with the time it had left", async ({
  page,
}) => {
  await showToast(page);
  await page.clock.runFor(2000);
  await toasts(page).hover();
  await page.clock.runFor(ERROR_TOAST_MS * 3);
  await expect(toasts(page)).toHaveCount(1);

  await page.mouse.move(0, 0);
  await expectGoneAfter(page, ERROR_TOAST_MS - 2000);
});

test("a toast with keyboard focus stays past its time, then goes with the time it had left", async ({
  page,
}) => {
  await showToast(page);
  await page.clock.runFor(2000);
  await tabIntoToasts(page);
  await page.clock.runFor(ERROR_TOAST_MS * 3);
  await expect(toasts(page)).toHaveCount(1);

  await page.keyboard.press("Shift+Tab");
  await expect(dismissButton(page)).not.toBeFocused();
  await expectGoneAfter(page, ERROR_TOAST_MS - 2000);
});

test("Enter on its dismiss button and Escape within a toast dismiss it", async ({ page }) => {
  await showToast(page);
  await showToast(page);
  await expect(toasts(page)).toHaveCount(2);

  await tabIntoToasts(page);
  await page.keyboard.press("Escape");
  await expect(toasts(page)).toHaveCount(1);
  // Focus is not lost with the toast: it moves to the one left.
  await expect(dismissButton(page)).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(toasts(page)).toHaveCount(0);
});

test("axe finds nothing with a toast holding focus", { tag: "@phone" }, async ({ page }) => {
  await showToast(page);
  await tabIntoToasts(page);
  // axe waits on timers of its own; the focused toast stays while the clock runs.
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await expect(toasts(page)).toHaveCount(1);
});
