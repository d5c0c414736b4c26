import { addDemoSession, expect, expectNoAxeViolations, openPortal, test } from "./portal-fixtures";
import { portalPages } from "./portal-pages";

/**
 * axe (WCAG 2.0 / 2.1 A and AA) on every portal page and modal, as the demo super admin, who
 * only reads them: here at desktop width in light mode; phone-width.spec.ts scans each again in
 * its phone layout in dark mode. Colours do not depend on the width and the layout does not
 * depend on the theme, so two scans cover both themes and both widths (a third, dark at desktop
 * width, found nothing the two did not, and cost a minute of every run).
 */

for (const check of portalPages) {
  test(`axe finds nothing on ${check.name}, light`, async ({ page, superApi }) => {
    // axe on the long course form takes a while on a busy machine.
    test.setTimeout(60_000);
    if (check.signedIn) await addDemoSession(page.context(), superApi);
    await openPortal(page, await check.url(page));
    await check.ready(page);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expectNoAxeViolations(page, `${check.name} (light)`);
  });
}
