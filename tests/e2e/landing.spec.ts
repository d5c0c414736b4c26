import type { Page } from "@playwright/test";
import {
  activeCourses,
  demoCourse,
  expect,
  htmlText,
  inactiveCourse,
  isNarrow,
  mobileMenuButton,
  openNavigation,
  test,
  waitForHydration,
} from "./fixtures";

const HEADLINE = "Build the tech skills Lagos is hiring for";

const typed = (page: Page) => page.locator("h1 [data-typed]");

test.describe("typed headline", () => {
  test("the whole headline is in the first HTML", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(new RegExp(`data-typed="true"[^>]*>${HEADLINE}</span>`));
  });

  test("with reduced motion the whole headline stays", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // Well past the 2000 ms pause and a dozen letters' worth of typing.
    await page.clock.runFor(5000);
    await expect(typed(page)).toHaveText(HEADLINE);
    await page.clock.runFor(10_000);
    await expect(typed(page)).toHaveText(HEADLINE);
    // Screen readers get the headline whole either way.
    await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(HEADLINE);
  });

  test("without reduced motion the headline is typed out letter by letter", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await expect(typed(page)).toHaveText(HEADLINE);
    // The 2000 ms pause, then it restarts from nothing at 80 ms a letter.
    await page.clock.runFor(2000 + 80 * 5 + 40);
    await expect
      .poll(async () => (await typed(page).textContent())?.length ?? 0)
      .toBeLessThan(HEADLINE.length);
    const early = (await typed(page).textContent()) ?? "";
    expect(HEADLINE.startsWith(early)).toBe(true);
    await page.clock.runFor(80 * 10);
    await expect
      .poll(async () => (await typed(page).textContent())?.length ?? 0)
      .toBeGreaterThan(early.length);
    const later = (await typed(page).textContent()) ?? "";
    expect(HEADLINE.startsWith(later)).toBe(true);
    // Finishes the whole headline again.
    await page.clock.runFor(80 * HEADLINE.length);
    await expect(typed(page)).toHaveText(HEADLINE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(HEADLINE);
  });
});

test.describe("hero", () => {
  test("'Join Us Now' goes to the catalogue", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Join Us Now" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { name: "Master New Skills Today" })).toBeVisible();
  });

  test("shows the social proof with at most four avatars and +99", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("More than 2000+ Student Joined")).toBeVisible();
    const avatars = page.getByRole("list", { name: "Some of our students" }).getByRole("listitem");
    const count = await avatars.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count - 1).toBeLessThanOrEqual(4);
    await expect(avatars.last()).toHaveText("+99");
    await expect(avatars.last()).toBeVisible();
  });
});

test.describe("landing sections", () => {
  test("About Us and Why Choose Us", async ({ page }) => {
    await page.goto("/");
    for (const name of ["Flexibility", "Accessibility"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    const why = page.locator("section", {
      has: page.getByRole("heading", { name: "Why Choose Us" }),
    });
    await expect(why.getByRole("listitem")).toHaveCount(6);
    for (const point of [
      "Flexible time and place",
      "Accessible to everyone",
      "Affordable",
      "Personalised pace",
      "Dedicated 24/7 support",
      "Learning community",
    ]) {
      await expect(why.getByRole("heading", { name: point, exact: true })).toBeVisible();
    }
    await page.getByRole("link", { name: "More About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("featured courses: at most six, one of each category, linking to course pages", async ({
    page,
  }) => {
    await page.goto("/");
    const featured = page.locator("section", {
      has: page.getByRole("heading", { name: "Featured Courses" }),
    });
    const links = featured.getByRole("article").getByRole("link");
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute("href") ?? ""),
    );
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    expect(hrefs.length).toBeLessThanOrEqual(6);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const slugs = hrefs.map((href) => href.replace(/^\/course\//, ""));
    for (const href of hrefs) expect(href).toMatch(/^\/course\/[a-z0-9-]+$/);
    expect(slugs).not.toContain(inactiveCourse.slug);
    const categories = new Set(slugs.map((slug) => demoCourse(slug).category));
    expect([...categories].sort()).toEqual(["Data Science", "Design", "Marketing", "Programming"]);

    const first = demoCourse(slugs[0] ?? "");
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/course/${first.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  });

  test("'Browse All Courses' goes to the catalogue", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Browse All Courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("'Contact an advisor' goes to the contact page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Contact an advisor" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in touch");
  });

  test("the inquiry form offers every active course, not the inactive one", async ({ page }) => {
    await page.goto("/");
    const options = await page
      .getByLabel("Course of Interest")
      .locator("option")
      .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
    expect(options[0]).toBe("Select a course");
    expect(options.slice(1).sort()).toEqual(activeCourses.map((course) => course.title).sort());
    expect(options).not.toContain(inactiveCourse.title);
  });

  test("the inactive course is nowhere on the landing page", async ({ request }) => {
    const text = htmlText(await (await request.get("/")).text());
    expect(text).not.toContain(inactiveCourse.title);
    expect(text).not.toContain(inactiveCourse.slug);
  });
});

test.describe("header", () => {
  test("the brand is shown once and is not a link", async ({ page }) => {
    await page.goto("/");
    const brand = page.getByRole("banner").getByText("Lagos Tech Academy", { exact: true });
    await expect(brand).toHaveCount(1);
    await expect(brand).toBeVisible();
    expect(await brand.evaluate((element) => element.closest("a") === null)).toBe(true);
  });

  test("the Courses menu groups courses by category and links to course pages", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const nav = await openNavigation(page);
    for (const name of ["Home", "About Us", "Contact Us", "Get Started"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/courses",
    );
    await nav.locator("summary", { hasText: "Courses" }).click();
    const groups = ["Design", "Marketing", "Data Science", "Computer Science"];
    const headings = nav.getByRole("heading", { level: 2 });
    await expect(headings).toHaveText(groups);
    const categoryOf: Record<string, string> = {
      Design: "Design",
      Marketing: "Marketing",
      "Data Science": "Data Science",
      "Computer Science": "Programming",
    };
    for (const group of groups) {
      const section = nav.getByRole("region", { name: group, exact: true });
      const expected = activeCourses
        .filter((course) => course.category === categoryOf[group])
        .map((course) => course.title)
        .sort();
      await expect(section.getByRole("link")).toHaveText(expected);
    }
    await expect(nav.getByRole("link", { name: inactiveCourse.title })).toHaveCount(0);

    const target = demoCourse("python-for-data-science");
    await nav.getByRole("link", { name: target.title }).click();
    await expect(page).toHaveURL(/\/course\/python-for-data-science$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.title);
    // The menu closes after navigating.
    await expect(page.getByRole("heading", { name: "Computer Science" })).toBeHidden();
  });

  test("a Courses menu opened before the scripts arrive stays open once they run", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    // Hold the scripts, as a slow mobile connection would, until the visitor has opened the menu.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/contact", { waitUntil: "commit" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Courses" }).click();
    const allCourses = nav.getByRole("link", { name: "View all courses" });
    await expect(allCourses).toBeVisible();
    releaseScripts();
    await waitForHydration(page);
    await expect(allCourses).toBeVisible();
  });

  test("at 1366 px the open Courses menu lies within the window", async ({ page }) => {
    const width = 1366;
    await page.setViewportSize({ width, height: 768 });
    await page.goto("/contact");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Courses" }).click();
    const menu = nav.getByRole("link", { name: "View all courses" }).locator("..");
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    if (!box) throw new Error("The open Courses menu has no box: it is not displayed");
    expect(box.x, "the menu's left edge").toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, "the menu's right edge").toBeLessThanOrEqual(width);
  });

  test("the menu collapses at phone width and opens and closes on demand", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    if (!isNarrow(page)) {
      // Wide screens show the navigation inline, with no menu button.
      await expect(mobileMenuButton(page)).toBeHidden();
      await expect(nav).toBeVisible();
      await expect(nav.getByRole("link", { name: "About Us" })).toBeVisible();
      return;
    }
    await expect(mobileMenuButton(page)).toBeVisible();
    await expect(nav).toBeHidden();
    await mobileMenuButton(page).click();
    await expect(nav).toBeVisible();
    const box = await nav.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(360);
    await mobileMenuButton(page).click();
    await expect(nav).toBeHidden();

    // A click elsewhere closes it too.
    await mobileMenuButton(page).click();
    await expect(nav).toBeVisible();
    await page.getByRole("heading", { name: "Why Choose Us" }).click();
    await expect(nav).toBeHidden();

    // And so does following a link.
    await mobileMenuButton(page).click();
    await nav.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav).toBeHidden();
  });

  test("the menu works with the keyboard", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    const nav = page.getByRole("navigation", { name: "Main" });
    if (isNarrow(page)) {
      await expect(mobileMenuButton(page)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(nav).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(mobileMenuButton(page)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(nav).toBeVisible();
      await page.keyboard.press("Tab");
    } else {
      await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
    }
    // Home, About Us, Contact Us, then the Courses menu.
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "About Us" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const coursesSummary = nav.locator("summary", { hasText: "Courses" });
    await expect(coursesSummary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("heading", { name: "Design", exact: true })).toBeVisible();
    await page.keyboard.press("Tab");
    const firstDesign = activeCourses
      .filter((course) => course.category === "Design")
      .map((course) => course.title)
      .sort()[0];
    await expect(nav.getByRole("link", { name: firstDesign })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/course\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstDesign ?? "");
  });
});
