import type { Page } from "@playwright/test";
import {
  activeCourses,
  expect,
  htmlText,
  inactiveCourse,
  isNarrow,
  type SeedCourse,
  test,
  waitForHydration,
} from "./fixtures";

const total = activeCourses.length;

/** What the catalogue should show: title or description contains the text, any case. */
function expected({ q = "", category = "", level = "" }) {
  const needle = q.toLowerCase();
  return activeCourses
    .filter(
      (course: SeedCourse) =>
        (!needle ||
          course.title.toLowerCase().includes(needle) ||
          course.description.toLowerCase().includes(needle)) &&
        (!category || course.category === category) &&
        (!level || course.level === level),
    )
    .map((course) => course.title)
    .sort();
}

const cardTitles = async (page: Page) =>
  (await page.getByRole("main").getByRole("article").getByRole("heading").allTextContents())
    .map((title) => title.trim())
    .sort();

const counter = (page: Page) => page.getByText(/^Showing \d+ of \d+ courses$/);
const search = (page: Page) => page.getByRole("searchbox", { name: "Search courses" });
const category = (page: Page) => page.getByRole("combobox", { name: "Category" });
const level = (page: Page) => page.getByRole("combobox", { name: "Level" });

async function openCatalogue(page: Page, path = "/courses") {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe("catalogue with JavaScript", () => {
  test("lists every active course, not the inactive one", async ({ page }) => {
    await openCatalogue(page);
    await expect(page).toHaveTitle("All Courses | Lagos Tech Academy");
    await expect(page.getByRole("main").getByText("All Courses", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Master New Skills Today");
    await expect(counter(page)).toHaveText(`Showing ${total} of ${total} courses`);
    await expect.poll(() => cardTitles(page)).toEqual(expected({}));
    await expect(page.getByText(inactiveCourse.title)).toHaveCount(0);
  });

  test("searches title and description as you type, in any case", async ({ page }) => {
    await openCatalogue(page);
    // "PAYSTACK" is in a description only; the match must ignore case.
    const descriptionOnly = expected({ q: "paystack" });
    expect(descriptionOnly.length).toBeGreaterThan(0);
    expect(descriptionOnly.some((title) => !title.toLowerCase().includes("paystack"))).toBe(true);
    // Every prefix of the search has results, so the list must stay on screen throughout.
    await page.evaluate(() => {
      const list = document.querySelector("main ul:has(article)");
      const main = document.querySelector("main");
      if (!list || !main) throw new Error("No course list");
      document.documentElement.dataset.listRemoved = "false";
      new MutationObserver(() => {
        if (!list.isConnected) document.documentElement.dataset.listRemoved = "true";
      }).observe(main, { childList: true, subtree: true });
    });
    await search(page).pressSequentially("PAYSTACK");
    await expect(page).toHaveURL(/\/courses\?q=PAYSTACK$/);
    await expect(counter(page)).toHaveText(`Showing ${descriptionOnly.length} of ${total} courses`);
    await expect.poll(() => cardTitles(page)).toEqual(descriptionOnly);
    await expect(page.locator("html")).toHaveAttribute("data-list-removed", "false");

    await search(page).fill("design");
    const design = expected({ q: "design" });
    await expect(counter(page)).toHaveText(`Showing ${design.length} of ${total} courses`);
    await expect(page).toHaveURL(/\?q=design$/);
    await expect.poll(() => cardTitles(page)).toEqual(design);

    await search(page).fill("");
    await expect(page).toHaveURL(/\/courses$/);
    await expect(counter(page)).toHaveText(`Showing ${total} of ${total} courses`);
  });

  test("filters by category and level", { tag: "@phone" }, async ({ page }) => {
    await openCatalogue(page);
    await expect(category(page).locator("option")).toHaveText([
      "All Categories",
      "Data Science",
      "Design",
      "Marketing",
      "Programming",
    ]);
    await expect(level(page).locator("option")).toHaveText([
      "All Levels",
      "Advanced",
      "Beginner",
      "Intermediate",
    ]);

    await category(page).selectOption("Marketing");
    await expect(page).toHaveURL(/\?category=Marketing$/);
    const marketing = expected({ category: "Marketing" });
    await expect(counter(page)).toHaveText(`Showing ${marketing.length} of ${total} courses`);
    await expect.poll(() => cardTitles(page)).toEqual(marketing);

    await level(page).selectOption("Advanced");
    await expect(page).toHaveURL(/\?category=Marketing&level=Advanced$/);
    const advanced = expected({ category: "Marketing", level: "Advanced" });
    await expect(counter(page)).toHaveText(`Showing ${advanced.length} of ${total} courses`);
    await expect.poll(() => cardTitles(page)).toEqual(advanced);

    await category(page).selectOption({ label: "All Categories" });
    await expect(page).toHaveURL(/\?level=Advanced$/);
    const allAdvanced = expected({ level: "Advanced" });
    await expect(counter(page)).toHaveText(`Showing ${allAdvanced.length} of ${total} courses`);
    await expect.poll(() => cardTitles(page)).toEqual(allAdvanced);
  });

  test("switches between grid and list views", { tag: "@phone" }, async ({ page }) => {
    await openCatalogue(page);
    const grid = page.getByRole("link", { name: "Grid view" });
    const list = page.getByRole("link", { name: "List view" });
    await expect(grid).toHaveAttribute("aria-current", "true");
    await expect(list).not.toHaveAttribute("aria-current", "true");
    const cards = page.getByRole("main").getByRole("article");
    const boxes = async () => [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    if (!isNarrow(page)) {
      const [first, second] = await boxes();
      // A grid puts the first two cards side by side.
      expect(second?.x ?? 0).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);
      expect(Math.abs((second?.y ?? 0) - (first?.y ?? 0))).toBeLessThan(2);
    }

    await list.click();
    await expect(page).toHaveURL(/\/courses\?view=list$/);
    await expect(list).toHaveAttribute("aria-current", "true");
    await expect(grid).not.toHaveAttribute("aria-current", "true");
    await expect(cards).toHaveCount(total);
    if (!isNarrow(page)) {
      const [first, second] = await boxes();
      // A list stacks them, each as wide as the list.
      expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
      expect(Math.abs((second?.x ?? 0) - (first?.x ?? 0))).toBeLessThan(2);
      expect(first?.width ?? 0).toBeGreaterThan(700);
    }

    // The view survives filtering, and grid view takes it out of the URL again.
    await category(page).selectOption("Design");
    await expect(page).toHaveURL(/\?category=Design&view=list$/);
    await grid.click();
    await expect(page).toHaveURL(/\/courses\?category=Design$/);
    await expect(grid).toHaveAttribute("aria-current", "true");
  });

  test("shows the empty state, and Clear Filters resets all three filters", async ({ page }) => {
    await openCatalogue(page, "/courses?view=list");
    // Changed in quick succession: no change may undo the one before.
    await category(page).selectOption("Design");
    await level(page).selectOption("Beginner");
    await search(page).fill("kubernetes");
    await expect(page).toHaveURL(/\?q=kubernetes&category=Design&level=Beginner&view=list$/);
    await expect(page.getByRole("heading", { name: "No courses found" })).toBeVisible();
    await expect(counter(page)).toHaveText(`Showing 0 of ${total} courses`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);

    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/courses\?view=list$/);
    await expect(search(page)).toHaveValue("");
    await expect(category(page)).toHaveValue("");
    await expect(level(page)).toHaveValue("");
    await expect(category(page).locator("option:checked")).toHaveText("All Categories");
    await expect(level(page).locator("option:checked")).toHaveText("All Levels");
    await expect(counter(page)).toHaveText(`Showing ${total} of ${total} courses`);
    await expect(page.getByRole("heading", { name: "No courses found" })).toHaveCount(0);
  });

  test("a course card opens its course page", async ({ page }) => {
    await openCatalogue(page, "/courses?category=Programming&level=Advanced");
    const titles = expected({ category: "Programming", level: "Advanced" });
    await expect.poll(() => cardTitles(page)).toEqual(titles);
    const course = activeCourses.find((item) => item.title === titles[0]);
    await page.getByRole("link", { name: titles[0] }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${course?.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[0] ?? "");
  });
});

const shared = "/courses?q=data&category=Data+Science&level=Beginner&view=list";
const sharedTitles = expected({ q: "data", category: "Data Science", level: "Beginner" });

test.describe("next intakes in the catalogue", () => {
  /** The Lagos date `days` from now. */
  const lagosDate = (days: number) =>
    new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

  test("each card says when the next intake starts", async ({ page }) => {
    await openCatalogue(page);
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(total);
    // textContent: cards off screen are not laid out (content-visibility), so have no innerText.
    for (const text of await cards.allTextContents()) {
      expect(text).toMatch(/Starts \d{1,2} [A-Z][a-z]{2}|Next intake to be announced/);
    }
  });

  test("'Starting in the next 60 days' keeps the courses whose next intake starts by then", async ({
    page,
  }) => {
    await openCatalogue(page);
    await page.getByRole("combobox", { name: "Start date" }).selectOption("60-days");
    await expect(page).toHaveURL(/\?starting=60-days$/);
    const soon = activeCourses
      .filter((course) =>
        course.intakes.some(
          (intake) =>
            intake.status === "open" &&
            intake.startsOn >= lagosDate(0) &&
            intake.startsOn <= lagosDate(60),
        ),
      )
      .map((course) => course.title)
      .sort();
    expect(soon.length).toBeGreaterThan(0);
    expect(soon.length).toBeLessThan(total);
    await expect(counter(page)).toHaveText(`Showing ${soon.length} of ${total} courses`);
    await expect.poll(() => cardTitles(page)).toEqual(soon);
  });
});

test.describe("shared catalogue URL", () => {
  test("is filtered in the server HTML", async ({ request }) => {
    expect(sharedTitles.length).toBeGreaterThan(0);
    const html = await (await request.get(shared)).text();
    // The header's course menu links to every course: look at the page's own content.
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const text = htmlText(main);
    expect(text).toContain(`Showing ${sharedTitles.length} of ${total} courses`);
    for (const course of activeCourses) {
      const link = `href="/course/${course.slug}"`;
      if (sharedTitles.includes(course.title)) {
        expect(main).toContain(link);
        expect(text).toContain(course.title);
      } else {
        expect(main).not.toContain(link);
      }
    }
    expect(main).toMatch(/<input[^>]*id="catalogue-search"[^>]*value="data"/);
    expect(main).toMatch(/<option[^>]*selected=""[^>]*>Data Science</);
    expect(main).toMatch(/<option[^>]*selected=""[^>]*>Beginner</);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("shows the filtered list and filters with the Apply button", { tag: "@phone" }, async ({
      page,
    }) => {
      await page.goto(shared);
      await expect(counter(page)).toHaveText(`Showing ${sharedTitles.length} of ${total} courses`);
      await expect.poll(() => cardTitles(page)).toEqual(sharedTitles);
      await expect(search(page)).toHaveValue("data");
      await expect(category(page)).toHaveValue("Data Science");
      await expect(level(page)).toHaveValue("Beginner");
      await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute(
        "aria-current",
        "true",
      );

      await search(page).fill("PYTHON");
      await category(page).selectOption({ label: "All Categories" });
      await level(page).selectOption({ label: "All Levels" });
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/\/courses\?q=PYTHON&category=&level=&starting=&view=list$/);
      const python = expected({ q: "python" });
      await expect(counter(page)).toHaveText(`Showing ${python.length} of ${total} courses`);
      await expect.poll(() => cardTitles(page)).toEqual(python);

      await search(page).fill("nothing-matches-this");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("heading", { name: "No courses found" })).toBeVisible();
      await page.getByRole("link", { name: "Clear Filters" }).click();
      await expect(page).toHaveURL(/\/courses\?view=list$/);
      await expect(counter(page)).toHaveText(`Showing ${total} of ${total} courses`);
      await expect(search(page)).toHaveValue("");
    });
  });
});
