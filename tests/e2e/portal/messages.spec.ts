import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { MESSAGES_CSV_HEADER } from "../../support/messages-export";
import {
  combobox,
  dialog,
  expect,
  expectNoAxeViolations,
  expectToast,
  openPortal,
  PORTAL,
  randomAddress,
  readBellCount,
  submitInquiry,
  test,
  textbox,
  uid,
  waitForHydration,
  waitForMail,
} from "./portal-fixtures";

// In declaration order in one worker: the tests of this file change the unread count, which
// the first one watches.
test.describe.configure({ mode: "default" });

const MESSAGES = `${PORTAL}/messages`;
const texts = {
  inquirySuccess:
    "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.",
  priority: "Priority updated successfully",
  status: "Status updated successfully",
  assigned: "Message assigned successfully",
  notes: "Notes saved successfully",
  deleted: "Message deleted successfully",
};

const rowOf = (page: Page, text: string) =>
  page.locator("[data-message-id]").filter({ hasText: text });
const details = (page: Page) => page.getByRole("region", { name: "Message details" });
/** The unread count as the server renders it in a fresh page's bell. */
async function serverUnreadCount(page: Page) {
  const html = await (await page.request.get(`${PORTAL}/settings`)).text();
  const count = html.match(/data-unread-count(?:="[^"]*")?>(\d+)</)?.[1];
  expect(count, "the bell in the server's HTML").toBeDefined();
  return Number(count);
}

const inboxSearch = (page: Page) =>
  page.getByPlaceholder("Search name, email, subject or message...");

test("a visitor's inquiry arrives live; the admin triages it and finds it again", async ({
  page,
  browser,
  superAdmin,
}) => {
  test.setTimeout(90_000);
  const token = uid();
  const visitor = {
    name: `Ngozi Visitor${token}`,
    email: `ngozi-${token}@example.com`,
    phone: "0803 123 4567",
    message: `Hello, I would like to join the next cohort. (${token})`,
  };

  // The portal's live events: the stream is open before the visitor writes.
  const events = page.waitForResponse((response) => response.url().endsWith(`${PORTAL}/events`));
  await openPortal(page, MESSAGES);
  await expect(
    page.getByRole("heading", { name: "Messages and Inquiries", level: 1 }),
  ).toBeVisible();
  expect((await events).headers()["content-type"]).toContain("text/event-stream");
  const before = await readBellCount(page);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });

  let course = "";
  await test.step("a visitor sends an inquiry from the landing page", async () => {
    const context = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
    });
    try {
      const site = await context.newPage();
      await site.goto("/");
      await waitForHydration(site);
      const form = site.locator("form#inquiry-form");
      await textbox(form, "Full Name").fill(visitor.name);
      await textbox(form, "Email Address").fill(visitor.email);
      await textbox(form, "Phone Number").fill(visitor.phone);
      await combobox(form, "Purpose of Inquiry").selectOption("I'm interested in a course");
      const courseSelect = combobox(form, "Course of Interest");
      course = (await courseSelect.locator("option").nth(1).textContent()) ?? "";
      expect(course).not.toBe("");
      await courseSelect.selectOption({ label: course });
      await combobox(form, "Preferred Contact Method").selectOption("Phone / WhatsApp");
      await textbox(form, "Message").fill(visitor.message);
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: "Send Inquiry" }).click();
      await expect(
        site.locator('[data-toast="success"]').filter({ hasText: texts.inquirySuccess }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step("the open inbox updates the bell and the list without a reload", async () => {
    // The bell follows the server's unread count live: it moves away from the figure the page
    // was rendered with and matches what the server now counts. Other tests change the count
    // too, so no exact figure is expected, and one of them may have marked a message read
    // meanwhile: the count is then back where it was, and the new row shows the update came.
    let last = "";
    await expect
      .poll(
        async () => {
          const shown = await readBellCount(page);
          const server = await serverUnreadCount(page);
          const arrived = await rowOf(page, visitor.name).isVisible();
          last = `shown ${shown}, server ${server}, at page load ${before}, row shown ${arrived}`;
          return shown === server && (shown !== before || arrived);
        },
        { timeout: 10_000, message: "the bell shows the new unread count without a reload" },
      )
      .toBe(true)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n(bell: ${last})`);
      });
    await expect(rowOf(page, visitor.name)).toBeVisible({ timeout: 10_000 });
    await expect(rowOf(page, visitor.name)).toContainText("Unread");
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });

  let id = "";
  await test.step("opening it marks it read", async () => {
    await rowOf(page, visitor.name).getByRole("link").click();
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
    id = new URL(page.url()).searchParams.get("id") as string;
    const detail = details(page);
    await expect(detail.getByRole("heading", { name: "I'm interested in a course" })).toBeVisible();
    await expect(detail).toContainText(`From ${visitor.name}`);
    await expect(detail).toContainText(visitor.message);
    await expect(detail).toContainText(course);
    await expect(detail).toContainText("Phone / WhatsApp");
    await expect(detail.getByRole("combobox", { name: "Status" })).toHaveValue("read");
    await expect(detail).toContainText(new RegExp(`Read.*by ${superAdmin.name}`));
    await expect(rowOf(page, visitor.name)).toContainText("Read");
  });

  await test.step("reply links: e-mail with 'Re: …' and WhatsApp with the number normalised", async () => {
    const detail = details(page);
    const mailto =
      (await detail.getByRole("link", { name: "Reply by email" }).getAttribute("href")) ?? "";
    expect(mailto.startsWith(`mailto:${visitor.email}?subject=`)).toBe(true);
    const subject = new URLSearchParams(mailto.split("?")[1]).get("subject");
    expect(subject).toMatch(/^Re: I'm interested in a course \[LTA-\d{7}\]$/);
    const whatsApp = detail.getByRole("link", { name: "Reply on WhatsApp" });
    const href = (await whatsApp.getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=/);
    const greeting = new URL(href).searchParams.get("text") ?? "";
    expect(greeting).toContain("Hello Ngozi");
    expect(greeting).toContain(course);
    await expect(whatsApp).toHaveAttribute("target", "_blank");
  });

  await test.step("priority, status, assignment and notes", async () => {
    const detail = details(page);
    await detail.getByRole("combobox", { name: "Priority" }).selectOption("high");
    await expectToast(page, texts.priority);
    await expect(detail.getByRole("combobox", { name: "Priority" })).toHaveValue("high");
    await expect(rowOf(page, visitor.name)).toContainText("High priority");

    await detail.getByRole("combobox", { name: "Status" }).selectOption("replied");
    await expectToast(page, texts.status);
    await expect(detail.getByRole("combobox", { name: "Status" })).toHaveValue("replied");
    await expect(detail).toContainText("Replied");
    await expect(rowOf(page, visitor.name)).toContainText("Replied");

    await detail
      .getByRole("combobox", { name: "Assigned to" })
      .selectOption({ label: superAdmin.name });
    await expectToast(page, texts.assigned);
    await expect(rowOf(page, visitor.name)).toContainText(`Assigned to ${superAdmin.name}`);

    const note = `Called back on WhatsApp (${token}).`;
    await detail.getByRole("textbox", { name: "Admin notes" }).fill(note);
    await detail.getByRole("button", { name: "Save Notes" }).click();
    await expectToast(page, texts.notes);
    await page.reload();
    await expect(details(page).getByRole("textbox", { name: "Admin notes" })).toHaveValue(note);
    await expect(details(page).getByRole("combobox", { name: "Priority" })).toHaveValue("high");
  });

  await test.step("found via 'Assigned to Me' and via search", async () => {
    const tabs = page.getByRole("navigation", { name: "Message tabs" });
    await tabs.getByRole("link", { name: "Assigned to Me" }).click();
    await expect(page).toHaveURL(/[?&]tab=assigned/);
    await expect(tabs.getByRole("link", { name: "Assigned to Me" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator("[data-message-id]")).toHaveCount(1);
    await expect(rowOf(page, visitor.name)).toBeVisible();

    await tabs.getByRole("link", { name: "All Messages" }).click();
    await expect(page).not.toHaveURL(/tab=/);
    // The URL changes before React renders the new tab (a transition): typing before that
    // render would go into the old search box, which the render then replaces.
    await expect(tabs.getByRole("link", { name: "All Messages" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await inboxSearch(page).fill(`VISITOR${token}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=VISITOR${token}`));
    await expect(page.locator("[data-message-id]")).toHaveCount(1);
    await expect(page.locator(`[data-message-id="${id}"]`)).toBeVisible();
    // The message text and the e-mail are searched too, case-insensitively.
    await inboxSearch(page).fill(`NEXT COHORT. (${token})`);
    await expect(page).toHaveURL(/[?&]q=NEXT/);
    await expect(page.locator(`[data-message-id="${id}"]`)).toBeVisible();
    await inboxSearch(page).fill(`no-such-text-${token}`);
    await expect(page.getByText("No messages found")).toBeVisible();

    // The header's search box searches the inbox from any portal page.
    await openPortal(page, `${PORTAL}/dashboard`);
    const headerSearch = page.getByRole("banner").getByRole("searchbox");
    await headerSearch.fill(`NGOZI-${token}@EXAMPLE`);
    await headerSearch.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin-portal/messages\\?q=NGOZI-${token}`));
    await expect(page.locator("[data-message-id]")).toHaveCount(1);
    await expect(page.locator(`[data-message-id="${id}"]`)).toBeVisible();
  });

  await test.step("staff were alerted by e-mail", async () => {
    const mail = await waitForMail("staff@academy.test", (item) =>
      item.body.includes(visitor.name),
    );
    expect(mail.subject).toMatch(/ \[LTA-\d{7}\]$/);
    expect(mail.subject.replace(/ \[LTA-\d{7}\]$/, "")).toBe(
      `New inquiry from ${visitor.name} (${course})`,
    );
    expect(mail.body).toContain(`From: ${visitor.name} <${visitor.email}>`);
    expect(mail.body).toContain("Form: Course inquiry");
    expect(mail.body).toContain(`Course of interest: ${course}`);
    expect(mail.body).toContain(`/admin-portal/messages?id=${id}`);
  });

  await test.step("the super admin finds the alert sent under Settings", async () => {
    await openPortal(page, `${PORTAL}/settings`);
    const alert = page
      .getByRole("list", { name: /^Outgoing e-mail/ })
      .getByRole("listitem")
      .filter({ hasText: `New inquiry from ${visitor.name}` });
    await expect(alert).toContainText("Sent");
    await expect(alert).toContainText("Staff alert to staff@academy.test");
  });
});

test("CSV export: the filtered list with a header row, formulas neutralised", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const token = uid();
  const name = `Csv Visitor ${token}`;
  const formula = `=HYPERLINK("http://evil.example","click me") ${token}`;
  await submitInquiry({
    fullName: name,
    email: `csv-${token}@example.com`,
    phone: "+234 803 000 0000",
    message: formula,
  });
  await submitInquiry({ fullName: `Other ${token}`, email: `other-${token}@example.com` });

  await openPortal(page, `${MESSAGES}?q=${encodeURIComponent(`Csv Visitor ${token}`)}`);
  await expect(page.locator("[data-message-id]")).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(MESSAGES_CSV_HEADER.map((cell) => `"${cell}"`).join(","));
  // The filter applies: just this visitor, not the other one.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${name}"`);
  expect(csv).not.toContain(`Other ${token}`);
  // A cell starting with "=" gets a leading apostrophe; quotes are doubled.
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click me"") ${token}"`);
  // A phone number is a text constant: shown as written, without an apostrophe.
  expect(lines[1]).toContain(`"=""+234 803 000 0000"""`);
});

test("bulk archive two messages, and delete one after the confirmation", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const token = uid();
  const names = [`Bulk ${token} Amaka`, `Bulk ${token} Bola`, `Bulk ${token} Chidi`];
  for (const fullName of names) {
    await submitInquiry({ fullName, email: `bulk-${uid()}@example.com`, message: `Bulk ${token}` });
  }

  await openPortal(page, `${MESSAGES}?q=${encodeURIComponent(`Bulk ${token}`)}`);
  await expect(page.locator("[data-message-id]")).toHaveCount(3);
  await page.getByRole("checkbox", { name: `Select message from ${names[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select message from ${names[1]}` }).check();
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Archive" });
  await page.getByRole("button", { name: "Apply to selected (2)" }).click();
  await expectToast(page, "2 messages archived");
  await expect(rowOf(page, names[0] as string)).toContainText("Archived");
  await expect(rowOf(page, names[1] as string)).toContainText("Archived");
  await expect(rowOf(page, names[2] as string)).toContainText("Unread");

  await rowOf(page, names[2] as string)
    .getByRole("link")
    .click();
  await details(page).getByRole("link", { name: "Delete" }).click();
  await expect(page).toHaveURL(/confirm=delete/);
  const confirm = dialog(page, "Delete Message");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    `Delete the message from ${names[2]}? This cannot be undone.`,
  );
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(details(page)).toBeVisible();

  await details(page).getByRole("link", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete Message" }).click();
  await expectToast(page, texts.deleted);
  await expect(details(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(page.locator("[data-message-id]")).toHaveCount(2);
  await expect(rowOf(page, names[2] as string)).toHaveCount(0);
});

test("a new message arriving while a page loads waits for the load: the toast of the change is kept", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const token = uid();
  const kept = `Live ${token} Kept`;
  await submitInquiry({ fullName: kept, email: `live-${uid()}@example.com`, message: token });
  await openPortal(page, `${MESSAGES}?q=${encodeURIComponent(token)}`);
  await rowOf(page, kept).getByRole("link").click();
  await expect(details(page)).toBeVisible();

  // The page load that follows the change reaches the server, which clears the one-time toast,
  // and its answer is then held until a new message has arrived and the event stream has
  // announced it. Restarting that load to show the new message would lose the toast.
  const arrived = `Live ${token} Arrived`;
  let held = false;
  await page.route(/\/admin-portal\/messages\.data/, async (route) => {
    if (held || route.request().method() !== "GET") return route.fallback();
    held = true;
    const answer = await route.fetch();
    await submitInquiry({ fullName: arrived, email: `live-${uid()}@example.com`, message: token });
    // The stream polls every 3 s: two polls see the new message.
    await new Promise((resolve) => setTimeout(resolve, 7000));
    await route.fulfill({ response: answer }).catch(() => undefined);
  });
  await details(page).getByRole("combobox", { name: "Priority" }).selectOption("high");
  await expectToast(page, texts.priority, "success", 15_000);
  // The arrival is not dropped: the inbox loads again once the held load has finished.
  await expect(rowOf(page, arrived)).toBeVisible({ timeout: 10_000 });
});

test("text typed in the search box while a tab is loading is kept, and searched in that tab", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const token = uid();
  await openPortal(page, `${MESSAGES}?tab=assigned`);
  // The All Messages tab's load is held until the admin has typed.
  let releaseLoad = () => {};
  const loadHeld = new Promise<void>((resolve) => {
    releaseLoad = resolve;
  });
  let held = false;
  await page.route(/\/admin-portal\/messages\.data/, async (route) => {
    if (held || route.request().url().includes("tab=")) return route.fallback();
    held = true;
    await loadHeld;
    await route.fallback();
  });
  const tabs = page.getByRole("navigation", { name: "Message tabs" });
  await tabs.getByRole("link", { name: "All Messages" }).click();
  await expect.poll(() => held).toBe(true);
  // The held load is released only once the search has gone out, so the search is sent while
  // the All Messages tab is still loading.
  const searchSent = page.waitForRequest((request) => request.url().includes(`kept-${token}`));
  await inboxSearch(page).pressSequentially(`kept-${token}`);
  await searchSent;
  releaseLoad();
  await expect(tabs.getByRole("link", { name: "All Messages" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page).toHaveURL(new RegExp(`[?&]q=kept-${token}(&|$)`));
  expect(page.url()).not.toContain("tab=");
  await expect(inboxSearch(page)).toHaveValue(`kept-${token}`);
  await expect(page.getByText("No messages found")).toBeVisible();
});

test("technical details: the visitor's address, browser and referrer, only for the opened message", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const token = uid();
  const origin = {
    address: randomAddress(),
    // A spammer's user agent: long and without a space to break it at.
    userAgent: `SpamBot/${uid()}-${"a1b2c3d4".repeat(30)}`,
    referrer: `https://ads.example.com/landing?campaign=${uid()}`,
  };
  const tracked = `Spam Suspect ${token}`;
  const untracked = `Plain Visitor ${token}`;
  await submitInquiry(
    { fullName: tracked, email: `tracked-${token}@example.com` },
    {
      address: origin.address,
      headers: { "User-Agent": origin.userAgent, Referer: origin.referrer },
    },
  );
  await submitInquiry({ fullName: untracked, email: `untracked-${token}@example.com` });
  const search = `${MESSAGES}?q=${encodeURIComponent(token)}`;

  await openPortal(page, search);
  await rowOf(page, tracked).getByRole("link").click();
  await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);

  await test.step("the list's rows carry none of them, the opened message does", async () => {
    const html = async (url: string) => (await page.request.get(url)).text();
    const list = await html(search);
    expect(list).toContain(tracked);
    const opened = await html(page.url());
    for (const detail of [origin.address, origin.userAgent, origin.referrer]) {
      expect(list).not.toContain(detail);
      expect(opened).toContain(detail);
    }
  });
  const summary = details(page).locator("summary", { hasText: "Technical details" });
  const value = (label: string) =>
    details(page).locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

  await test.step("collapsed at first, opened with the keyboard", async () => {
    await expect(summary).toBeVisible();
    await expect(value("User agent")).toBeHidden();
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(value("IP address")).toHaveText(origin.address);
    await expect(value("User agent")).toHaveText(origin.userAgent);
    await expect(value("Referrer")).toHaveText(origin.referrer);
    await expectNoAxeViolations(page, "a message with its technical details open");
  });

  await test.step("the long user agent wraps on a 360 px phone", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(value("User agent")).toBeVisible();
    const fit = await value("User agent").evaluate((cell) => ({
      right: cell.getBoundingClientRect().right,
      overflow: cell.scrollWidth - cell.clientWidth,
    }));
    expect(fit.right).toBeLessThanOrEqual(360);
    expect(fit.overflow, "the user agent overflows its cell").toBeLessThanOrEqual(0);
  });

  await test.step("a value the visitor's browser did not send reads 'Not recorded'", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPortal(page, search);
    await rowOf(page, untracked).getByRole("link").click();
    await expect(details(page)).toContainText(`From ${untracked}`);
    await summary.click();
    await expect(value("Referrer")).toHaveText("Not recorded");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // The message's detail is loaded on demand in the browser (lazyPart); the server still
  // sends it in the page.
  test("an opened message is in the page, with its reply form", async ({ page, superAdmin }) => {
    void superAdmin;
    await page.goto(MESSAGES);
    const first = page.locator("[data-message-id]").first();
    const name = (await first.locator("a span").first().textContent()) ?? "";
    await first.getByRole("link").click();
    await expect(details(page).getByText(`From ${name} · `)).toBeVisible();
    await expect(details(page).getByRole("region", { name: "Reply" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading the details" })).toHaveCount(0);
  });
});
