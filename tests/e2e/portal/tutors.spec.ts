import type { Page } from "@playwright/test";
import {
  dialog,
  errorOf,
  expect,
  expectNoAxeViolations,
  expectToast,
  makePng,
  openAddModal,
  openItemModal,
  openPortal,
  PORTAL,
  saveWithEmptied,
  submitModal,
  test,
  textbox,
  uid,
} from "./portal-fixtures";

const PAGE = `${PORTAL}/tutors`;
const texts = {
  created: "Tutor added.",
  updated: "Tutor updated.",
  deactivated: "Tutor deactivated.",
  activated: "Tutor activated.",
  nameRequired: "Name is required",
  linkInvalid: "Link must be a full https:// address, e.g. https://www.linkedin.com/in/your-name",
};

const item = (page: Page, name: string) => page.locator(`li[data-tutor="${name}"]`);

test.beforeEach(async ({ createAdmin, signIn }) => {
  await signIn(await createAdmin({ role: "admin" }));
});

// At desktop width only: the page and its form are checked at 360 px by phone-width.spec.ts.
test.describe("tutors", () => {
  test("add one (refused first), edit it with a photo, search, deactivate and activate", async ({
    page,
  }) => {
    await openPortal(page, PAGE);
    await expect(page.getByRole("heading", { name: "Tutors", level: 1 })).toBeVisible();
    // The demo's tutors are listed.
    await expect(page.locator("li[data-tutor]").first()).toBeVisible();

    const addForm = await openAddModal(page, "Add tutor");
    await expect(page).toHaveURL(`${PAGE}?modal=create`);
    const id = uid();
    const name = `Kemi Tutor ${id}`;
    // Other runs add tutors to the same server: the role searched for is this run's own.
    const role = `Head of Testing ${id}`;
    await textbox(addForm, "Role").fill("Lead tutor, Testing");
    const link = textbox(addForm, "LinkedIn or portfolio link");
    await link.fill("http://example.com/kemi");
    // Checked on leaving the field; its message settles before the button is pressed.
    await link.blur();
    await expect(errorOf(link)).toHaveText(texts.linkInvalid);
    await addForm.getByRole("button", { name: "Add tutor" }).click();
    await expect(errorOf(textbox(addForm, "Name"))).toHaveText(texts.nameRequired);
    await expect(errorOf(link)).toHaveText(texts.linkInvalid);

    await textbox(addForm, "Name").fill(name);
    await textbox(addForm, "LinkedIn or portfolio link").fill("https://example.com/kemi");
    await addForm
      .getByRole("textbox", { name: /^Short bio/ })
      .fill("Writes tests before breakfast.");
    await submitModal(addForm, "Add tutor", texts.created);
    await expect(page).toHaveURL(PAGE);
    const added = item(page, name);
    await expect(added).toContainText("Lead tutor, Testing");
    await expect(added).toContainText("Active");
    await expect(added.locator("img")).toHaveCount(0);

    const editForm = await openItemModal(added, `Edit ${name}`, "Edit tutor");
    await expect(textbox(editForm, "Name")).toHaveValue(name);
    await textbox(editForm, "Role").fill(role);
    await editForm
      .getByLabel("Photo")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await makePng(600, 600) });
    await submitModal(editForm, "Save Changes", texts.updated);
    const edited = item(page, name);
    await expect(edited).toContainText(role);
    const photo = edited.locator("img");
    await expect(photo).toHaveAttribute("src", /\/files\/course-assets\/images\/tutor-photo-/);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole("searchbox", { name: "Search tutors" }).fill(role.toLowerCase());
    await expect(page).toHaveURL(
      `${PAGE}?q=${encodeURIComponent(role.toLowerCase()).replaceAll("%20", "+")}`,
    );
    await expect(page.locator("li[data-tutor]")).toHaveCount(1);
    await expect(item(page, name)).toBeVisible();

    await item(page, name)
      .getByRole("button", { name: `Deactivate ${name}` })
      .click();
    await expectToast(page, texts.deactivated);
    await expect(page).toHaveURL(
      `${PAGE}?q=${encodeURIComponent(role.toLowerCase()).replaceAll("%20", "+")}`,
    );
    await expect(item(page, name)).toContainText("Inactive");
    await item(page, name)
      .getByRole("button", { name: `Activate ${name}` })
      .click();
    await expectToast(page, texts.activated);
    await expect(item(page, name)).not.toContainText("Inactive");

    await page.getByRole("searchbox", { name: "Search tutors" }).fill(`nobody ${uid()}`);
    await expect(page.getByText(/^No tutors match/)).toBeVisible();
  });

  test("axe finds nothing on the page and on the open edit form", async ({ page }) => {
    await openPortal(page, PAGE);
    await expect(page.locator("li[data-tutor]").first()).toBeVisible();
    await expectNoAxeViolations(page, "tutors");

    const form = await openItemModal(page.locator("li[data-tutor]").first(), /^Edit/, "Edit tutor");
    await saveWithEmptied(form, "Name", texts.nameRequired);
    await expectNoAxeViolations(page, "tutors, edit form");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts with a photo, and the toggle works", async ({ page }) => {
    await page.goto(`${PAGE}?modal=create`);
    const addForm = dialog(page, "Add tutor");
    await addForm.getByRole("button", { name: "Add tutor" }).click();
    await expect(errorOf(textbox(addForm, "Name"))).toHaveText(texts.nameRequired);

    const name = `Tope NoScript ${uid()}`;
    await textbox(addForm, "Name").fill(name);
    await textbox(addForm, "Role").fill("Tutor, Accessibility");
    await addForm
      .getByLabel("Photo")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await makePng(400, 400) });
    await addForm.getByRole("button", { name: "Add tutor" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(item(page, name).locator("img")).toHaveAttribute("src", /tutor-photo-/);

    await item(page, name)
      .getByRole("button", { name: `Deactivate ${name}` })
      .click();
    await expect(page).toHaveURL(PAGE);
    await expect(item(page, name)).toContainText("Inactive");
  });
});
