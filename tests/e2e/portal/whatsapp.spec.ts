import type { Page } from "@playwright/test";
import { whatsappPort } from "../../../playwright.config";
import {
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  test,
  uid,
  waitForHydration,
} from "./portal-fixtures";

// The portal's server is connected to a fake WhatsApp Cloud API (tests/support/fake-whatsapp.ts,
// started by playwright.config.ts): the test makes it deliver a visitor's message to the
// webhook, as Meta does, and reads what staff sent through it.
const fake = `http://127.0.0.1:${whatsappPort}`;

/** A visitor writes to the academy's number; resolves once Meta's delivery was accepted. */
async function visitorWrites(message: { from: string; name: string; text: string; at?: Date }) {
  const response = await fetch(`${fake}/_fake/deliver`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(message),
  });
  const delivered = (await response.json()) as { wamid: string; status: number };
  expect(delivered.status).toBe(200);
  return delivered;
}

async function sentThrough() {
  return (await (await fetch(`${fake}/_fake/sent`)).json()) as {
    to: string;
    type: string;
    text: string | null;
    template: { name: string; parameters: string[] } | null;
  }[];
}

/** A number of its own for each test: 234 803 and seven digits. */
const newNumber = () => `234803${String(Number.parseInt(uid(), 16) % 10_000_000).padStart(7, "0")}`;

/** Opens the visitor's WhatsApp conversation from the inbox, once it has arrived (a job stores it). */
async function openConversation(page: Page, name: string) {
  const row = page.locator("[data-message-id]").filter({ hasText: name });
  const started = Date.now();
  await expect(async () => {
    await openPortal(page, `${PORTAL}/messages?q=${encodeURIComponent(name)}`);
    await expect(row).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  test.info().annotations.push({
    type: "arrived",
    description: `in the inbox ${Date.now() - started} ms after Meta's delivery was accepted`,
  });
  await expect(row).toContainText("WhatsApp");
  await row.getByRole("link").click();
  const detail = page.getByRole("region", { name: "Message details" });
  await expect(detail).toContainText(name);
  await waitForHydration(page);
  return detail;
}

test("a visitor's WhatsApp message arrives in the inbox and staff answer it in the window", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const from = newNumber();
  const name = `Kemi Wa ${uid()}`;
  await visitorWrites({ from, name, text: "Good evening, is the data class on weekends?" });
  const detail = await openConversation(page, name);
  await expect(detail).toContainText("Good evening, is the data class on weekends?");
  await expect(detail.getByText(/WhatsApp window open: 23 h \d+ min left/)).toBeVisible();
  await expectNoAxeViolations(page, "a WhatsApp conversation in the window");

  await detail
    .getByRole("textbox", { name: /Your WhatsApp reply to/ })
    .fill("Yes: Saturdays from 10 am.");
  await detail.getByRole("button", { name: "Send on WhatsApp" }).click();
  await expect(page.getByText("Sent on WhatsApp.")).toBeVisible();
  const reply = detail.getByRole("listitem").filter({ hasText: "WhatsApp reply by" });
  await expect(reply).toContainText("Yes: Saturdays from 10 am.");
  // The fake reports 'sent' by webhook: the next look at the conversation shows its tick.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Message details" }).getByText("WhatsApp: Sent"),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect((await sentThrough()).filter((message) => message.to === from)).toEqual([
    expect.objectContaining({ type: "text", text: "Yes: Saturdays from 10 am." }),
  ]);
});

test("outside the 24-hour window staff answer with an approved template, filled from the conversation", async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const from = newNumber();
  const name = `Tunde Wa ${uid()}`;
  await visitorWrites({ from, name, text: "Hello?", at: new Date(Date.now() - 30 * 3_600_000) });
  const detail = await openConversation(page, name);
  await expect(detail.getByText(/The 24-hour window is closed/)).toBeVisible();
  await expect(detail.getByRole("textbox", { name: /Your WhatsApp reply to/ })).toHaveCount(0);

  await detail
    .getByRole("combobox", { name: "Approved template" })
    .selectOption("course_follow_up:en");
  await detail.getByRole("button", { name: "Choose" }).click();
  await expect(detail.getByRole("textbox", { name: "Parameter {{1}}" })).toHaveValue("Tunde");
  await detail.getByRole("textbox", { name: "Parameter {{2}}" }).fill("Data Analysis");
  await expectNoAxeViolations(
    page,
    "a WhatsApp conversation outside the window, a template chosen",
  );
  await detail.getByRole("button", { name: "Send template on WhatsApp" }).click();
  await expect(page.getByText("Sent on WhatsApp.")).toBeVisible();
  await expect(detail.getByRole("listitem").filter({ hasText: "WhatsApp reply by" })).toContainText(
    "Hello Tunde, this is Lagos Tech Academy following up on your question about Data Analysis.",
  );
  expect((await sentThrough()).filter((message) => message.to === from)).toEqual([
    expect.objectContaining({
      type: "template",
      template: expect.objectContaining({
        name: "course_follow_up",
        parameters: ["Tunde", "Data Analysis"],
      }),
    }),
  ]);
});
