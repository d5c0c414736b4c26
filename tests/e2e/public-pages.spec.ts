import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import {
  activeCourses,
  demoCourse,
  expect,
  htmlText,
  inactiveCourse,
  metaContent,
  naira,
  seededStartDates,
  test,
  titleOf,
  tutorsOf,
  waitForHydration,
} from "./fixtures";

const HEADLINE = "Build the tech skills Lagos is hiring for";

/** Each public page, what its first HTML must already contain, and its title. */
const pages = [
  {
    path: "/",
    title: "Lagos Tech Academy: tech courses in Lagos",
    texts: [
      HEADLINE,
      "Join Us Now",
      "More than 2000+ Student Joined",
      "Why Choose Us",
      "Featured Courses",
      "Browse All Courses",
      "Contact an advisor",
      "Have a question? Ask us.",
      "answer within 24 hours",
    ],
  },
  {
    path: "/about",
    title: "About Us | Lagos Tech Academy",
    texts: [
      "Our Story",
      "2024",
      "Passion for Learning",
      "Goal-Oriented",
      "Community Focused",
      "Excellence Driven",
      "Start Your Journey Today",
    ],
  },
  {
    path: "/courses",
    title: "All Courses | Lagos Tech Academy",
    texts: [
      "Master New Skills Today",
      `Showing ${activeCourses.length} of ${activeCourses.length} courses`,
      ...activeCourses.map((course) => course.title),
    ],
  },
  {
    path: "/contact",
    title: "Contact Us | Lagos Tech Academy",
    texts: [
      "Send us a message",
      "Victoria Island",
      "500+",
      "16+",
      "95%",
      "5+",
      "Saturday",
      "10:00 - 16:00",
      "Closed",
      "Browse Our Courses",
    ],
  },
  {
    path: "/course/ui-ux-design-fundamentals",
    title: "UI/UX Design Fundamentals | Lagos Tech Academy",
    texts: [
      "UI/UX Design Fundamentals",
      demoCourse("ui-ux-design-fundamentals").description,
      "What You'll Learn",
      "Course Curriculum",
      "Next 3 Sessions",
      "Course Details",
      "Course Features",
    ],
  },
];

test.describe("server-rendered pages", () => {
  for (const page of pages) {
    test(`${page.path} has its content, title and description in the first HTML`, async ({
      request,
    }) => {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      const text = htmlText(html);
      for (const expected of page.texts) expect(text).toContain(expected);
      expect(titleOf(html)).toBe(page.title);
      const description = metaContent(html, "name", "description");
      expect(description?.length ?? 0).toBeGreaterThan(40);
    });
  }

  test("every public page has its own title and description", async ({ request }) => {
    const seen = await Promise.all(
      pages.map(async (page) => {
        const html = await (await request.get(page.path)).text();
        return { title: titleOf(html), description: metaContent(html, "name", "description") };
      }),
    );
    expect(new Set(seen.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(seen.map((page) => page.description)).size).toBe(pages.length);
  });

  test("the navigation menu of every page links to every active course, and only those", async ({
    request,
  }) => {
    const html = await (await request.get("/about")).text();
    for (const course of activeCourses) expect(html).toContain(`href="/course/${course.slug}"`);
    expect(html).not.toContain(`/course/${inactiveCourse.slug}`);
    expect(htmlText(html)).not.toContain(inactiveCourse.title);
  });
});

test.describe("course page metadata", () => {
  const course = demoCourse("ui-ux-design-fundamentals");
  const path = `/course/${course.slug}`;

  test("has a canonical link, Open Graph tags and Course JSON-LD", async ({ request, baseURL }) => {
    const html = await (await request.get(path)).text();
    const url = `${baseURL}${path}`;
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(html, "property", "og:url")).toBe(url);
    expect(metaContent(html, "property", "og:title")).toBe(`${course.title} | Lagos Tech Academy`);
    expect(metaContent(html, "property", "og:description")).toBe(
      metaContent(html, "name", "description"),
    );
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:image")).toMatch(
      new RegExp(`^${baseURL}/files/course-assets/images/`),
    );

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]?.[1] ?? "null");
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Course");
    expect(data.name).toBe(course.title);
    expect(data.description).toBe(course.description);
    expect(data.provider).toMatchObject({ name: "Lagos Tech Academy" });
    expect(data.offers).toMatchObject({
      "@type": "Offer",
      // In Naira, the currency's unit; the course keeps kobo.
      price: (course.price ?? 0) / 100,
      priceCurrency: "NGN",
    });
    // One course instance per open intake still ahead, each complete for Google's course
    // rich results: mode, dates, place, schedule and an offer in Naira.
    const instances = data.hasCourseInstance as Record<string, unknown>[];
    expect(seededStartDates(course.slug)).toContainEqual(
      instances.map((instance) => instance.startDate),
    );
    const seeded = course.intakes.filter((intake) => intake.status === "open");
    for (const [index, instance] of instances.entries()) {
      const intake = seeded[index];
      expect(instance).toEqual({
        "@type": "CourseInstance",
        name: intake?.label,
        courseMode: { "in-person": "Onsite", online: "Online", both: "Blended" }[
          intake?.mode ?? "both"
        ],
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        location: {
          "@type": "Place",
          name: intake?.location ?? "Lagos, Nigeria",
          address: intake?.location ?? "Lagos, Nigeria",
        },
        ...(intake?.classTimes
          ? { courseSchedule: { "@type": "Schedule", description: intake.classTimes } }
          : {}),
        instructor: tutorsOf(course).map((tutor) => ({
          "@type": "Person",
          name: tutor.name,
          description: tutor.role,
        })),
        offers: {
          "@type": "Offer",
          category: "Paid",
          price: (intake?.price ?? 0) / 100,
          priceCurrency: "NGN",
          availability: "https://schema.org/InStock",
          url: expect.stringMatching(new RegExp(`/course/${course.slug}$`)),
        },
      });
      expect(String(instance.endDate) >= String(instance.startDate)).toBe(true);
    }
  });

  test("shows the price in Naira in the first HTML", async ({ request }) => {
    const text = htmlText(await (await request.get(path)).text());
    expect(text).toContain(naira(course.price));
    expect(text).toContain("₦250,000");
  });
});

/**
 * The page's link preview (WhatsApp and others show no WebP): og:image and twitter:image name
 * one absolute URL that answers a 1200x630 JPEG, described by its type, size and alt tags.
 */
async function expectJpegShareImage(request: APIRequestContext, path: string, baseURL?: string) {
  const html = await (await request.get(path)).text();
  const image = metaContent(html, "property", "og:image") ?? "";
  expect(image.startsWith(`${baseURL}/`)).toBe(true);
  expect(metaContent(html, "name", "twitter:image")).toBe(image);
  expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
  expect(metaContent(html, "property", "og:image:type")).toBe("image/jpeg");
  expect(metaContent(html, "property", "og:image:width")).toBe("1200");
  expect(metaContent(html, "property", "og:image:height")).toBe("630");
  expect(metaContent(html, "property", "og:image:alt")).toBeTruthy();
  const response = await request.get(image);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const { format, width, height } = await sharp(await response.body()).metadata();
  expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
  return image;
}

test.describe("share images", () => {
  test("a course page's preview is a 1200x630 JPEG of the course image", async ({
    request,
    baseURL,
  }) => {
    const image = await expectJpegShareImage(request, "/course/ui-ux-design-fundamentals", baseURL);
    expect(image).toMatch(new RegExp(`^${baseURL}/files/course-assets/images/.+\\.jpg$`));
  });

  test("the other public pages' preview is the academy's 1200x630 JPEG", async ({
    request,
    baseURL,
  }) => {
    const images = new Set<string>();
    for (const path of ["/", "/about", "/courses", "/contact"]) {
      images.add(await expectJpegShareImage(request, path, baseURL));
    }
    expect([...images]).toEqual([`${baseURL}/share-image.jpg`]);
  });
});

test.describe("sitemap and robots", () => {
  test("/sitemap.xml lists the public pages and active courses, not the inactive one", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    for (const path of ["/", "/about", "/courses", "/contact"]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    for (const course of activeCourses) {
      expect(xml).toContain(`<loc>${baseURL}/course/${course.slug}</loc>`);
    }
    expect(xml).not.toContain(inactiveCourse.slug);
    expect(xml.match(/<loc>/g)).toHaveLength(4 + activeCourses.length);
  });

  test("/robots.txt keeps /admin-portal out and points to the sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^Disallow: \/admin-portal$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));
  });
});

test.describe("not found", () => {
  const courseMissing = "The course you're looking for doesn't exist or may have been removed.";

  test("a missing course answers 404 with 'Course Not Found'", async ({ request }) => {
    const response = await request.get("/course/no-such-course");
    expect(response.status()).toBe(404);
    const text = htmlText(await response.text());
    expect(text).toContain("Course Not Found");
    expect(text).toContain(courseMissing);
  });

  test("the inactive course's page is 404", async ({ request }) => {
    const response = await request.get(`/course/${inactiveCourse.slug}`);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(htmlText(html)).toContain("Course Not Found");
    expect(htmlText(html)).not.toContain(inactiveCourse.title);
  });

  test("the missing course view offers Go Back and Go Home", async ({ page }) => {
    await page.goto("/courses");
    // Followed from the catalogue: the browser tells the page where the visitor came from.
    const response = await page.goto("/course/no-such-course", { referer: page.url() });
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Course Not Found" })).toBeVisible();
    await expect(page.getByText(courseMissing)).toBeVisible();
    await expect(
      page.getByText("If this problem persists, please contact our support team."),
    ).toBeVisible();
    // Go Back moves through the browser's history, which takes the page's scripts.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(HEADLINE);
  });

  test("opened from a shared link, Go Back leads to the catalogue", async ({ page }) => {
    await page.goto("/course/no-such-course");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the missing course view's Go Back leads to the catalogue", async ({ page }) => {
      await page.goto("/course/no-such-course");
      await page.getByRole("main").getByRole("link", { name: "Go Back" }).click();
      await expect(page).toHaveURL(/\/courses$/);
    });
  });

  test("the missing course view offers a way on to all courses", async ({ page }) => {
    await page.goto("/course/no-such-course");
    await expect(page.getByRole("heading", { level: 1, name: "Course Not Found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Browse All Courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { name: "Master New Skills Today" })).toBeVisible();
  });

  test("an unknown URL shows the 404 page", async ({ page, request }) => {
    const raw = await request.get("/no/such/page");
    expect(raw.status()).toBe(404);
    expect(htmlText(await raw.text())).toContain("Page Not Found");

    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    // The shared header is still there.
    await expect(page.getByRole("banner")).toContainText("Lagos Tech Academy");
  });
});
