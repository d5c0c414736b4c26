import type { Page } from "@playwright/test";
import {
  attachCourseFiles,
  dialog,
  expect,
  expectNoAxeViolations,
  expectToast,
  makePdf,
  makePng,
  openAddModal,
  openPortal,
  PORTAL,
  test,
  textbox,
  uid,
} from "./portal-fixtures";

// Staff on mobile data upload an image (up to 5 MB) and a brochure (up to 10 MB) in one save:
// with JavaScript the form shows the upload's progress and can cancel it; without, the plain
// form posts itself.

const COURSES = `${PORTAL}/courses`;
const MB = 1024 * 1024;

/** Chromium sends at most `bytesPerSecond` upward, like a phone on a slow mobile network. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** A PNG padded to `size` bytes: it passes the browser's check of size and type. */
async function largePng(size: number) {
  const png = await makePng(600, 400);
  return Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);
}

/**
 * Records every text a status region shows, from the next page on. The 'Saving' status lasts
 * only as long as the server takes to save, which on a quiet machine is shorter than the gap
 * between two polls of an assertion; the record keeps it.
 */
async function recordStatusTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { statusTexts: seen });
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? "";
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
}

/** Opens the Add Course form, fills what it requires, and chooses the files. */
async function startCourseWithFiles(
  page: Page,
  title: string,
  files: { image: Buffer; brochure: Buffer },
) {
  await openPortal(page, COURSES);
  const modal = await openAddModal(page, "Add Course");
  await textbox(modal, "Course title").fill(title);
  await textbox(modal, "Description").fill(`${title}: a course made by the upload tests.`);
  await attachCourseFiles(modal, files);
  return modal;
}

/** Whether a course with `token` in its title exists (inactive ones too). */
async function courseExists(page: Page, token: string) {
  const list = await page.request.get(`${COURSES}?inactive=1&q=${encodeURIComponent(token)}`);
  return !(await list.text()).includes("No courses found");
}

/** Deletes the course the test made (keeps the list and the public catalogue clean). */
async function deleteCourseTitled(page: Page, title: string) {
  const edit = page
    .locator("[data-course-slug]")
    .filter({ hasText: title })
    .getByRole("link", { name: /^Edit/ });
  const id = new URL((await edit.getAttribute("href")) ?? "", "http://x").searchParams.get("id");
  await page.request.post(COURSES, { form: { intent: "delete", id: id ?? "" }, maxRedirects: 0 });
}

test("a large upload shows its progress with a percentage, and cancelling it saves nothing", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  test.setTimeout(60_000);
  const token = uid();
  const title = `Cancelled upload ${token}`;
  const modal = await startCourseWithFiles(page, title, {
    image: await largePng(4.5 * MB),
    brochure: Buffer.concat([await makePdf(title), Buffer.alloc(9 * MB, 32)]),
  });

  await throttleUploads(page, 256 * 1024);
  await modal.getByRole("button", { name: "Create Course" }).click();
  const bar = modal.getByRole("progressbar", { name: /Uploading files: \d+%/ });
  await expect(bar).toBeVisible();
  // It moves: some bytes are sent, far from all of them (about 14 MB at 0.25 MB/s).
  await expect
    .poll(async () => Number(await bar.getAttribute("value")), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // The bar and the words say the same, read at one moment.
  const shown = await bar.evaluate((progress: HTMLProgressElement) => ({
    value: progress.value,
    label: document.getElementById(progress.getAttribute("aria-labelledby") ?? "")?.textContent,
  }));
  expect(shown.value).toBeLessThan(90);
  expect(shown.label).toBe(`Uploading files: ${shown.value}%`);
  await expect(modal.getByText(/ of 13\.\d MB$/)).toBeVisible();
  await expectNoAxeViolations(page, "the course form while it uploads");

  // One way to cancel while the files are sent, not 'Cancel upload' beside 'Cancel'.
  const closeForm = modal.getByRole("link", { name: "Cancel", exact: true });
  await expect(closeForm).toHaveCount(0);
  await modal.getByRole("button", { name: "Cancel upload" }).click();
  await expectToast(page, "Upload cancelled. Nothing was saved.", "error");
  await expect(bar).toBeHidden();
  await expect(closeForm).toBeVisible();
  // The form stays open with what was typed, ready to try again.
  await expect(modal).toBeVisible();
  await expect(textbox(modal, "Course title")).toHaveValue(title);
  await expect(modal.getByRole("button", { name: "Create Course" })).toBeEnabled();
  expect(await courseExists(page, token)).toBe(false);
});

test("a save with files reports 'Saving' once sent, then the course is created", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  test.setTimeout(60_000);
  const token = uid();
  const title = `Progress upload ${token}`;
  const statusTexts = await recordStatusTexts(page);
  const modal = await startCourseWithFiles(page, title, {
    image: await makePng(),
    brochure: Buffer.concat([await makePdf(title), Buffer.alloc(3 * MB, 32)]),
  });
  await throttleUploads(page, 1024 * 1024);
  await modal.getByRole("button", { name: "Create Course" }).click();
  await expect(modal.getByRole("progressbar", { name: /Uploading files/ })).toBeVisible();
  await expectToast(page, "Course created successfully!", "success", 30_000);
  await expect(modal).toBeHidden();
  expect(await statusTexts()).toContain("Upload complete. Saving the course...");
  await expect(page.locator("[data-course-slug]").filter({ hasText: title })).toHaveCount(1);
  await deleteCourseTitled(page, title);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain course form uploads an image and a brochure and saves the course", async ({
    page,
    superAdmin,
  }) => {
    void superAdmin;
    const token = uid();
    const title = `Plain upload ${token}`;
    await page.goto(`${COURSES}?modal=create`);
    const modal = dialog(page, "Add Course");
    await textbox(modal, "Course title").fill(title);
    await textbox(modal, "Slug").fill(`plain-upload-${token}`);
    await textbox(modal, "Description").fill(`${title}: posted without JavaScript.`);
    await attachCourseFiles(modal, {
      image: await makePng(),
      brochure: await makePdf(title),
    });
    await modal.getByRole("button", { name: "Create Course" }).click();
    await expect(page).toHaveURL(COURSES);
    const item = page.locator(`[data-course-slug="plain-upload-${token}"]`);
    await expect(item.locator("img")).toHaveAttribute(
      "src",
      /^\/files\/course-assets\/images\/course-image-\d+-800\.webp$/,
    );
    await deleteCourseTitled(page, title);
  });
});
