import {
  activeCourses,
  collectPolicyViolations,
  expect,
  expectScriptsListedByHash,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Every page is served with the Content-Security-Policy and the other protective headers, and
 * the policy blocks nothing of our own: the pages still hydrate and work under it.
 */

const course = activeCourses[0];
const paths = ["/", "/about", "/courses", `/course/${course?.slug}`, "/contact"];

for (const path of paths) {
  test(`${path} is served with the security headers and runs under its policy`, async ({
    page,
    request,
  }) => {
    await expectScriptsListedByHash(await request.get(path));

    const violations = collectPolicyViolations(page);
    await page.goto(path);
    expect(violations).toEqual([]);
    await waitForHydration(page);
    expect(violations).toEqual([]);
  });
}

test("a missing course's 404 page has the headers too", async ({ request }) => {
  const response = await request.get("/course/no-such-course");
  expect(response.status()).toBe(404);
  await expectScriptsListedByHash(response);
});

test("static files and course files are not sniffed into another type", async ({ request }) => {
  const html = await (await request.get(`/course/${course?.slug}`)).text();
  const courseFile = html.match(/"(\/files\/[^" ]+)"/)?.[1];
  expect(courseFile, "the course page links a stored file").toBeTruthy();
  for (const path of ["/favicon.svg", "/robots.txt", courseFile ?? ""]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
  }
});
