import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  colourContrast,
  demoCourse,
  expect,
  naira,
  renderedLines,
  seededStartDates,
  test,
  tutorsOf,
  waitForHydration,
} from "./fixtures";

const full = demoCourse("ui-ux-design-fundamentals");
/** No modules, no brochure, no class size. */
const sparse = demoCourse("seo-content-marketing");
/** No FAQs. */
const noFaqs = demoCourse("brand-strategy-marketing-management");

const hero = (page: Page) => page.getByRole("main").locator("section").first();
const sectionHeading = (page: Page, name: string) =>
  page.getByRole("main").getByRole("heading", { level: 2, name, exact: true });

test.describe("course hero", () => {
  test("shows category, title, rating, lessons, level, duration and language", async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    await expect(page).toHaveTitle(`${full.title} | Lagos Tech Academy`);
    const top = hero(page);
    await expect(top.getByRole("heading", { level: 1 })).toHaveText(full.title);
    await expect(top.getByText(full.category, { exact: true })).toBeVisible();
    await expect(top.getByText(full.description)).toBeVisible();
    const stars = top.getByRole("img", { name: "Rated 4.8 out of 5" });
    await expect(stars).toBeVisible();
    await expect(stars).toHaveAttribute("data-half-stars", "10");
    await expect(top.getByText(`${full.lessons} lessons`, { exact: true })).toBeVisible();
    await expect(top.getByText(full.level ?? "", { exact: true })).toBeVisible();
    await expect(top.getByText(full.duration ?? "", { exact: true })).toBeVisible();
    await expect(top.getByText("English", { exact: true })).toBeVisible();
    await expect(top.getByRole("img", { name: full.title })).toBeVisible();
  });

  test("a rating of 4.5 shows four and a half stars", async ({ page }) => {
    const course = demoCourse("fintech-banking-analytics");
    expect(course.rating).toBe(4.5);
    await page.goto(`/course/${course.slug}`);
    const stars = hero(page).getByRole("img", { name: "Rated 4.5 out of 5" });
    await expect(stars).toHaveAttribute("data-half-stars", "9");
  });

  const priced = [
    // 50,000 off 300,000 is 16.67%: rounds up to 17.
    { slug: "ui-ux-design-fundamentals", off: 17 },
    // 40,000 off 320,000 is exactly 12.5%: rounds half up to 13.
    { slug: "fintech-banking-analytics", off: 13 },
    // 70,000 off 450,000 is 15.56%: 16.
    { slug: "product-design-for-fintech", off: 16 },
  ];

  test("prices in Naira, with the struck-through original price and percent off", {
    tag: "@phone",
  }, async ({ page }) => {
    for (const { slug, off } of priced) {
      const course = demoCourse(slug);
      const originalPrice = course.originalPrice ?? 0;
      expect(Math.round(((originalPrice - (course.price ?? 0)) / originalPrice) * 100)).toBe(off);
      await page.goto(`/course/${slug}`);
      const top = hero(page);
      await expect(top.getByText(naira(course.price ?? 0), { exact: true })).toBeVisible();
      const original = top.locator("s");
      await expect(original).toHaveText(`Original price ${naira(originalPrice)}`);
      await expect(original).toHaveCSS("text-decoration-line", "line-through");
      await expect(top.getByText(/^\d+% OFF$/)).toHaveText(`${off}% OFF`);
    }
    expect(naira(25_000_000)).toBe("₦250,000");
    await page.goto(`/course/${full.slug}`);
    await expect(hero(page).getByText("₦250,000", { exact: true })).toBeVisible();
    await expect(hero(page).getByText("₦300,000")).toBeVisible();
  });

  test("no struck-through price or badge without a discount", async ({ page }) => {
    const course = demoCourse("graphic-design-brand-identity");
    expect(course.originalPrice).toBe(course.price);
    await page.goto(`/course/${course.slug}`);
    await expect(hero(page).getByText(naira(course.price ?? 0), { exact: true })).toBeVisible();
    await expect(hero(page).locator("s")).toHaveCount(0);
    await expect(hero(page).getByText(/% OFF/)).toHaveCount(0);
  });

  // 'Contact an Advisor' first went to /contact; it now opens the course's own inquiry form
  // (issue 10), from which the contact page is one link away.
  test("'Contact an Advisor' opens the advisor form; the contact page is one link on", async ({
    page,
  }) => {
    await page.goto(`/course/${full.slug}`);
    await page.getByRole("link", { name: "Contact an Advisor" }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${full.slug}#ask-an-advisor$`));
    await page.getByRole("link", { name: "See all the ways to reach us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in touch");
  });

  test("'Chat on WhatsApp' does not look like 'Contact an Advisor'", async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    const looks = [];
    for (const name of ["Contact an Advisor", "Chat on WhatsApp"]) {
      const button = hero(page).getByRole("link", { name });
      looks.push(
        await button.evaluate((element) => ({
          background: getComputedStyle(element).backgroundColor,
          icon: element.querySelector("svg")?.innerHTML ?? "",
        })),
      );
    }
    const [advisor, whatsapp] = looks;
    expect(whatsapp?.icon, "a different icon").not.toBe(advisor?.icon);
    const contrast = await colourContrast(
      page,
      advisor?.background ?? "",
      whatsapp?.background ?? "",
    );
    expect(contrast, "the colours tell apart at a glance").toBeGreaterThanOrEqual(2);
  });

  test("Back returns to the filtered catalogue it came from", async ({ page }) => {
    await page.goto("/courses?category=Marketing");
    await waitForHydration(page);
    await page.getByRole("link", { name: sparse.title }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${sparse.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sparse.title);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/courses\?category=Marketing$/);
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Marketing");
  });

  test("Back goes to the catalogue when the course page was opened directly", async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { name: "Master New Skills Today" })).toBeVisible();
  });
});

test.describe("brochure", () => {
  for (const { slug, fileName } of [
    { slug: "ui-ux-design-fundamentals", fileName: "ui_ux_design_fundamentals_brochure.pdf" },
    {
      slug: "graphic-design-brand-identity",
      fileName: "graphic_design___brand_identity_brochure.pdf",
    },
  ]) {
    test(`'Download Brochure' downloads ${fileName}`, async ({ page }) => {
      const course = demoCourse(slug);
      expect(course.hasBrochure).toBe(true);
      // The file name: non-alphanumerics to '_', lower case, then '_brochure.pdf'.
      expect(`${course.title.replace(/[^a-zA-Z0-9]/g, "_").toLowerCase()}_brochure.pdf`).toBe(
        fileName,
      );
      await page.goto(`/course/${slug}`);
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download Brochure" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      const file = await readFile(await download.path());
      expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(file.length).toBeGreaterThan(500);
    });
  }

  test("'Download Brochure' shows the file's type and size", async ({ page, request }) => {
    await page.goto(`/course/${full.slug}`);
    const link = page.getByRole("link", { name: "Download Brochure" });
    const href = await link.getAttribute("href");
    const bytes = (await (await request.get(href ?? "")).body()).length;
    // The demo brochures are a few kilobytes: under 1 MB the size is in KB, to one decimal.
    expect(bytes).toBeLessThan(1024 * 1024);
    await expect(link).toContainText(`PDF, ${(bytes / 1024).toFixed(1)} KB`);
  });
});

test.describe("brochure on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the brochure's size stays on one line", async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    const link = hero(page).getByRole("link", { name: "Download Brochure" });
    const size = (await link.textContent())?.match(/\d[\d.,]* [KM]B/)?.[0];
    expect(size, "the link names the size").toBeTruthy();
    const lines = await renderedLines(link);
    expect(
      lines.some((line) => line.includes(size ?? "")),
      lines.join(" | "),
    ).toBe(true);
  });
});

/** The message a visitor gets from 'Download Brochure' on a course without one. */
async function expectNoBrochureMessage(page: Page) {
  const message = hero(page).getByRole("status");
  await expect(message).toBeHidden();
  await hero(page).getByText("Download Brochure").click();
  await expect(message).toBeVisible();
  await expect(message).toHaveText("Brochure not available for this course.");
}

test.describe("a course without a brochure", () => {
  test("says so when 'Download Brochure' is chosen", async ({ page }) => {
    expect(sparse.hasBrochure).toBe(false);
    await page.goto(`/course/${sparse.slug}`);
    await waitForHydration(page);
    await expectNoBrochureMessage(page);
  });
});

test.describe("a course without a brochure, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says so when 'Download Brochure' is chosen", async ({ page }) => {
    await page.goto(`/course/${sparse.slug}`);
    await expectNoBrochureMessage(page);
  });
});

test.describe("course sections", () => {
  test("a full course shows every section", { tag: "@phone" }, async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    const main = page.getByRole("main");
    for (const [name, items] of [
      ["What You'll Learn", full.learningOutcomes ?? []],
      ["Prerequisites", full.prerequisites ?? []],
      ["Skills You'll Gain", full.skills ?? []],
    ] as const) {
      const section = main.getByRole("region", { name, exact: true });
      await expect(section.getByRole("listitem")).toHaveText([...items]);
    }

    const curriculum = main.getByRole("region", { name: "Course Curriculum" });
    await expect(curriculum.getByText(full.deliveryMethod ?? "-")).toBeVisible();
    const modules = curriculum.getByRole("heading", { level: 3 });
    await expect(modules).toHaveText(
      (full.modules ?? []).map((module, index) => `Module ${index + 1}: ${module.title}`),
    );
    const firstModule = full.modules?.[0];
    await expect(curriculum.getByText(firstModule?.description ?? "-")).toBeVisible();
    for (const topic of firstModule?.topics ?? []) {
      await expect(curriculum.getByText(topic, { exact: true })).toBeVisible();
    }

    await expect(sectionHeading(page, "Expert-Led Training")).toBeVisible();
    await expect(main.getByText(/small groups of 10-15 students/)).toBeVisible();
    await expect(sectionHeading(page, "Frequently Asked Questions")).toBeVisible();
  });

  test("'Next 3 Sessions' lists the open intakes with their dates, places, closing and early bird", async ({
    page,
  }) => {
    await expectNextIntakes(page);
  });

  test("'Your tutors' introduces the tutors of the next intake", async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    await expectTutors(page);
  });

  test("the sidebar lists the course details and fixed features", async ({ page }) => {
    await page.goto(`/course/${full.slug}`);
    const details = page.getByRole("region", { name: "Course Details" });
    const rows = await details
      .locator("dl > div")
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector("dt")?.textContent ?? "",
          item.querySelector("dd")?.textContent ?? "",
        ]),
      );
    expect(Object.fromEntries(rows)).toEqual({
      Duration: full.duration,
      Lessons: String(full.lessons),
      Certificate: full.certification,
      Language: "English",
      Subtitles: (full.subtitles ?? []).join(", "),
      Schedule: full.schedule,
      Format: full.format,
      "Class size": full.classSize,
      Location: full.location,
    });
    await expect(
      page.getByRole("region", { name: "Course Features" }).getByRole("listitem"),
    ).toHaveText([
      "On-demand video",
      "Downloadable resources",
      "Lifetime access",
      "Certificate of completion",
    ]);
  });

  test("a course without modules has no curriculum; default class size text", async ({ page }) => {
    expect(sparse.modules).toEqual([]);
    expect(sparse.classSize).toBeNull();
    await page.goto(`/course/${sparse.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sparse.title);
    await expect(sectionHeading(page, "What You'll Learn")).toBeVisible();
    await expect(sectionHeading(page, "Course Curriculum")).toHaveCount(0);
    await expect(sectionHeading(page, "Next 3 Sessions")).toBeVisible();
    await expect(sectionHeading(page, "Frequently Asked Questions")).toBeVisible();
    await expect(page.getByText(/small groups of 5 to 10 students/)).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Course Details" }).getByText("Class size"),
    ).toHaveCount(0);
  });

  test("a course without FAQs has no FAQ section", async ({ page }) => {
    expect(noFaqs.faqs).toEqual([]);
    await page.goto(`/course/${noFaqs.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(noFaqs.title);
    await expect(sectionHeading(page, "Course Curriculum")).toBeVisible();
    await expect(sectionHeading(page, "Frequently Asked Questions")).toHaveCount(0);
  });
});

test.describe("FAQ accordion", { tag: "@phone" }, () => {
  const faqs = full.faqs ?? [];

  test("opens one answer at a time; clicking the open one closes it", async ({ page }) => {
    expect(faqs.length).toBeGreaterThanOrEqual(2);
    const [first, second] = faqs;
    if (!first || !second) throw new Error("Two FAQs expected");
    await page.goto(`/course/${full.slug}`);
    const region = page.getByRole("region", { name: "Frequently Asked Questions" });
    const answer = (text: string) => region.getByText(text, { exact: true });
    for (const faq of faqs) await expect(answer(faq.answer)).toBeHidden();

    await region.getByText(first.question, { exact: true }).click();
    await expect(answer(first.answer)).toBeVisible();
    await region.getByText(second.question, { exact: true }).click();
    await expect(answer(second.answer)).toBeVisible();
    await expect(answer(first.answer)).toBeHidden();
    await region.getByText(second.question, { exact: true }).click();
    await expect(answer(second.answer)).toBeHidden();
    await expect(answer(first.answer)).toBeHidden();
  });

  test("works with the keyboard", async ({ page }) => {
    const [first, second] = faqs;
    if (!first || !second) throw new Error("Two FAQs expected");
    await page.goto(`/course/${full.slug}`);
    const region = page.getByRole("region", { name: "Frequently Asked Questions" });
    const question = (text: string) => region.locator("summary", { hasText: text });
    const answer = (text: string) => region.getByText(text, { exact: true });

    await question(first.question).focus();
    await page.keyboard.press("Enter");
    await expect(answer(first.answer)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(question(second.question)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(answer(second.answer)).toBeVisible();
    await expect(answer(first.answer)).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(answer(second.answer)).toBeHidden();
  });
});

/**
 * The demo's two open intakes of the full course, as its page lists them: label and dates,
 * class times, mode, places left in words, enrolment closing and, on the first, the early bird.
 */
async function expectNextIntakes(page: Page) {
  await page.goto(`/course/${full.slug}`);
  const sessions = page.getByRole("region", { name: "Next 3 Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  const [first, second] = (await sessions.allInnerTexts()).map((text) =>
    text.replace(/\s+/g, " ").trim(),
  );
  const shortDate = new Intl.DateTimeFormat("en-NG", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  const dated = (date: string) => shortDate.format(new Date(`${date}T12:00:00+01:00`));
  const starts = seededStartDates(full.slug).map((dates) => dates.map(dated));
  expect(
    starts.some(
      ([next, after]) => first?.includes(`${next} to `) && second?.includes(`${after} to `),
    ),
  ).toBe(true);
  expect(first).toContain("20 of 20 places left");
  expect(first).toMatch(/Enrolment closes (in \d days|tomorrow|today|\d{1,2} [A-Z][a-z]{2})/);
  expect(first).toMatch(/Early bird ₦[\d,]+ until \d{1,2} [A-Z][a-z]{2} \(save ₦[\d,]+\)/);
  expect(second).toContain("Last 3 places");
  expect(second).not.toContain("Early bird");
  if (full.schedule) expect(first).toContain(full.schedule);
}

/** 'Your tutors': the next intake's tutors, each with photo, name, role and bio. */
async function expectTutors(page: Page) {
  const region = page.getByRole("region", { name: "Your tutors" });
  const tutors = tutorsOf(full);
  expect(tutors.length).toBeGreaterThan(0);
  await expect(region.getByRole("heading", { level: 3 })).toHaveText(
    tutors.map((tutor) => tutor.name),
  );
  for (const tutor of tutors) {
    const card = region.getByRole("listitem").filter({ hasText: tutor.name });
    await expect(card).toContainText(tutor.role);
    await expect(card).toContainText(tutor.bio);
    // The portrait is decorative (alt=""): the name beside it says who it is.
    await expect(card.locator("img")).toBeVisible();
  }
}

test.describe("intakes without JavaScript", { tag: "@phone" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server's page lists them the same", async ({ page }) => {
    await expectNextIntakes(page);
    await expectTutors(page);
  });
});

test.describe("intakes on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("are listed one under another, within the screen", async ({ page }) => {
    await expectNextIntakes(page);
    const region = page.getByRole("region", { name: "Next 3 Sessions" });
    const width = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(width).toBeLessThanOrEqual(0);
    const boxes = await region
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(boxes[1]).toBeGreaterThan(boxes[0] ?? 0);
  });
});
