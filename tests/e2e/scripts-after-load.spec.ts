import { activeCourses, collectPolicyViolations, expect, test, waitForHydration } from "./fixtures";

/**
 * The browser's code is fetched only once the page has loaded, and the page then hydrates as
 * before (app/lib/http/scripts-after-load.server.ts, docs/decisions/0026).
 */

const pages = ["/", "/courses", `/course/${activeCourses[0]?.slug}`, "/about", "/contact"];

for (const pathname of pages) {
  test(`${pathname} loads before it asks for a script, then hydrates without an error`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const violations = collectPolicyViolations(page);

    const response = await page.goto(pathname);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("modulepreload");
    await waitForHydration(page);

    const timing = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
        .loadEventStart,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.loaded, "the page has loaded").toBeGreaterThan(0);
    expect(timing.scripts.length, "the page's scripts were loaded").toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.loaded);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test("the portal asks for its scripts at once: staff use it as an app", async ({ request }) => {
  const html = await (await request.get("/admin-portal/login")).text();
  expect(html).toContain('rel="modulepreload"');
  expect(html).toContain('type="module"');
  expect(html).not.toContain("text/x-held-module");
});
