import { expect, test, waitForHydration } from "./fixtures";
import { outbox, outboxMails } from "./outbox";
import { withReference } from "./success-notice";

const inquirySuccess =
  "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.";

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
