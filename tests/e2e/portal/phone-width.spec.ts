import { phone } from "../../../playwright.config";
import { expectFitsPhones } from "../phone-fit";
import {
  addDemoSession,
  expect,
  expectNoAxeViolations,
  openPortal,
  setDarkThemeCookie,
  test,
} from "./portal-fixtures";
import { portalPages } from "./portal-pages";

/**
 * Every portal page and modal fits a 360 px and a 320 px phone (tests/e2e/phone-fit.ts), and axe
 * finds nothing in its phone layout, in dark mode (accessibility.spec.ts scans each in light mode
 * at desktop width). Once, in the portal project, as the phone.
 */

test.use(phone);

for (const check of portalPages) {
  test(`${check.name} fits a 360 px and a 320 px phone, and axe finds nothing there in dark mode`, async ({
    page,
    superApi,
  }) => {
    // axe on the long course form takes a while on a busy machine.
    test.setTimeout(60_000);
    if (check.signedIn) await addDemoSession(page.context(), superApi);
    await setDarkThemeCookie(page.context());
    await openPortal(page, await check.url(page));
    await check.ready(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectFitsPhones(page, check.name);
    await expectNoAxeViolations(page, `${check.name} (phone, dark)`);
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
