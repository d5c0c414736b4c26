import {
  activeCourses,
  collectPolicyViolations,
  expect,
  expectScriptsCarryNonce,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Public pages answered from the server's page cache (server/public-page-cache.server.ts)
 * still get a script nonce of their own and run under their policy. How a staff member's change
 * reaches the cached pages is in portal/public-page-cache.spec.ts, on the portal's server.
 */

const course = activeCourses.find((item) => item.slug === "ui-ux-design-fundamentals");
const total = activeCourses.length;

const nonceOf = (headers: Record<string, string>) =>
  /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";

test("a visitor without cookies gets the same /courses twice, each with its own nonce", async ({
  request,
}) => {
  const first = await request.get("/courses");
  const second = await request.get("/courses");
  for (const response of [first, second]) {
    expect(response.status()).toBe(200);
    await expectScriptsCarryNonce(response);
  }
  const [firstNonce, secondNonce] = [nonceOf(first.headers()), nonceOf(second.headers())];
  expect(secondNonce).not.toBe(firstNonce);
  const secondHtml = await second.text();
  expect(secondHtml).not.toContain(firstNonce);
  expect(secondHtml.replaceAll(secondNonce, "NONCE")).toBe(
    (await first.text()).replaceAll(firstNonce, "NONCE"),
  );
});

test("/courses loaded twice runs under each answer's policy: it hydrates, filters and navigates", async ({
  page,
}) => {
  const violations = collectPolicyViolations(page);
  const nonces: string[] = [];
  for (let visit = 0; visit < 2; visit++) {
    const response = await page.goto("/courses");
    expect(response?.status()).toBe(200);
    nonces.push(nonceOf(response?.headers() ?? {}));
    await waitForHydration(page);
  }
  expect(nonces[0]).toBeTruthy();
  expect(nonces[1]).not.toBe(nonces[0]);
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
