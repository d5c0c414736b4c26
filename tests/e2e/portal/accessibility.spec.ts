import { isNarrow } from "../fixtures";
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
 * only reads them. At desktop width in light and dark mode; on a phone (tagged @phone) the
 * phone layout in light mode: colours do not depend on the width, so the dark theme's contrast
 * is proven at desktop width.
 */

for (const check of portalPages) {
  test(`axe finds nothing on ${check.name}, light and dark`, { tag: "@phone" }, async ({
    page,
    superApi,
  }) => {
    // axe on the long course form takes a while on a busy machine.
    test.setTimeout(60_000);
    if (check.signedIn) await addDemoSession(page.context(), superApi);
    const url = await check.url(page);
    const themes = isNarrow(page) ? (["light"] as const) : (["light", "dark"] as const);
    for (const theme of themes) {
      if (theme === "dark") await setDarkThemeCookie(page.context());
      await openPortal(page, url);
      await check.ready(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await expectNoAxeViolations(page, `${check.name} (${theme})`);
    }
  });
}
