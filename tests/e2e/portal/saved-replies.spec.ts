import type { Page } from "@playwright/test";
import {
  dialog,
  errorOf,
  expect,
  expectNoAxeViolations,
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

const PAGE = `${PORTAL}/saved-replies`;
const texts = {
  created: "Saved reply created.",
  updated: "Saved reply updated.",
  deleted: "Saved reply deleted.",
  titleRequired: "Title is required",
};

const item = (page: Page, title: string) => page.locator(`li[data-saved-reply="${title}"]`);

/** Signs the page in as a new staff member with the plain admin role. */
test.beforeEach(async ({ createAdmin, signIn }) => {
  await signIn(await createAdmin({ role: "admin" }));
});

// At desktop width only: the page and its form are checked at 360 px by phone-width.spec.ts.
test.describe("saved replies", () => {
  test("add one (an empty title refused first), edit it, then delete it", async ({ page }) => {
    await openPortal(page, PAGE);
    await expect(page.getByRole("heading", { name: "Saved Replies", level: 1 })).toBeVisible();
    const help = page.getByRole("region", { name: "Placeholders" });
    for (const name of ["{name}", "{course}", "{price}", "{next_session}", "{brochure_link}"]) {
      await expect(help.getByText(name, { exact: true })).toBeVisible();
    }

    const addForm = await openAddModal(page, "Add saved reply");
    await expect(page).toHaveURL(`${PAGE}?modal=create`);
    const title = textbox(addForm, "Title");
    const body = textbox(addForm, "Reply text");
    const text = "Hello {name},\n\nThe fee for {course} is {price}.";
    await body.fill(text);
    await addForm.getByRole("button", { name: "Add saved reply" }).click();
    await expect(errorOf(title)).toHaveText(texts.titleRequired);
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(body).toHaveValue(text);

    const name = `Fees ${uid()}`;
    await title.fill(name);
    await submitModal(addForm, "Add saved reply", texts.created);
    await expect(page).toHaveURL(PAGE);
    await expect(addForm).toBeHidden();
    const added = item(page, name);
    await expect(added.getByRole("heading", { name })).toBeVisible();
    await expect(added).toContainText("The fee for {course} is {price}.");

    const editForm = await openItemModal(added, `Edit ${name}`, "Edit saved reply");
    await expect(textbox(editForm, "Title")).toHaveValue(name);
    await expect(textbox(editForm, "Reply text")).toHaveValue(text);
    const renamed = `${name} and instalments`;
    await textbox(editForm, "Title").fill(renamed);
    await textbox(editForm, "Reply text").fill("Pay 50% now and the rest by week 4, {name}.");
    await submitModal(editForm, "Save Changes", texts.updated);
    await expect(item(page, name)).toHaveCount(0);
    const edited = item(page, renamed);
    await expect(edited).toContainText("Pay 50% now and the rest by week 4, {name}.");

    const confirm = await openItemModal(edited, `Delete ${renamed}`, "Delete saved reply");
    await expect(confirm).toContainText(
      `Are you sure you want to delete the saved reply ${renamed}?`,
    );
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(edited).toBeVisible();

    await submitModal(
      await openItemModal(edited, `Delete ${renamed}`, "Delete saved reply"),
      "Delete",
      texts.deleted,
    );
    await expect(item(page, renamed)).toHaveCount(0);
  });

  test("axe finds nothing on the page and on the open edit form", async ({ page }) => {
    await openPortal(page, PAGE);
    // The demo's saved replies are listed.
    await expect(page.locator("li[data-saved-reply]").first()).toBeVisible();
    await expectNoAxeViolations(page, "saved replies");

    const form = await openItemModal(
      page.locator("li[data-saved-reply]").first(),
      /^Edit/,
      "Edit saved reply",
    );
    // A refused field shows its error too.
    await saveWithEmptied(form, "Title", texts.titleRequired);
    await expectNoAxeViolations(page, "saved replies, edit form");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post and the modals open from the URL", async ({ page }) => {
    await page.goto(PAGE);
    const addForm = await openAddModal(page, "Add saved reply");
    await expect(page).toHaveURL(`${PAGE}?modal=create`);
    await addForm.getByRole("button", { name: "Add saved reply" }).click();
    // The server's answer: the title's message, the form still open.
    await expect(errorOf(textbox(addForm, "Title"))).toHaveText(texts.titleRequired);

    const name = `Next intake ${uid()}`;
    await textbox(addForm, "Title").fill(name);
    await textbox(addForm, "Reply text").fill("The next class starts on {next_session}.");
    await addForm.getByRole("button", { name: "Add saved reply" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(item(page, name)).toContainText("The next class starts on {next_session}.");

    await item(page, name)
      .getByRole("link", { name: `Delete ${name}` })
      .click();
    await dialog(page, "Delete saved reply").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(item(page, name)).toHaveCount(0);
  });
});
