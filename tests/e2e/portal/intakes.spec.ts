import type { Page } from "@playwright/test";
import {
  combobox,
  dialog,
  errorOf,
  expect,
  expectNoAxeViolations,
  expectToast,
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
  created: "Intake added.",
  updated: "Intake updated.",
  duplicated: "Intake duplicated as a draft.",
  cancelled: "Intake cancelled.",
  endBeforeStart: "The end date must be on or after the start date",
  reasonRequired: "Please give a reason for cancelling",
};

const card = (page: Page, label: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: label, exact: true }) });

test.beforeEach(async ({ createAdmin, signIn }) => {
  await signIn(await createAdmin({ role: "admin" }));
});

test("add, edit, duplicate and cancel an intake of a course", { tag: "@phone" }, async ({
  page,
}) => {
  await openPortal(page, `${PORTAL}/courses?view=list`);
  await page
    .getByRole("link", { name: /^Intakes of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin-portal\/courses\/[0-9a-f-]+\/intakes$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Intakes: / })).toBeVisible();
  await expectNoAxeViolations(page, "intakes");

  const addForm = await openAddModal(page, "Add intake");
  const label = `January 2030 · evenings ${uid()}`;
  await textbox(addForm, "Label").fill(label);
  await textbox(addForm, "Starts on").fill("2030-01-07");
  await textbox(addForm, "Ends on").fill("2030-01-01");
  await textbox(addForm, "Class times").fill("Mon, Wed 6-9 pm");
  await addForm.getByRole("spinbutton", { name: "Seats", exact: true }).fill("20");
  await textbox(addForm, "Enrolment closes").fill("2030-01-04T17:00");
  await expect(addForm.getByRole("spinbutton", { name: "Price (₦)", exact: true })).not.toHaveValue(
    "",
  );
  await expectNoAxeViolations(page, "intakes, add form");
  await addForm.getByRole("button", { name: "Add intake" }).click();
  const endsOn = textbox(addForm, "Ends on");
  await expect(errorOf(endsOn)).toHaveText(texts.endBeforeStart);
  await endsOn.fill("2030-03-29");
  await submitModal(addForm, "Add intake", texts.created);
  const added = card(page, label);
  await expect(added).toContainText("Draft");
  await expect(added).toContainText("20");

  const editForm = await openItemModal(added, `Edit ${label}`, "Edit intake");
  await editForm.getByRole("spinbutton", { name: "Seats", exact: true }).fill("25");
  await combobox(editForm, "Status").selectOption("open");
  // Tutors are chosen from the demo's, in a group of checkboxes under one legend.
  const tutors = editForm.getByRole("group", { name: "Tutors" });
  await tutors.getByRole("checkbox", { name: /^Tunde Bakare, / }).check();
  await tutors.getByRole("checkbox", { name: /^Adaeze Okonkwo, / }).check();
  await submitModal(editForm, "Save Changes", texts.updated);
  await expect(added).toContainText("Open");
  await expect(added).toContainText("25");
  await expect(added).toContainText("Adaeze Okonkwo, Tunde Bakare");
  await added.getByRole("link", { name: `Edit ${label}` }).click();
  await expect(
    dialog(page, "Edit intake").getByRole("checkbox", { name: /^Tunde Bakare, / }),
  ).toBeChecked();
  await dialog(page, "Edit intake").getByRole("link", { name: "Cancel" }).click();
  await expect(dialog(page, "Edit intake")).toHaveCount(0);

  await added.getByRole("button", { name: `Duplicate ${label}` }).click();
  await expectToast(page, texts.duplicated);
  await expect(card(page, `${label} (copy)`)).toContainText("Draft");

  const cancelForm = await openItemModal(added, `Cancel ${label}`, "Cancel intake");
  await cancelForm.getByRole("button", { name: "Cancel intake" }).click();
  const reason = textbox(cancelForm, "Reason");
  await expect(errorOf(reason)).toHaveText(texts.reasonRequired);
  await reason.fill("The venue is closed for repairs.");
  await submitModal(cancelForm, "Cancel intake", texts.cancelled);
  await expect(added).toContainText("Cancelled");
  await expect(added).toContainText("The venue is closed for repairs.");
  await expect(added.getByRole("link", { name: `Edit ${label}` })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "History" })).toContainText(label);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the add form, duplicate and cancel are plain forms", async ({ page }) => {
    await page.goto(`${PORTAL}/courses?view=list`);
    await page
      .getByRole("link", { name: /^Intakes of / })
      .first()
      .click();
    const addForm = await openAddModal(page, "Add intake");
    const label = `Weekend ${uid()}`;
    await textbox(addForm, "Label").fill(label);
    await textbox(addForm, "Starts on").fill("2030-05-04");
    await textbox(addForm, "Ends on").fill("2030-06-29");
    await addForm.getByRole("spinbutton", { name: "Seats", exact: true }).fill("12");
    await textbox(addForm, "Enrolment closes").fill("2030-05-01T12:00");
    await addForm.getByRole("button", { name: "Add intake" }).click();
    const added = card(page, label);
    await expect(added).toContainText("Draft");

    await added.getByRole("button", { name: `Duplicate ${label}` }).click();
    await expect(card(page, `${label} (copy)`)).toBeVisible();

    const cancelForm = await openItemModal(added, `Cancel ${label}`, "Cancel intake");
    await textbox(cancelForm, "Reason").fill("Moved to another weekend.");
    await cancelForm.getByRole("button", { name: "Cancel intake" }).click();
    await expect(card(page, label)).toContainText("Cancelled");
  });
});
