import type { Page } from "@playwright/test";
import {
  apiSignIn,
  combobox,
  errorOf,
  expect,
  newApiClient,
  openAddModal,
  openItemModal,
  openPortal,
  PORTAL,
  randomAddress,
  submitModal,
  test,
  textbox,
  uid,
  waitForHydration,
} from "./portal-fixtures";

const texts = {
  created: "Admin created successfully!",
  updated: "Admin updated successfully!",
  deleted: "Admin deleted successfully!",
  duplicate: "An admin with this email address already exists.",
  inactive: "Admin account not found or inactive. Please contact your system administrator.",
};

const adminRow = (page: Page, email: string) => page.locator(`tr[data-admin-email="${email}"]`);
const searchBox = (page: Page) => page.getByPlaceholder("Search admins by name or email...");

test("add an admin: every validation message, success, and a duplicate e-mail", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  await openPortal(page, `${PORTAL}/admins`);
  await expect(page.getByRole("heading", { name: "Admin Management", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Manage who can sign in to the admin portal and what they can do."),
  ).toBeVisible();
  const stats = page.getByRole("region", { name: "Admin statistics" });
  for (const label of ["Total Admins", "Active Admins", "Super Admins"]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }

  const modal = await openAddModal(page, "Add Admin");
  await expect(page).toHaveURL(`${PORTAL}/admins?modal=create`);
  const name = textbox(modal, "Name");
  const email = textbox(modal, "Email");
  const phone = textbox(modal, "Phone");
  const password = textbox(modal, "Password");
  const role = combobox(modal, "Role");
  const status = combobox(modal, "Status");
  // New admins default to role admin, status active.
  await expect(role).toHaveValue("admin");
  await expect(status).toHaveValue("true");

  await name.fill("A");
  await email.fill("not-an-email");
  await password.fill("12345");
  await role.selectOption("");
  await status.selectOption("");
  await modal.getByRole("button", { name: "Create Admin" }).click();
  await expect(errorOf(name)).toHaveText("Name must be at least 2 characters");
  await expect(errorOf(email)).toHaveText("Invalid email address");
  await expect(errorOf(phone)).toHaveText("Phone number is required");
  await expect(errorOf(password)).toHaveText("Password must be at least 6 characters");
  await expect(errorOf(role)).toHaveText("Please select a role");
  await expect(errorOf(status)).toHaveText("Please select a status");
  await expect(modal).toBeVisible();

  const token = uid();
  const account = {
    name: `New Admin ${token}`,
    email: `new-${token}@academy.test`,
    phone: "0803 555 0101",
  };
  await name.fill(account.name);
  await email.fill(account.email.toUpperCase());
  await phone.fill(account.phone);
  await password.fill("secret-123");
  await role.selectOption({ label: "Admin" });
  await status.selectOption({ label: "Active" });
  await expect(errorOf(name)).toHaveText("");
  await submitModal(modal, "Create Admin", texts.created);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(`${PORTAL}/admins`);

  // The e-mail is stored in lower case.
  const row = adminRow(page, account.email);
  await searchBox(page).fill(token);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
  await expect(page.locator("tr[data-admin-email]")).toHaveCount(1);
  await expect(row).toBeVisible();
  await expect(row).toContainText(account.name);
  await expect(row).toContainText(account.phone);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Admin");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Active");

  // The same address again: a clear message on the e-mail field, no second row.
  await openAddModal(page, "Add Admin");
  await textbox(modal, "Name").fill(`Copy ${account.name}`);
  await textbox(modal, "Email").fill(account.email);
  await textbox(modal, "Phone").fill("0803 555 0102");
  await textbox(modal, "Password").fill("secret-456");
  await modal.getByRole("button", { name: "Create Admin" }).click();
  await expect(errorOf(textbox(modal, "Email"))).toHaveText(texts.duplicate);
  await expect(modal).toBeVisible();
  await modal.getByRole("link", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator("tr[data-admin-email]").filter({ hasText: token })).toHaveCount(1);
});

test("search updates the URL and goes back to page 1; column headers sort", async ({
  page,
  superAdmin,
  createAdmin,
}) => {
  void superAdmin;
  const token = uid();
  const names = Array.from(
    { length: 11 },
    (_, index) => `Pager ${token} ${String(index + 1).padStart(2, "0")}`,
  );
  for (const name of names) await createAdmin({ name });

  await openPortal(page, `${PORTAL}/admins`);
  await searchBox(page).fill(`Pager ${token}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=Pager(\\+|%20)${token}`));
  await expect(page.getByText("11 admins", { exact: true })).toBeVisible();
  const rows = page.locator("tbody tr[data-admin-email]");
  await expect(rows).toHaveCount(10);

  const pages = page.getByRole("navigation", { name: "Admins pages" });
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows).toHaveCount(1);

  // A new search starts again on page 1.
  await searchBox(page).fill(`${token} 1`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}(\\+|%20)1(&|$)`));
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("2 admins", { exact: true })).toBeVisible();

  // Sorting (also back on page 1), ascending then descending.
  await searchBox(page).fill(`Pager ${token}`);
  await expect(rows).toHaveCount(10);
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  const nameHeader = page.getByRole("columnheader", { name: /^Name/ });
  await nameHeader.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=name&dir=asc/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=Pager(\\+|%20)${token}`));
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first()).toContainText(names[0] as string);
  await expect(rows.nth(9)).toContainText(names[9] as string);

  await nameHeader.getByRole("link").click();
  // Descending is the default direction, so the URL leaves it out.
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(page).not.toHaveURL(/dir=asc/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toContainText(names[10] as string);

  // The search keeps the sort.
  await searchBox(page).fill(`${token} 0`);
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows).toHaveCount(9);
  await expect(rows.first()).toContainText(names[8] as string);

  await searchBox(page).fill(`nothing-${token}`);
  await expect(page.getByText("No admins found")).toBeVisible();
});

test("edit an admin's name, phone, role and status", async ({ page, superAdmin, createAdmin }) => {
  void superAdmin;
  const account = await createAdmin({ role: "admin" });
  await openPortal(page, `${PORTAL}/admins?q=${encodeURIComponent(account.email)}`);
  const row = adminRow(page, account.email);
  const modal = await openItemModal(row, `Edit ${account.name}`, "Edit Admin");
  await expect(modal).toContainText(account.email);
  // The edit form has no e-mail or password.
  await expect(textbox(modal, "Email")).toHaveCount(0);
  await expect(textbox(modal, "Password")).toHaveCount(0);
  await expect(textbox(modal, "Name")).toHaveValue(account.name);
  await expect(combobox(modal, "Role")).toHaveValue("admin");
  await expect(combobox(modal, "Status")).toHaveValue("true");

  await textbox(modal, "Name").fill("Z");
  await textbox(modal, "Phone").fill("");
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(errorOf(textbox(modal, "Name"))).toHaveText("Name must be at least 2 characters");
  await expect(errorOf(textbox(modal, "Phone"))).toHaveText("Phone number is required");

  const renamed = `Renamed ${uid()}`;
  await textbox(modal, "Name").fill(renamed);
  await textbox(modal, "Phone").fill("+234 809 000 1111");
  await combobox(modal, "Role").selectOption({ label: "Super Admin" });
  await combobox(modal, "Status").selectOption({ label: "Inactive" });
  await submitModal(modal, "Save Changes", texts.updated);
  await expect(modal).toBeHidden();
  await expect(row).toContainText(renamed);
  await expect(row).toContainText("+234 809 000 1111");
  await expect(row.getByRole("cell").nth(2)).toHaveText("Super Admin");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Inactive");
  await expect(page).toHaveURL(`${PORTAL}/admins?q=${encodeURIComponent(account.email)}`);
});

test("delete asks for confirmation, then the admin is inactive and cannot sign in", async ({
  page,
  superAdmin,
  createAdmin,
}) => {
  void superAdmin;
  const account = await createAdmin();
  await openPortal(page, `${PORTAL}/admins?q=${encodeURIComponent(account.email)}`);
  const row = adminRow(page, account.email);
  const modal = await openItemModal(row, `Delete ${account.name}`, "Delete Admin User");
  await expect(modal).toContainText(
    `Are you sure you want to delete ${account.name} (${account.email})?`,
  );
  await expect(modal).toContainText(
    "This permanently removes their access to the admin portal and cannot be undone.",
  );
  // Cancel keeps the admin.
  await modal.getByRole("link", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();
  await expect(row.getByRole("cell").nth(3)).toHaveText("Active");

  await submitModal(
    await openItemModal(row, `Delete ${account.name}`, "Delete Admin User"),
    "Delete",
    texts.deleted,
  );
  await expect(modal).toBeHidden();
  // A soft delete: the row stays, inactive, with nothing left to delete.
  await expect(row.getByRole("cell").nth(3)).toHaveText("Inactive");
  await expect(row.getByRole("link", { name: `Delete ${account.name}` })).toHaveCount(0);
  await expect(row.getByRole("link", { name: `Edit ${account.name}` })).toBeVisible();

  const visitor = await newApiClient();
  try {
    const response = await visitor.post(`${PORTAL}/login`, {
      form: { email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(texts.inactive);
  } finally {
    await visitor.dispose();
  }
});

test("the signed-in admin's own row has no actions", async ({ page, superAdmin }) => {
  await openPortal(page, `${PORTAL}/admins?q=${encodeURIComponent(superAdmin.email)}`);
  const row = adminRow(page, superAdmin.email);
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").last()).toHaveText("You");
  await expect(row.getByRole("link")).toHaveCount(0);
});

test("deactivating an admin who is signed in elsewhere sends them to the login page on their next navigation", async ({
  page,
  browser,
  superAdmin,
  createAdmin,
}) => {
  void superAdmin;
  const other = await createAdmin({ role: "admin" });
  const elsewhere = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
  });
  try {
    const otherPage = await elsewhere.newPage();
    await apiSignIn(otherPage.request, other);
    await otherPage.goto(`${PORTAL}/dashboard`);
    await waitForHydration(otherPage);
    await expect(otherPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    await openPortal(page, `${PORTAL}/admins?q=${encodeURIComponent(other.email)}`);
    await submitModal(
      await openItemModal(adminRow(page, other.email), `Delete ${other.name}`, "Delete Admin User"),
      "Delete",
      texts.deleted,
    );

    // Their next navigation (client-side, from the sidebar) lands on the login page.
    await otherPage
      .getByRole("navigation", { name: "Portal" })
      .getByRole("link", { name: "Courses" })
      .click();
    await expect(otherPage).toHaveURL(/\/admin-portal\/login/);
    await expect(otherPage.getByRole("button", { name: "Sign In" })).toBeVisible();
    await otherPage.goto(`${PORTAL}/dashboard`);
    await expect(otherPage).toHaveURL(`${PORTAL}/login`);
  } finally {
    await elsewhere.close();
  }
});
