import { phone } from "../../../playwright.config";
import { addDemoSession, expect, openPortal, test } from "./portal-fixtures";
import { portalPages } from "./portal-pages";

/**
 * Every portal page and modal fits a 360 px phone: nothing makes the page wider than the
 * screen (the phone would zoom out and open dialogs half off-screen), and each open dialog
 * lies wholly on screen. Once, in the portal project, as the phone.
 */

const PHONE_WIDTH = 360;
test.use(phone);

for (const check of portalPages) {
  test(`${check.name} fits a 360 px phone`, async ({ page, superApi }) => {
    if (check.signedIn) await addDemoSession(page.context(), superApi);
    await openPortal(page, await check.url(page));
    await check.ready(page);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, "the page's width").toBeLessThanOrEqual(PHONE_WIDTH);
    for (const dialog of await page.getByRole("dialog").all()) {
      const box = await dialog.boundingBox();
      expect(box, "the dialog is laid out").not.toBeNull();
      if (!box) continue;
      expect(box.x, "the dialog's left edge").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, "the dialog's right edge").toBeLessThanOrEqual(PHONE_WIDTH);
    }
  });
}

test("the dashboard opens with the 24-hour figures, messages and applications, on the first screen", async ({
  page,
  superApi,
}) => {
  await addDemoSession(page.context(), superApi);
  await openPortal(page, "/admin-portal/dashboard");
  const figures = page.getByRole("region", { name: "The 24-hour promise" }).getByRole("link");
  await expect(figures).toHaveCount(5);
  await expect(figures.filter({ hasText: "Applications waiting" })).toHaveCount(1);
  const screenHeight = page.viewportSize()?.height ?? 0;
  for (const figure of await figures.all()) {
    const box = await figure.boundingBox();
    expect(box, "the figure is laid out").not.toBeNull();
    if (!box) continue;
    const name = await figure.getAttribute("href");
    expect(box.y + box.height, `${name}: bottom`).toBeLessThanOrEqual(screenHeight);
  }
});
