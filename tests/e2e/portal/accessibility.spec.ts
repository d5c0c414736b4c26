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
 * axe (WCAG 2.0 / 2.1 A and AA) on every portal page and modal, as the demo super admin, who
 * only reads them, at desktop width in light and dark mode. The phone layout is checked in
 * light mode by phone-width.spec.ts, on the page it has open: colours do not depend on the
 * width, so the dark theme's contrast is proven here.
 */

for (const check of portalPages) {
  test(`axe finds nothing on ${check.name}, light and dark`, async ({ page, superApi }) => {
    // axe on the long course form takes a while on a busy machine.
    test.setTimeout(60_000);
    if (check.signedIn) await addDemoSession(page.context(), superApi);
    const url = await check.url(page);
    for (const theme of ["light", "dark"] as const) {
      if (theme === "dark") await setDarkThemeCookie(page.context());
      await openPortal(page, url);
      await check.ready(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await expectNoAxeViolations(page, `${check.name} (${theme})`);
    }
  });
}
