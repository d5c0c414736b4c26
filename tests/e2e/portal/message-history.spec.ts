import type { Locator, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectToast,
  openPortal,
  PORTAL,
  setDarkThemeCookie,
  submitInquiry,
  test,
  uid,
} from "./portal-fixtures";

const MESSAGES = `${PORTAL}/messages`;
const rows = (page: Page) => page.locator("[data-message-id]");
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const details = (page: Page) => page.getByRole("region", { name: "Message details" });
const history = (page: Page) =>
  details(page).getByRole("region", { name: "Conversation" }).getByRole("listitem");

/** The whole element is on the first screen, at the page's current scroll position. */
async function expectOnFirstScreen(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box) throw new Error(`${what} has no box: it is not displayed`);
  if (!viewport) throw new Error("The page has no viewport size");
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom within ${viewport.height} px`).toBeLessThanOrEqual(
    viewport.height,
  );
}

test("the history shows who opened the message and changed its priority; the sender's other messages are linked", async ({
  page,
  superAdmin,
}) => {
  const token = uid();
  const first = `History First ${token}`;
  const second = `History Second ${token}`;
  // The same person twice: the e-mail in another case, the phone in another format.
  await submitInquiry({
    fullName: first,
    email: `History-${token}@Example.com`,
    phone: "0803 555 0101",
    message: `First question (${token})`,
  });
  await submitInquiry({
    fullName: second,
    email: `history-${token}@example.com`,
    phone: "+234 803 555 0101",
    message: `Second question (${token})`,
  });

  await openPortal(page, `${MESSAGES}?q=${token}`);
  await rowOf(page, second).getByRole("link").click();
  await expect(details(page)).toContainText(`From ${second}`);

  await test.step("'Received' first, then 'Opened by …', each with its time", async () => {
    await expect(history(page).first()).toContainText("Received");
    const opened = history(page).filter({ hasText: `Opened by ${superAdmin.name}` });
    await expect(opened).toHaveCount(1);
    await expect(opened.locator("time")).toHaveAttribute(
      "datetime",
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
  });

  await test.step("a priority change is recorded with the admin's name", async () => {
    await details(page).getByRole("combobox", { name: "Priority" }).selectOption("urgent");
    await expectToast(page, "Priority updated successfully");
    await expect(history(page).last()).toHaveText(
      new RegExp(`^Priority: Normal → Urgent by ${superAdmin.name}`),
    );
  });

  await test.step("the earlier message of the same person is linked and opens", async () => {
    const linked = details(page).getByRole("region", {
      name: "1 earlier message from this person",
    });
    await expect(linked).toBeVisible();
    await linked.getByRole("link").click();
    await expect(details(page)).toContainText(`From ${first}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
    await expect(
      details(page).getByRole("region", { name: "1 later message from this person" }),
    ).toBeVisible();
  });
});

test("'No messages found' offers 'Clear filters', which shows the whole inbox", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  await openPortal(page, `${MESSAGES}?tab=assigned&priority=low&q=nothing-${uid()}`);
  await expect(page.getByText("No messages found")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(new RegExp(`${MESSAGES}$`));
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByPlaceholder("Search name, email, subject or message...")).toHaveValue("");
});

test("'Clear filters' shows whenever a filter is set, also when messages match", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const clear = page.getByRole("link", { name: "Clear filters" });
  await openPortal(page, MESSAGES);
  await expect(rows(page).first()).toBeVisible();
  await expect(clear).toHaveCount(0);
  await openPortal(page, `${MESSAGES}?priority=normal`);
  await expect(rows(page).first()).toBeVisible();
  await clear.click();
  await expect(page).toHaveURL(new RegExp(`${MESSAGES}$`));
  await expect(page.getByRole("combobox", { name: "Filter by priority" })).toHaveValue("");
});

test("at 1366 px every filter shows its whole choice", async ({ page, superAdmin }) => {
  void superAdmin;
  await page.setViewportSize({ width: 1366, height: 768 });
  await openPortal(page, MESSAGES);
  const selects = page.getByRole("search").getByRole("combobox");
  await expect(selects).toHaveCount(5);
  for (const select of await selects.all()) {
    // A select whose width is left to the browser is as wide as its longest choice.
    const widths = await select.evaluate((element: HTMLSelectElement) => {
      const shown = element.getBoundingClientRect().width;
      const given = element.style.cssText;
      element.style.cssText = "width: auto !important; max-width: none !important";
      const needed = element.getBoundingClientRect().width;
      element.style.cssText = given;
      return { shown, needed };
    });
    const name = await select.getAttribute("name");
    expect(widths.shown, `${name}: shown width`).toBeGreaterThanOrEqual(widths.needed - 0.5);
  }
});

test("the list comes first, and an opened message shows without scrolling", {
  tag: "@phone",
}, async ({ page, superAdmin }) => {
  void superAdmin;
  const token = uid();
  await submitInquiry({
    fullName: `Layout Visitor ${token}`,
    email: `layout-${token}@example.com`,
  });

  await openPortal(page, MESSAGES);
  await expect(
    page.getByRole("heading", { name: "Messages and Inquiries", level: 1 }),
  ).toBeVisible();
  await expectOnFirstScreen(page, rows(page).first(), "the first message row");

  // On a phone the filters fold behind 'Filters' (a checkbox and its label); from md up they show.
  const statusFilter = page.getByRole("combobox", { name: "Filter by status" });
  const onPhone = (page.viewportSize()?.width ?? 0) < 768;
  await expect(page.getByText("Filters", { exact: true })).toBeVisible({ visible: onPhone });
  await expect(statusFilter).toBeVisible({ visible: !onPhone });
  if (onPhone) {
    await page.getByText("Filters", { exact: true }).click();
    await expect(statusFilter).toBeVisible();
    await page.getByRole("checkbox", { name: "Filters" }).press("Space");
    await expect(statusFilter).toBeHidden();
  }

  // Opened from further down the list, where the link keeps the scroll position.
  const last = rows(page).last();
  await last.scrollIntoViewIfNeeded();
  await last.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
  const heading = details(page).getByRole("heading", { level: 2 });
  await expect(heading).toBeVisible();
  await expectOnFirstScreen(page, heading, "the opened message's heading");

  await details(page).getByRole("link", { name: "Close message" }).click();
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(rows(page).first()).toBeVisible();
});

// Light at desktop width, dark on the phone: colours do not depend on the width.
test(
  "axe finds nothing on a message with its history",
  { tag: "@phone" },
  async ({ page, superAdmin }, testInfo) => {
    void superAdmin;
    test.setTimeout(60_000);
    const token = uid();
    await submitInquiry({
      fullName: `Axe History ${token}`,
      email: `axe-history-${token}@example.com`,
      phone: "0803 555 0199",
    });
    await submitInquiry({
      fullName: `Axe History Again ${token}`,
      email: `axe-history-${token}@example.com`,
    });
    await openPortal(page, `${MESSAGES}?q=${token}`);
    await rowOf(page, `Axe History Again ${token}`).getByRole("link").click();
    await details(page).getByRole("combobox", { name: "Priority" }).selectOption("high");
    await expectToast(page, "Priority updated successfully");
    const url = page.url().slice(new URL(page.url()).origin.length);
    const theme = testInfo.project.name === "portal-phone" ? "dark" : "light";
    if (theme === "dark") await setDarkThemeCookie(page.context());
    await openPortal(page, url);
    await expect(history(page).last()).toContainText("Priority: Normal → High by");
    await expect(details(page).getByRole("region", { name: /earlier message/ })).toBeVisible();
    await expectNoAxeViolations(page, `a message with its history (${theme})`);
  },
);
