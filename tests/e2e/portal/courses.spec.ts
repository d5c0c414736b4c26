import type { Locator, Page } from "@playwright/test";
import { buildDemoCourses } from "~/features/demo/demo-courses";
import {
  attachCourseFiles,
  combobox,
  dialog,
  errorOf,
  expect,
  expectToast,
  makePdf,
  makePng,
  openAddModal,
  openItemModal,
  openPortal,
  PORTAL,
  submitModal,
  test,
  textbox,
  uid,
} from "./portal-fixtures";

const texts = {
  created: "Course created successfully!",
  updated: "Course updated successfully!",
  deleted: "Course deleted successfully!",
  activated: "Course activated successfully!",
  deactivated: "Course deactivated successfully!",
  tooLarge: "File size must be less than 5MB",
  wrongType: "File type not allowed. Allowed types: image/jpeg, image/png, image/webp",
  slugTaken: "This slug is already used by another course. Please choose another.",
};

const COURSES = `${PORTAL}/courses`;
const demoCourses = buildDemoCourses(new Date());
const seededInactive = demoCourses.find((course) => course.isActive === false);
const seededActive = demoCourses.find((course) => course.isActive !== false);

const card = (page: Page, slug: string) => page.locator(`[data-course-slug="${slug}"]`);

/** The public course page's HTTP status (200 while active, 404 while inactive or deleted). */
async function publicStatus(page: Page, slug: string) {
  return (await page.request.get(`/course/${slug}`)).status();
}

/** The course's id, from its Edit link in the portal. */
async function courseIdOf(item: Locator) {
  const href = await item.getByRole("link", { name: /^Edit/ }).getAttribute("href");
  const id = new URL(href ?? "", "http://x").searchParams.get("id");
  expect(id, "course id in the Edit link").toMatch(/^[0-9a-f-]{36}$/);
  return id as string;
}

/** Removes a course the test made, if it still exists (keeps the public catalogue clean). */
async function deleteIfPresent(page: Page, id: string | null) {
  if (!id) return;
  await page.request.post(COURSES, { form: { intent: "delete", id }, maxRedirects: 0 });
}

async function openCreateModal(page: Page) {
  await openPortal(page, COURSES);
  const modal = await openAddModal(page, "Add Course");
  await expect(page).toHaveURL(`${COURSES}?modal=create`);
  return modal;
}

test("create a course with image and brochure, see it on the public site, edit, toggle in both views and delete it", async ({
  page,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const token = uid();
  const title = `E2E Course ${token}`;
  const slug = `e2e-course-${token}`;
  let id: string | null = null;
  try {
    const modal = await openCreateModal(page);
    await textbox(modal, "Course title").fill(title);
    await expect(textbox(modal, "Slug")).toHaveValue(slug);
    await textbox(modal, "Description").fill(
      `A course made by the browser tests (${token}): a practical programme with projects.`,
    );
    await combobox(modal, "Category").selectOption("Design");
    await textbox(modal, "Duration").fill("8 weeks");
    await modal.getByRole("spinbutton", { name: "Price (₦)", exact: true }).fill("250000");
    await modal.getByRole("spinbutton", { name: "Original price (₦)" }).fill("300000");
    await textbox(modal, "Outcome 1").fill("Ship a real product");
    await attachCourseFiles(modal, {
      image: await makePng(),
      brochure: await makePdf(title),
    });
    await modal.getByRole("button", { name: "Create Course" }).click();
    await expectToast(page, texts.created, "success", 20_000);
    await expect(modal).toBeHidden();

    const item = card(page, slug);
    await expect(item).toBeVisible();
    id = await courseIdOf(item);
    await expect(item).toContainText(title);
    await expect(item).toContainText("Design");
    await expect(item).toContainText("₦250,000");
    await expect(item).toContainText("Active");
    await expect(item.locator("img")).toHaveAttribute(
      "src",
      /^\/files\/course-assets\/images\/course-image-\d+-800\.webp$/,
    );

    await test.step("the public catalogue and course page show it, with responsive images", async () => {
      await page.goto(`/courses?q=${encodeURIComponent(token)}`);
      const publicCard = page.getByRole("article").filter({ hasText: title });
      await expect(publicCard).toHaveCount(1);
      await expect(publicCard.getByRole("link", { name: title })).toHaveAttribute(
        "href",
        `/course/${slug}`,
      );
      const image = publicCard.locator("img");
      const srcset = (await image.getAttribute("srcset")) ?? "";
      for (const width of [400, 800, 1200]) {
        expect(srcset).toMatch(
          new RegExp(`/files/course-assets/images/course-image-\\d+-${width}\\.webp ${width}w`),
        );
      }
      await expect(image).toHaveAttribute("sizes", /.+/);
      const variant = srcset.split(",")[0]?.trim().split(" ")[0] ?? "";
      const file = await page.request.get(variant);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/webp");
      expect(file.headers()["cache-control"]).toContain("max-age=31536000");

      await page.goto(`/course/${slug}`);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      const hero = page.getByRole("img", { name: title });
      await expect(hero).toHaveAttribute(
        "src",
        /^\/files\/course-assets\/images\/course-image-\d+/,
      );
      // Issue 4: "the public cards and course page use them with srcset/sizes".
      await expect
        .soft(hero, "the course page's image offers the WebP renditions (srcset)")
        .toHaveAttribute("srcset", /-400\.webp 400w.*-800\.webp 800w.*-1200\.webp 1200w/);
      const brochure = page.getByRole("link", { name: "Download Brochure" });
      const href = (await brochure.getAttribute("href")) ?? "";
      expect(href).toMatch(
        new RegExp(`^/files/course-assets/brochures/course-${id}-brochure-\\d+\\.pdf\\?download=`),
      );
      const pdf = await page.request.get(href);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    });

    await test.step("edit it; the history shows who changed what", async () => {
      await openPortal(page, COURSES);
      const edit = await openItemModal(card(page, slug), `Edit ${title}`, "Edit Course");
      await expect(textbox(edit, "Course title")).toHaveValue(title);
      await expect(edit.getByRole("img", { name: "Current course cover" })).toBeVisible();
      await expect(edit.getByRole("link", { name: "Current brochure" })).toBeVisible();
      await edit.getByRole("spinbutton", { name: "Price (₦)", exact: true }).fill("150000");
      await textbox(edit, "Duration").fill("10 weeks");
      await submitModal(edit, "Save Changes", texts.updated);
      await expect(edit).toBeHidden();
      await expect(card(page, slug)).toContainText("₦150,000");

      await card(page, slug)
        .getByRole("link", { name: `Edit ${title}` })
        .click();
      const history = edit.getByRole("region", { name: "History" });
      await expect(history).toBeVisible();
      // Who changed what (the two fields in either order), newest first.
      await expect(history.getByRole("listitem").first()).toContainText(
        new RegExp(`^${superAdmin.name} changed (duration, price|price, duration) · `),
      );
      await expect(history.getByRole("listitem").last()).toContainText(
        `${superAdmin.name} created the course`,
      );
      await edit.getByRole("link", { name: "Cancel" }).click();
      await expect(edit).toBeHidden();
    });

    await test.step("list view: Deactivate hides it from the public site, Activate brings it back", async () => {
      await page.getByRole("link", { name: "List view" }).click();
      await expect(page).toHaveURL(`${COURSES}?view=list`);
      const row = page.locator(`tr[data-course-slug="${slug}"]`);
      await expect(row).toContainText("Active");
      await row.getByRole("button", { name: `Deactivate ${title}` }).click();
      await expectToast(page, texts.deactivated);
      await expect(row).toHaveCount(0);
      expect(await publicStatus(page, slug)).toBe(404);

      await page.getByRole("switch", { name: "Show Inactive" }).check();
      await expect(page).toHaveURL(/inactive=1/);
      await expect(row).toContainText("Inactive");
      await row.getByRole("button", { name: `Activate ${title}` }).click();
      await expectToast(page, texts.activated);
      await expect(row).toContainText("Active");
      expect(await publicStatus(page, slug)).toBe(200);
    });

    await test.step("card view: Hide and Show", async () => {
      await page.getByRole("link", { name: "Card view" }).click();
      await expect(page).toHaveURL(`${COURSES}?inactive=1`);
      const item = card(page, slug);
      await item.getByRole("button", { name: `Hide ${title}` }).click();
      await expectToast(page, texts.deactivated);
      await expect(item).toContainText("Inactive");
      expect(await publicStatus(page, slug)).toBe(404);
      await item.getByRole("button", { name: `Show ${title}` }).click();
      await expectToast(page, texts.activated);
      await expect(item.getByRole("button", { name: `Hide ${title}` })).toBeVisible();
      expect(await publicStatus(page, slug)).toBe(200);
    });

    await test.step("delete it after the confirmation; its files go too", async () => {
      const imageUrl = (await card(page, slug).locator("img").getAttribute("src")) ?? "";
      const confirm = await openItemModal(card(page, slug), `Delete ${title}`, "Delete Course");
      await expect(confirm).toContainText(`Are you sure you want to delete ${title}?`);
      await expect(confirm).toContainText(
        "This permanently deletes the course and removes all its enrollments and progress",
      );
      await submitModal(confirm, "Delete Course", texts.deleted);
      await expect(card(page, slug)).toHaveCount(0);
      expect(await publicStatus(page, slug)).toBe(404);
      expect((await page.request.get(imageUrl)).status()).toBe(404);
      id = null;
    });
  } finally {
    await deleteIfPresent(page, id);
  }
});

test("the course form's validation messages, and a slug already in use", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const modal = await openCreateModal(page);
  // Defaults of a new course; the category always has a value.
  await expect(combobox(modal, "Category")).toHaveValue("Programming");
  await expect(combobox(modal, "Level")).toHaveValue("Beginner");
  await expect(combobox(modal, "Format")).toHaveValue("Available in-person and online");
  await expect(combobox(modal, "Format").locator("option:checked")).toHaveText(
    "Hybrid (In-person & Online)",
  );
  await expect(textbox(modal, "Location")).toHaveValue("Lagos, Nigeria");
  await expect(modal.getByRole("checkbox", { name: "English" })).toBeChecked();
  await expect(modal.getByText("(selected: BookOpen)")).toBeVisible();
  await expect(modal.getByLabel("Active: shown on the public website")).toBeChecked();

  await modal.getByRole("button", { name: "Create Course" }).click();
  await expect(errorOf(textbox(modal, "Course title"))).toHaveText("Course title is required");
  await expect(errorOf(textbox(modal, "Slug"))).toHaveText("Course slug is required");
  await expect(errorOf(textbox(modal, "Description"))).toHaveText("Course description is required");
  await expect(errorOf(combobox(modal, "Category"))).toHaveText("");
  await expect(modal).toBeVisible();

  // Filled in, the messages go; a slug that another course has is refused on the slug field.
  await textbox(modal, "Course title").fill(`Duplicate slug ${uid()}`);
  await expect(errorOf(textbox(modal, "Course title"))).toHaveText("");
  await textbox(modal, "Slug").fill(seededActive?.slug ?? "");
  await textbox(modal, "Description").fill("Trying to take another course's address.");
  await modal.getByRole("button", { name: "Create Course" }).click();
  await expect(errorOf(textbox(modal, "Slug"))).toHaveText(texts.slugTaken);
  await expect(modal).toBeVisible();
});

test("while creating, the slug follows the title until the slug itself is edited", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const modal = await openCreateModal(page);
  const title = textbox(modal, "Course title");
  const slug = textbox(modal, "Slug");
  await title.fill("  Intro to Data & AI: Café_Edition -- 2026!  ");
  await expect(slug).toHaveValue("intro-to-data-ai-cafe-edition-2026");
  await title.fill("UI/UX Design Basics");
  await expect(slug).toHaveValue("uiux-design-basics");
  await slug.fill("my-own-slug");
  await title.fill("Something else entirely");
  await expect(slug).toHaveValue("my-own-slug");
});

test("list editors add and remove rows; remove shows only with more than one row", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const modal = await openCreateModal(page);

  const outcomes = modal.getByRole("group", { name: "Learning outcomes" });
  await expect(outcomes.getByRole("textbox")).toHaveCount(1);
  await expect(outcomes.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await outcomes.getByRole("button", { name: "Add outcome" }).click();
  await expect(outcomes.getByRole("textbox")).toHaveCount(2);
  await expect(outcomes.getByRole("button", { name: /^Remove/ })).toHaveCount(2);
  await textbox(outcomes, "Outcome 1").fill("First outcome");
  await textbox(outcomes, "Outcome 2").fill("Second outcome");
  await outcomes.getByRole("button", { name: "Remove Outcome 1" }).click();
  await expect(outcomes.getByRole("textbox")).toHaveCount(1);
  await expect(textbox(outcomes, "Outcome 1")).toHaveValue("Second outcome");
  await expect(outcomes.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  for (const [legend, add, item] of [
    ["Prerequisites", "Add prerequisite", "Prerequisite"],
    ["Skills", "Add skill", "Skill"],
  ] as const) {
    const group = modal.getByRole("group", { name: legend });
    await expect(group.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await group.getByRole("button", { name: add }).click();
    await expect(group.getByLabel(`${item} 2`)).toBeVisible();
    await group.getByRole("button", { name: `Remove ${item} 2` }).click();
    await expect(group.getByLabel(`${item} 2`)).toHaveCount(0);
    await expect(group.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  }

  const modules = modal.getByRole("group", { name: "Modules" });
  await expect(modules.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await modules.getByRole("button", { name: "Add module" }).click();
  await expect(textbox(modules, "Module 2 Title")).toBeVisible();
  await expect(modules.getByRole("button", { name: /^Remove/ })).toHaveCount(2);
  await textbox(modules, "Module 2 Title").fill("Kept module");
  await modules.getByRole("button", { name: "Remove module 1" }).click();
  await expect(textbox(modules, "Module 1 Title")).toHaveValue("Kept module");
  await expect(textbox(modules, "Module 2 Title")).toHaveCount(0);
  await expect(modules.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  const faqs = modal.getByRole("group", { name: "FAQs" });
  await expect(faqs.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await faqs.getByRole("button", { name: /^Add faq$/i }).click();
  await expect(textbox(faqs, "FAQ 2 Question")).toBeVisible();
  await faqs.getByRole("button", { name: "Remove faq 2" }).click();
  await expect(textbox(faqs, "FAQ 2 Question")).toHaveCount(0);
  await expect(faqs.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list editors' add and remove buttons post the form and come back with the changed rows", async ({
    page,
    superAdmin,
  }) => {
    void superAdmin;
    await page.goto(`${COURSES}?modal=create`);
    const modal = dialog(page, "Add Course");
    await textbox(modal, "Course title").fill("Kept title");

    const skills = modal.getByRole("group", { name: "Skills" });
    await textbox(skills, "Skill 1").fill("React");
    await skills.getByRole("button", { name: "Add skill" }).click();
    await expect(textbox(skills, "Skill 1")).toHaveValue("React");
    await expect(textbox(skills, "Skill 2")).toHaveValue("");
    await expect(textbox(modal, "Course title")).toHaveValue("Kept title");
    await textbox(skills, "Skill 2").fill("Node.js");
    await skills.getByRole("button", { name: "Remove Skill 1" }).click();
    await expect(skills.getByRole("textbox")).toHaveCount(1);
    await expect(textbox(skills, "Skill 1")).toHaveValue("Node.js");

    const modules = modal.getByRole("group", { name: "Modules" });
    await textbox(modules, "Module 1 Title").fill("Foundations");
    await modules.getByRole("button", { name: "Add module" }).click();
    await expect(textbox(modules, "Module 1 Title")).toHaveValue("Foundations");
    await expect(textbox(modules, "Module 2 Title")).toHaveValue("");
    await modules.getByRole("button", { name: "Remove module 1" }).click();
    await expect(textbox(modules, "Module 2 Title")).toHaveCount(0);
    await expect(textbox(modules, "Module 1 Title")).toHaveValue("");

    // Nothing was saved on the way.
    await page.goto(COURSES);
    await expect(page.getByText("Kept title")).toHaveCount(0);
  });
});

test("refused files: too large at once in the browser, a disguised non-image by the server", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const modal = await openCreateModal(page);
  const imageInput = modal.getByLabel("Course image");
  const imageField = imageInput.locator("xpath=..");

  await imageInput.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expect(imageField.getByText(texts.tooLarge)).toBeVisible();
  await expect(imageInput).toHaveAttribute("aria-invalid", "true");
  // The refused file is not kept for the upload.
  expect(await imageInput.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

  // A text file named .png and claiming image/png passes the browser's check...
  await imageInput.setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("This is plain text pretending to be a PNG image.\n".repeat(20)),
  });
  await expect(imageField.getByText(texts.tooLarge)).toHaveCount(0);
  const token = uid();
  const title = `Refused upload ${token}`;
  await textbox(modal, "Course title").fill(title);
  await textbox(modal, "Description").fill("This course must not be saved: its image is not one.");
  await modal.getByRole("button", { name: "Create Course" }).click();
  // ...and the server, which reads the content, refuses it.
  await expect(imageField.getByText(texts.wrongType)).toBeVisible({ timeout: 15_000 });
  // The toast 'Failed to upload image: {message}', shown once.
  const errorToasts = page
    .locator('[data-toast="error"]')
    .filter({ hasText: `Failed to upload image: ${texts.wrongType}` });
  await expect(errorToasts.first()).toBeVisible();
  expect.soft(await errorToasts.count(), "the upload error is toasted once, not twice").toBe(1);
  await expect(modal).toBeVisible();
  expect(await publicStatus(page, `refused-upload-${token}`)).toBe(404);
  await openPortal(page, `${COURSES}?inactive=1&q=${encodeURIComponent(token)}`);
  await expect(page.getByText("No courses found")).toBeVisible();

  // Without the browser's check, the server refuses the 6 MB image too (while it streams).
  const response = await page.request.post(COURSES, {
    multipart: {
      intent: "create",
      title,
      slug: `refused-upload-${token}`,
      description: "Posted without the browser's size check.",
      category: "Design",
      imageFile: {
        name: "huge.png",
        mimeType: "image/png",
        buffer: await makePng(1200, 800).then((png) =>
          Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]),
        ),
      },
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(texts.tooLarge);
  expect(await publicStatus(page, `refused-upload-${token}`)).toBe(404);
});

test("the icon picker works with the keyboard alone and the chosen icon is saved", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const modal = await openCreateModal(page);
  const token = uid();
  const title = `Icon course ${token}`;
  await textbox(modal, "Course title").fill(title);
  await textbox(modal, "Description").fill("A course made to check the icon picker.");
  // Not public: this course only checks the form.
  await modal.getByLabel("Active: shown on the public website").uncheck();

  await combobox(modal, "Difficulty").focus();
  await page.keyboard.press("Tab");
  await expect(modal.getByRole("searchbox", { name: "Search icons" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(combobox(modal, "Icon category")).toBeFocused();
  await page.keyboard.press("Tab");
  const icons = modal.getByRole("radiogroup", { name: "Icons" });
  // Tab enters the radio group on the chosen icon.
  await expect(icons.getByRole("radio", { name: "BookOpen" })).toBeFocused();
  await expect(icons.getByRole("radio", { name: "BookOpen" })).toBeChecked();

  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const chosen = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  expect(chosen).not.toBe("BookOpen");
  await expect(icons.getByRole("radio", { name: chosen, exact: true })).toBeChecked();
  await expect(modal.getByText(`(selected: ${chosen})`)).toBeVisible();

  // Typing a search keeps the choice; the group filter narrows the icons.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(modal.getByRole("searchbox", { name: "Search icons" })).toBeFocused();
  await page.keyboard.type("zzz-no-icon");
  await expect(icons.getByText("No icons match.")).toBeVisible();
  await expect(modal.getByText(`(selected: ${chosen})`)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(modal).toBeVisible();

  let id: string | null = null;
  try {
    await modal.getByRole("button", { name: "Create Course" }).click();
    await expectToast(page, texts.created, "success", 15_000);
    await openPortal(page, `${COURSES}?inactive=1&q=${encodeURIComponent(token)}`);
    const item = card(page, `icon-course-${token}`);
    await expect(item).toContainText("Inactive");
    id = await courseIdOf(item);
    await item.getByRole("link", { name: `Edit ${title}` }).click();
    const edit = dialog(page, "Edit Course");
    await expect(edit.getByText(`(selected: ${chosen})`)).toBeVisible();
    await expect(
      edit
        .getByRole("radiogroup", { name: "Icons" })
        .getByRole("radio", { name: chosen, exact: true }),
    ).toBeChecked();
  } finally {
    await deleteIfPresent(page, id);
  }
});

test("the Show Inactive switch shows and hides inactive courses", async ({ page, superAdmin }) => {
  void superAdmin;
  expect(seededInactive, "the demo content has an inactive course").toBeDefined();
  const slug = seededInactive?.slug as string;
  await openPortal(page, COURSES);
  const stats = page.getByRole("region", { name: "Course statistics" });
  for (const label of [
    "Total",
    "Active",
    "Inactive",
    "Design",
    "Marketing",
    "Data Science",
    "Programming",
  ]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  const toggle = page.getByRole("switch", { name: "Show Inactive" });
  await expect(toggle).not.toBeChecked();
  await expect(card(page, slug)).toHaveCount(0);
  await toggle.check();
  await expect(page).toHaveURL(/[?&]inactive=1(&|$)/);
  await expect(card(page, slug)).toContainText("Inactive");
  await expect(card(page, slug).getByRole("button", { name: /^Show/ })).toBeVisible();
  await toggle.uncheck();
  await expect(page).not.toHaveURL(/inactive=/);
  await expect(card(page, slug)).toHaveCount(0);
});
