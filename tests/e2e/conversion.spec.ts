import { activeCourses, expect, test } from "./fixtures";

// The ways from a course page to a conversation: WhatsApp with the course named, the advisor form.

const course = activeCourses.find((item) => item.slug === "ui-ux-design-fundamentals");
if (!course) throw new Error("The demo content lost ui-ux-design-fundamentals");

test("'Chat on WhatsApp' on a course page opens WhatsApp with the course named", {
  tag: "@phone",
}, async ({ page, request }) => {
  await page.goto(`/course/${course.slug}`);
  const button = page.getByRole("main").getByRole("link", { name: "Chat on WhatsApp" });
  await expect(button).toHaveAttribute("href", `/go/whatsapp?course=${course.slug}`);
  const response = await request.get(`/go/whatsapp?course=${course.slug}`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location ?? "");
  expect(`${location.origin}${location.pathname}`).toBe("https://wa.me/2348031234567");
  const text = location.searchParams.get("text") ?? "";
  expect(text).toContain(`I'm interested in the course "${course.title}"`);
  expect(text).toMatch(/\(next session: \w+day, \d{1,2} \w+ \d{4}\)/);
});

test("the footer offers 'Chat on WhatsApp' on every page", async ({ page, request }) => {
  for (const pathname of ["/", "/about", "/contact", "/courses"]) {
    await page.goto(pathname);
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Chat on WhatsApp" }),
    ).toHaveAttribute("href", "/go/whatsapp");
  }
  const response = await request.get("/go/whatsapp", { maxRedirects: 0 });
  expect(new URL(response.headers().location ?? "").searchParams.get("text")).toBe(
    "Hello Lagos Tech Academy, I would like to know more about your courses.",
  );
});

test("'Contact an Advisor' leads to the inquiry form with the course chosen", async ({ page }) => {
  await page.goto(`/course/${course.slug}`);
  await page.getByRole("link", { name: "Contact an Advisor" }).click();
  await expect(
    page.getByRole("heading", { name: `Ask an advisor about ${course.title}` }),
  ).toBeInViewport();
  const form = page.locator("form#inquiry-form");
  await expect(form.getByLabel("Purpose of Inquiry")).toHaveValue("I'm interested in a course");
  await expect(form.getByLabel("Course of Interest")).toHaveValue(course.title);
});
