import { demoTutors } from "~/features/demo/demo-tutors";
import { expect, renderedLines, test, waitForHydration } from "./fixtures";

test.describe("about page", () => {
  test("has its sections and the closing call to action", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us | Lagos Tech Academy");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    const story = main.getByRole("region", { name: "Our Story" });
    await expect(story).toContainText("2024");
    await expect(story).toContainText(/digital education/i);
    await expect(
      main.getByRole("region", { name: "Our Values" }).getByRole("heading", { level: 3 }),
    ).toHaveText([
      "Passion for Learning",
      "Goal-Oriented",
      "Community Focused",
      "Excellence Driven",
    ]);
    await expect(
      main.getByRole("region", { name: "Why students choose us" }).getByRole("listitem"),
    ).toHaveCount(6);

    const journey = main.getByRole("region", { name: "Start Your Journey Today" });
    await journey.getByRole("link").click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { name: "Master New Skills Today" })).toBeVisible();
  });

  test("introduces the active tutors: photo, name, role and bio, within the width", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/about");
    const section = page.getByRole("main").getByRole("region", { name: "Meet our tutors" });
    const cards = section.getByRole("listitem");
    await expect(cards).toHaveCount(demoTutors.length);
    for (const tutor of demoTutors) {
      const card = section.locator(`li[data-tutor="${tutor.name}"]`);
      await expect(card.getByRole("heading", { level: 3, name: tutor.name })).toBeVisible();
      await expect(card).toContainText(tutor.role);
      await expect(card).toContainText(tutor.bio);
      const photo = card.locator("img");
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // Nothing sticks out sideways, at 360 px either.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the tutors are in the page as sent", async ({ page }) => {
      await page.goto("/about");
      const section = page.getByRole("region", { name: "Meet our tutors" });
      await expect(section.getByRole("listitem")).toHaveCount(demoTutors.length);
      await expect(section.locator("img").first()).toHaveAttribute("srcset", /tutor-photo-.*320w/);
    });
  });

  test("the header is tinted at the top and white after scrolling past 100 px", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-tinted", "true");
    const tint = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(tint).not.toBe("rgb(255, 255, 255)");

    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(60);
    await expect(header).toHaveAttribute("data-tinted", "true");

    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(header).not.toHaveAttribute("data-tinted");
    await expect
      .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe("rgb(255, 255, 255)");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-tinted", "true");
  });

  test("the header of the other pages is never tinted", async ({ page, request }) => {
    for (const path of ["/", "/courses", "/contact", "/course/python-for-data-science"]) {
      const html = await (await request.get(path)).text();
      expect(html.match(/<header[^>]*>/)?.[0], path).not.toContain("data-tinted");
    }
    expect((await (await request.get("/about")).text()).match(/<header[^>]*>/)?.[0]).toContain(
      'data-tinted="true"',
    );
    // Leaving the about page drops the tint.
    await page.goto("/about");
    await waitForHydration(page);
    await expect(page.getByRole("banner")).toHaveAttribute("data-tinted", "true");
    await page.getByRole("link", { name: "Explore Courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("banner")).not.toHaveAttribute("data-tinted");
  });
});

test.describe("contact page", () => {
  test("shows the address, phones, e-mails, office hours and claims", async ({ page }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact Us | Lagos Tech Academy");
    const main = page.getByRole("main");
    await expect(main.locator("address")).toContainText("Victoria Island, Lagos");
    await expect(main.getByRole("link", { name: /^\+234/ })).toHaveCount(2);
    await expect(main.getByRole("link", { name: /@/ })).toHaveCount(2);
    for (const [value, label] of [
      ["500+", "Students trained"],
      ["16+", "Courses"],
      ["95%", "Job placement"],
      ["5+", "Years of experience"],
    ] as const) {
      await expect(main.getByText(value, { exact: true })).toBeVisible();
      await expect(main.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(main.getByText("9:00 - 18:00")).toBeVisible();
    await expect(main.getByText("10:00 - 16:00")).toBeVisible();
    await expect(main.getByText("Closed", { exact: true })).toBeVisible();
    await expect(main.getByLabel("Subject").locator("option")).toHaveText([
      "Select a subject",
      "Course Information",
      "Enrollment Inquiry",
      "Technical Support",
      "Partnership Opportunities",
      "Career Guidance",
      "Other",
    ]);
    await main.getByRole("link", { name: "Browse Our Courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });
});

test.describe("contact page on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("e-mail addresses break only after the '@', never mid-word", async ({ page }) => {
    await page.goto("/contact");
    const addresses = page.getByRole("main").locator('a[href^="mailto:"]');
    expect(await addresses.count()).toBeGreaterThan(0);
    for (const address of await addresses.all()) {
      const lines = await renderedLines(address);
      for (const line of lines.slice(0, -1)) {
        expect(line, `a line of ${lines.join("")}`).toMatch(/@$/);
      }
    }
  });
});

test("the footer has the service and support links, social links and contact details", async ({
  page,
}) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  for (const name of ["All Courses", "Design", "Marketing", "Data Science", "Programming"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  for (const name of ["About Us", "Contact Us"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(5);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(footer.locator("address")).toContainText("Lagos");
  await footer.getByRole("link", { name: "Data Science", exact: true }).click();
  await expect(page).toHaveURL(/\/courses\?category=Data\+Science$/);
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Data Science");
});

test("keyboard: on every page the skip link comes first and moves focus to the main content", async ({
  page,
}) => {
  // The landing page's own keyboard test (landing.spec.ts) starts the same way.
  for (const path of ["/about", "/courses", "/course/python-for-data-science"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip, path).toBeFocused();
    // It shows itself when focused.
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, path).toBeGreaterThan(20);
    await expect(skip, path).toBeInViewport();

    // Next comes the navigation (the menu button on a phone).
    await page.keyboard.press("Tab");
    const inHeader = await page.evaluate(() => document.activeElement?.closest("header") !== null);
    expect(inHeader, path).toBe(true);

    await page.keyboard.press("Shift+Tab");
    await expect(skip, path).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main"), path).toBeFocused();
    // The next Tab goes on inside the main content, not back to the header.
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(() => document.activeElement?.closest("main") !== null);
    expect(inMain, path).toBe(true);
  }
});
