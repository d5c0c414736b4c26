import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "../../playwright.config";
import { expect, test, waitForHydration } from "./fixtures";
import { withReference } from "./success-notice";

const inquirySuccess =
  "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.";

/** The public server's outbox: with no SMTP_URL, its job queue writes each e-mail here. */
const outbox = path.resolve(dataDir ?? "", "outbox");

/** The headers (folded lines joined) and body (soft line breaks undone) of each e-mail. */
async function outboxMails() {
  let files: string[];
  try {
    files = (await readdir(outbox)).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outbox, file), "utf8");
      const split = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
      const header = (name: string) =>
        headers.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
      return {
        to: header("To"),
        subject: header("Subject"),
        body: raw.slice(split).replace(/=\r?\n/g, ""),
      };
    }),
  );
}

test("a visitor's inquiry is answered with its reference, and acknowledged by e-mail under it", async ({
  page,
}) => {
  const email = `visitor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/");
  await waitForHydration(page);
  const form = page.locator("form#inquiry-form");
  await form.getByLabel("Full Name").fill("Tunde Bakare");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Purpose of Inquiry").selectOption("I'm interested in a course");
  await form.getByLabel("Course of Interest").selectOption("Python for Data Science");
  await form.getByLabel("Message").fill("Is there a weekend class?");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Send Inquiry" }).click();

  const toast = page.locator('[data-toast="success"] p');
  await expect(toast).toHaveText(withReference(inquirySuccess));
  const reference = (await toast.textContent())?.match(/LTA-\d{7}/)?.[0];
  expect(reference).toBeTruthy();

  let acknowledgement: Awaited<ReturnType<typeof outboxMails>>[number] | undefined;
  await expect
    .poll(
      async () => {
        acknowledgement = (await outboxMails()).find((mail) => mail.to === email);
        return acknowledgement?.subject;
      },
      { timeout: 10_000, message: `the acknowledgement to ${email} in ${outbox}` },
    )
    .toBe(`We received your inquiry about Python for Data Science [${reference}]`);
  expect(acknowledgement?.body).toContain("Hello Tunde,");
  expect(acknowledgement?.body).toContain("We will reply within 24 hours.");
});
