import type { APIResponse } from "@playwright/test";
import {
  activeCourses,
  collectPolicyViolations,
  expect,
  expectScriptsListedByHash,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Public pages answered from the server's page cache (server/public-page-cache.server.ts) are the
 * same bytes and headers for every visitor, which any cache may keep, and run under their
 * policy. How a staff member's change reaches the cached pages is in
 * portal/public-page-cache.spec.ts, on the portal's server.
 */

const course = activeCourses.find((item) => item.slug === "ui-ux-design-fundamentals");
const total = activeCourses.length;
const publicPages = [
  "/",
  "/about",
  "/courses",
  `/course/${course?.slug}`,
  "/contact",
  "/application",
];
// Set per connection or per answer (the request log's id is the request's own, by design).
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "x-request-id"]);
const withoutTransport = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));

for (const path of publicPages) {
  test(`${path} is the same bytes and headers for two visitors, and 304 to one who has it`, async ({
    playwright,
  }) => {
    // Two visitors, each from an address of its own, asking as a phone's browser does.
    const visitors = await Promise.all(
      ["10.30.0.1", "10.30.0.2"].map((address) =>
        playwright.request.newContext({
          baseURL: test.info().project.use.baseURL,
          extraHTTPHeaders: { "X-Forwarded-For": address, "Accept-Encoding": "br, gzip" },
        }),
      ),
    );
    const [first, second] = await Promise.all(visitors.map((visitor) => visitor.get(path)));
    for (const response of [first, second]) {
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe(
        "public, max-age=0, s-maxage=30, stale-while-revalidate=30",
      );
      expect(response?.headers().vary).toBe("Accept-Encoding, Cookie");
    }
    expect((await second?.body())?.equals((await first?.body()) ?? Buffer.alloc(0))).toBe(true);
    expect(withoutTransport(second?.headers() ?? {})).toEqual(
      withoutTransport(first?.headers() ?? {}),
    );
    await expectScriptsListedByHash(first as APIResponse);

    const etag = first?.headers().etag ?? "";
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const revalidated = await visitors[1]?.get(path, { headers: { "If-None-Match": etag } });
    expect(revalidated?.status()).toBe(304);
    expect(await revalidated?.body()).toHaveLength(0);
    expect(revalidated?.headers().etag).toBe(etag);
    await Promise.all(visitors.map((visitor) => visitor.dispose()));
  });
}

test("/courses loaded twice runs under its policy: it hydrates, filters and navigates", async ({
  page,
}) => {
  const violations = collectPolicyViolations(page);
  for (let visit = 0; visit < 2; visit++) {
    const response = await page.goto("/courses");
    expect(response?.ok()).toBe(true);
    await waitForHydration(page);
  }
  expect(violations).toEqual([]);

  // The search filters in the browser, which only a running page does.
  await page.getByRole("searchbox", { name: "Search courses" }).fill(course?.title ?? "");
  await expect(page.getByText(/^Showing \d+ of \d+ courses$/)).toHaveText(
    `Showing 1 of ${total} courses`,
  );

  // A client-side navigation: the same document, so a value set on its window survives.
  await page.evaluate(() => {
    (window as Window & { samePage?: boolean }).samePage = true;
  });
  await page
    .getByRole("main")
    .getByRole("link", { name: course?.title ?? "", exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(`/course/${course?.slug}`);
  await expect(page.getByRole("heading", { name: course?.title, level: 1 })).toBeVisible();
  expect(
    await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage ?? false),
  ).toBe(true);
  expect(violations).toEqual([]);
});

test("an error page, a form's answer, a page asked with a cookie and the portal are private, no-store", async ({
  request,
}) => {
  const answers = {
    "a missing course": await request.get("/course/no-such-course"),
    "a contact form's answer": await request.post("/contact", {
      form: { name: "A", email: "not-an-email", subject: "", message: "" },
    }),
    "a page asked with a cookie": await request.get("/courses", {
      headers: { Cookie: "academy-theme=dark" },
    }),
    "the portal's sign-in page": await request.get("/admin-portal/login"),
  };
  for (const [name, response] of Object.entries(answers)) {
    expect(response.headers()["cache-control"], name).toBe("private, no-store");
    expect(response.headers().etag, name).toBeUndefined();
  }
  expect(answers["a missing course"].status()).toBe(404);
  expect(answers["a contact form's answer"].status()).toBe(400);
});
