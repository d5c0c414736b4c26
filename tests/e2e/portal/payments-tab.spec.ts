import {
  addDemoSession,
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  test,
} from "./portal-fixtures";

test.beforeEach(async ({ page, superApi }) => {
  await addDemoSession(page.context(), superApi);
});

test("the Payments tab filters by status in the URL, and axe finds nothing", async ({ page }) => {
  await openPortal(page, `${PORTAL}/students`);
  await page
    .getByRole("navigation", { name: "Students tabs" })
    .getByRole("link", { name: "Payments" })
    .click();
  await expect(page).toHaveURL(/tab=payments/);
  await expect(page.getByText(/\d+ instalments?/)).toBeVisible();
  await expectNoAxeViolations(page, "the Payments tab");

  await page.getByRole("combobox", { name: "Filter by status" }).selectOption("overdue");
  await expect(page).toHaveURL(/tab=payments.*status=overdue|status=overdue.*tab=payments/);
  await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    /payments-export\?status=overdue/,
  );
  await expectNoAxeViolations(page, "the Payments tab, filtered");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/students\?tab=payments$/);
});
