import type { Page, TestInfo } from "@playwright/test";
import { stepNotices } from "~/features/applications/applicant/next-step";
import { applicationMessages } from "~/features/applications/application-messages";
import { paymentMessages } from "~/features/payments/payment-messages";
import { paystackBaseUrl } from "../../playwright.config";
import { activeCourses, expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { outbox, outboxMails } from "./outbox";

/*
 * A visitor applies from a course page for its small first-come intake (three seats, see
 * app/features/demo/demo-courses.ts), gets a reference, opens the private link from the
 * e-mail and accepts the place offered. Each test takes a course of its own per project, so
 * no two take places in the same intake.
 */

function courseFor(testInfo: TestInfo, javaScript: boolean) {
  const index = (testInfo.project.name === "phone" ? 0 : 2) + (javaScript ? 1 : 0);
  // From the end of the catalogue (course-page.spec counts the places of the first courses),
  // among courses whose intakes' labels tell them apart (the Apply links are named by label).
  const course = activeCourses
    .filter(
      (candidate) =>
        new Set(candidate.intakes.map((i) => i.label)).size === candidate.intakes.length,
    )
    .at(-1 - index);
  const intake = course?.intakes[2];
  if (!course || !intake) throw new Error("The demo has too few courses");
  return { course, intake };
}

async function applyFromCoursePage(page: Page, testInfo: TestInfo, javaScript: boolean) {
  const { course, intake } = courseFor(testInfo, javaScript);
  const email = `applicant-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`/course/${course.slug}`);
  await page.getByRole("link", { name: `Apply for ${intake.label}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Apply: ${course.title}`);
  // axe runs in the page, so only where its scripts may.
  if (javaScript) {
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  }

  const form = page.locator("form#application-form");
  await form.getByLabel("Full Name").fill("Kemi Adebayo");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0803 123 4567");
  await form.getByLabel("Experience Level").selectOption("Some self-study");
  await form.getByLabel("What do you want to achieve?").fill("Build apps for my family's shop.");
  await form.getByLabel("How did you hear about us?").selectOption("Instagram");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Apply", exact: true }).click();

  const notice = form.getByRole("status");
  await expect(notice).toContainText(applicationMessages.received);
  await expect(notice).toContainText("A place is held for you: please accept it by");
  const reference = (await notice.textContent())?.match(/LTA-A-\d{6}/)?.[0];
  expect(reference).toBeTruthy();
  return { email, reference: reference ?? "" };
}

/** The path of the private link in the newest e-mail about the reference. */
async function privateLink(email: string, reference: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outboxMails()).find(
          (item) => item.to === email && item.subject.includes(reference),
        );
        link = mail?.body.match(/\/application\/[A-Za-z0-9_-]{43}/)?.[0];
        return link;
      },
      { timeout: 10_000, message: `the e-mail to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return link ?? "";
}

async function acceptOffer(page: Page, link: string, javaScript: boolean) {
  const response = await page.goto(link);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  // server.js sends every answer 'strict-origin-when-cross-origin'; the page's own comes after
  // it, and a browser follows the last policy of the header.
  expect(
    response
      ?.headers()
      ["referrer-policy"]?.split(/[,\n]\s*/)
      .at(-1),
  ).toBe("same-origin");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { name: "Status: Offered" })).toBeVisible();
  await expect(page.getByText(/Accept by .+ \(Lagos time\): \d+ days? \d+ h left/)).toBeVisible();
  if (javaScript) {
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  }

  // What accepting costs is shown before accepting.
  await expect(page.getByText(/^Accepting today: ₦[\d,]+$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ways to pay" })).toBeVisible();

  // A second tab, opened before the accept, still asks to decline.
  const staleTab = await page.context().newPage();
  await staleTab.goto(`${link}?confirm=decline#confirm`);
  const decline = staleTab.getByRole("region", { name: "Decline offer" });
  await expect(decline).toBeVisible();
  if (javaScript) await waitForHydration(staleTab);

  await page.getByRole("link", { name: "Accept offer" }).click();
  const confirm = page.getByRole("region", { name: "Accept offer" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Yes, accept my place" }).click();

  await expect(page.getByRole("heading", { name: "Status: Accepted" })).toBeVisible();
  // With JavaScript the flash is also a toast: the page's own notice is the first.
  await expect(
    page.getByRole("status").filter({ hasText: stepNotices.accept }).first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Accept offer" })).toHaveCount(0);

  // The stale tab's decline is refused and the tab shows where the application stands now.
  await decline.getByRole("button", { name: "Yes, decline the place" }).click();
  await expect(staleTab.getByText(applicationMessages.moveNotAllowed).first()).toBeVisible();
  await expect(staleTab.getByRole("heading", { name: "Status: Accepted" })).toBeVisible();
  await expect(staleTab.getByRole("button", { name: "Yes, decline the place" })).toHaveCount(0);
  await expect(staleTab.getByRole("link", { name: "Decline offer" })).toHaveCount(0);
  await staleTab.close();
}

/**
 * Chooses two instalments and pays the first through the fake Paystack's checkout (started by
 * playwright.config.ts): back on 'My application' the place is enrolled, the first part paid.
 */
async function payFirstInstalment(page: Page, javaScript: boolean) {
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByRole("radio", { name: /^Two instalments/ }).check();
  await payment.getByRole("button", { name: "Choose this plan" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: paymentMessages.planChosen }).first(),
  ).toBeVisible();
  if (javaScript) await expectNoAxeViolations(page);
  await payment.getByRole("button", { name: /^Pay ₦[\d,]+ now with Paystack$/ }).click();
  await expect(page).toHaveTitle("Fake Paystack checkout (test)");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Status: Enrolled" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: paymentMessages.paid }).first(),
  ).toBeVisible();
  await expect(payment.getByText("Paid", { exact: true })).toHaveCount(1);
  await expect(payment.getByText("Due", { exact: true })).toHaveCount(1);
  if (javaScript) {
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  }
}

/**
 * After the first instalment: its receipt downloads as a PDF and was e-mailed; the second is
 * paid by a transfer into the applicant's own account number (the public site's server has
 * Paystack's dedicated accounts on), sent from the fake Paystack's demo bank: it is recorded
 * with its receipt within seconds, with nothing for staff to check.
 */
async function receiptThenOwnAccountTransfer(page: Page, email: string, javaScript: boolean) {
  const payment = page.getByRole("region", { name: "Payment" });
  const receipt = payment.getByRole("link", { name: /^LTA-R-\d{6} \(PDF\)$/ });
  const receiptPath = (await receipt.getAttribute("href")) ?? "";
  const download = await page.request.get(receiptPath);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect
    .poll(async () =>
      (await outboxMails()).some(
        (mail) => mail.to === email && mail.subject.startsWith("Payment received"),
      ),
    )
    .toBe(true);

  // The account was asked of Paystack when the place was accepted; shown once it is made.
  const ownAccount = payment.getByRole("heading", {
    name: "Or pay by bank transfer to your own account number",
  });
  await expect(ownAccount).toBeVisible();
  const accountNumber = payment.locator("dt:has-text('Account number') + dd");
  await expect(async () => {
    await page.reload();
    await expect(accountNumber).toHaveText(/^\d{10}$/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(payment.getByText("Or pay by bank transfer", { exact: true })).toHaveCount(0);
  const due = (await payment.locator("dt:has-text('Amount due') + dd").textContent()) ?? "";
  if (javaScript) {
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  }

  const bank = await page.context().newPage();
  await bank.goto(`${paystackBaseUrl}/demo-bank`);
  await bank.getByLabel("Account number").fill((await accountNumber.textContent()) ?? "");
  await bank.getByLabel("Amount (NGN)").fill(due.replace(/[₦,]/g, ""));
  await bank.getByRole("button", { name: "Send transfer" }).click();
  await expect(bank.getByRole("status")).toContainText("Sent NGN");
  await bank.close();

  // Recorded by Paystack's webhook and its check: both instalments paid, two receipts.
  await expect(async () => {
    await page.reload();
    await expect(payment.getByText("Paid", { exact: true })).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(payment.getByRole("link", { name: /^LTA-R-\d{6} \(PDF\)$/ })).toHaveCount(2);
  await expect(payment.getByText(paymentMessages.nothingDue)).toBeVisible();
}

test.describe("applying without JavaScript", { tag: "@phone" }, () => {
  test.use({ javaScriptEnabled: false });

  test("apply from a course page, accept the offer from the private link, pay the first instalment, then the second by transfer to their own account number", async ({
    page,
  }, testInfo) => {
    // Four pages and a checkout: a long path.
    test.slow();
    const { email, reference } = await applyFromCoursePage(page, testInfo, false);
    await acceptOffer(page, await privateLink(email, reference), false);
    await payFirstInstalment(page, false);
    await receiptThenOwnAccountTransfer(page, email, false);
  });

  test("'Find my application' answers the same for any address", async ({ page }) => {
    await page.goto("/application");
    await page.getByLabel("Email Address").fill("nobody@example.com");
    await page.getByRole("button", { name: "E-mail me my links" }).click();
    await expect(page.getByRole("status")).toHaveText(applicationMessages.linkSent);
  });
});

test.describe("applying with JavaScript", () => {
  test("apply from a course page, accept the offer from the private link, pay the first instalment, then the second by transfer to their own account number", async ({
    page,
  }, testInfo) => {
    // Four pages and a checkout: a long path.
    test.slow();
    const { email, reference } = await applyFromCoursePage(page, testInfo, true);
    await acceptOffer(page, await privateLink(email, reference), true);
    await payFirstInstalment(page, true);
    await receiptThenOwnAccountTransfer(page, email, true);
  });

  test("'Find my application' has nothing for axe to find", async ({ page }) => {
    await page.goto("/application");
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });

  test("a private link that opens nothing offers 'Find my application'", async ({ page }) => {
    const response = await page.goto(`/application/${"A".repeat(43)}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByText(applicationMessages.linkUnknown)).toBeVisible();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByLabel("Email Address").fill("nobody@example.com");
    await page.getByRole("button", { name: "E-mail me my links" }).click();
    await expect(page.locator('[data-toast="success"] p')).toHaveText(applicationMessages.linkSent);
  });
});
