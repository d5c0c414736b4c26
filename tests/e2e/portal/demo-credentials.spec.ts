import type { Page } from "@playwright/test";
import {
  DEMO_ADMIN,
  expect,
  openPortal,
  PORTAL,
  test,
  textbox,
  waitForMail,
} from "./portal-fixtures";

/**
 * Changes the demo admin's password, which ends its sessions and would break every test that
 * signs in as the demo admin: playwright.config.ts runs this file only after the other portal
 * tests, and the test puts the demo password back.
 */

/** Sets `password` for `email` through "Forgot password?" and the e-mailed link. */
async function resetThroughMail(page: Page, email: string, password: string, after = "") {
  await openPortal(page, `${PORTAL}/forgot-password`);
  await textbox(page, "Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const mail = await waitForMail(email, (item) => item.file > after);
  const link = new URL(
    mail.body.match(/https?:\/\/\S+\/admin-portal\/reset-password\?\S+/)?.[0] ?? "",
  );
  await openPortal(page, link.pathname + link.search);
  await textbox(page, "New password").fill(password);
  await textbox(page, "Confirm new password").fill(password);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(`${PORTAL}/login`);
  return mail.file;
}

test("the login page shows the demo credentials only while they work", async ({ page }) => {
  const demoPassword = page.locator("[data-demo-password]");
  await openPortal(page, `${PORTAL}/login`);
  await expect(demoPassword).toHaveText(DEMO_ADMIN.password);

  const first = await resetThroughMail(page, DEMO_ADMIN.email, "changed-demo-password");
  try {
    await openPortal(page, `${PORTAL}/login`);
    await expect(page.getByRole("heading", { name: "Admin Portal", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Demo mode" })).toHaveCount(0);
    await expect(demoPassword).toHaveCount(0);
  } finally {
    await resetThroughMail(page, DEMO_ADMIN.email, DEMO_ADMIN.password, first);
  }
  await openPortal(page, `${PORTAL}/login`);
  await expect(demoPassword).toHaveText(DEMO_ADMIN.password);
});
