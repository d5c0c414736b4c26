import type { Page, TestInfo } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { paymentMessages } from "~/features/payments/payment-messages";
import { portalBaseURL } from "../../../playwright.config";
import { activeCourses } from "../fixtures";
import { expectFitsPhones } from "../phone-fit";
import {
  addDemoSession,
  dialog,
  expect,
  expectNoAxeViolations,
  expectToast,
  openPortal,
  PORTAL,
  test,
  uid,
  waitForMail,
} from "./portal-fixtures";

/*
 * What an applicant reads about their money on 'My application', on a 360 px phone (issue 40):
 * a refund shows as a refund with what remains, never 'Everything is paid', and 'Pay now' is
 * withheld, with its reason, while a proof of transfer waits. Each test applies, in its own
 * project, to the small first-come intake of a course of its own (three seats; no other portal
 * test applies), from the end of the catalogue.
 */

const PHONE_WIDTH = 360;

function intakeFor(testInfo: TestInfo, slot: number) {
  const index = slot * 2 + (testInfo.project.name === "portal-phone" ? 0 : 1);
  const course = activeCourses
    .filter(
      (candidate) =>
        new Set(candidate.intakes.map((intake) => intake.label)).size === candidate.intakes.length,
    )
    .at(-1 - index);
  const intake = course?.intakes[2];
  if (!course || !intake) throw new Error("The demo has too few courses");
  return { course, intake };
}

/** Applies, accepts the place offered and chooses `plan`: the path of 'My application'. */
async function acceptedWithPlan(page: Page, testInfo: TestInfo, slot: number, plan: string) {
  const { course, intake } = intakeFor(testInfo, slot);
  await page.goto(`/course/${course.slug}`);
  const apply = await page
    .getByRole("link", { name: `Apply for ${intake.label}`, exact: true })
    .getAttribute("href");
  // As long as many applicants' addresses are: it must wrap on a phone, not widen the page.
  const email = `money-${uid()}.oluwaseun.adebayo-ogunleye@example.com`;
  const applied = await page.request.post(apply ?? "", {
    form: {
      fullName: "Tunde Bakare",
      email,
      phone: "0803 123 4567",
      experienceLevel: "Some self-study",
      goals: "Build apps for my family's shop.",
      heardFrom: "Instagram",
      consent: "on",
    },
  });
  expect(applied.status()).toBe(200);
  const mail = await waitForMail(email);
  const link = mail.body.match(/\/application\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(link).not.toBe("");
  const steps: Record<string, string>[] = [{ intent: "accept" }, { intent: "choose-plan", plan }];
  for (const form of steps) {
    const answer = await page.request.post(link, { form, maxRedirects: 0 });
    expect(answer.status(), JSON.stringify(form)).toBe(302);
  }
  return { link, email };
}

test.use({ viewport: { width: PHONE_WIDTH, height: 740 } });

test(
  "a proof of transfer waits: 'Pay now' is withheld with its reason",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    test.slow();
    const { link } = await acceptedWithPlan(page, testInfo, 0, "two-instalments");
    await page.goto(link);
    const payment = page.getByRole("region", { name: "Payment" });
    await expect(
      payment.getByRole("button", { name: /^Pay ₦[\d,]+ now with Paystack$/ }),
    ).toBeVisible();
    await expectFitsPhones(page, "my application, an instalment due");
    const proof = await PDFDocument.create();
    proof.addPage();
    await payment.getByLabel("Proof of transfer (photo or PDF, up to 15MB)").setInputFiles({
      name: "transfer.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(await proof.save()),
    });
    await payment.getByRole("button", { name: "Send proof of transfer" }).click();
    await expect(payment.getByText(paymentMessages.proofWaiting)).toBeVisible();
    await expect(payment.getByRole("button", { name: /now with Paystack$/ })).toHaveCount(0);
    await expect(payment.getByText(paymentMessages.payNowWithheld)).toBeVisible();
    await expect(payment.getByText("Proof being checked", { exact: true })).toBeVisible();
    await expectFitsPhones(page, "my application, proof waiting");
    await expectNoAxeViolations(page, "my application, proof waiting");
  },
);

test(
  "after a refund the applicant reads the refund and what remains, not 'Everything is paid'",
  { tag: "@phone" },
  async ({ page, browser, superApi }, testInfo) => {
    // A checkout, the portal and two axe runs on a busy machine.
    test.setTimeout(180_000);
    const { link, email } = await acceptedWithPlan(page, testInfo, 1, "full");
    await page.goto(link);
    const payment = page.getByRole("region", { name: "Payment" });
    await payment.getByRole("button", { name: /^Pay ₦[\d,]+ now with Paystack$/ }).click();
    await expect(page).toHaveTitle("Fake Paystack checkout (test)");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Status: Enrolled" })).toBeVisible();
    await expect(payment.getByText(paymentMessages.nothingDue)).toBeVisible();
    const amount = (await payment.getByText(/^Pay in full: /).textContent())?.match(/₦[\d,]+/)?.[0];

    // Staff refund all of it, from the application in the portal, on a phone.
    const staff = await browser.newContext({
      baseURL: portalBaseURL,
      viewport: { width: PHONE_WIDTH, height: 740 },
    });
    await addDemoSession(staff, superApi);
    const portal = await staff.newPage();
    await openPortal(portal, `${PORTAL}/students?q=${encodeURIComponent(email)}`);
    await portal.getByRole("region", { name: "Applications" }).getByRole("link").first().click();
    await expect(portal.getByRole("table", { name: "Schedule" })).toBeVisible();
    await expectFitsPhones(portal, "an application with its payment schedule");
    await portal.getByRole("link", { name: "Refund", exact: true }).click();
    const refund = dialog(portal, "Refund");
    await expect(refund).toBeVisible();
    await expectFitsPhones(portal, "the Refund dialog");
    await refund
      .getByLabel("Reason (sent to the applicant)")
      .fill("The course moved to a date they cannot make");
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await expectToast(portal, /^Refund asked of Paystack/);
    await staff.close();

    await page.goto(link);
    await expect(payment.getByText("Refunded", { exact: true })).toBeVisible();
    await expect(
      payment.getByText(`${amount} paid, ${amount} refunded, ₦0 to pay.`, { exact: false }),
    ).toBeVisible();
    await expect(payment.getByRole("heading", { name: "Refunds" })).toBeVisible();
    await expect(
      payment.getByText(
        /refund on its way, since .+ \(instalment 1\)|refunded on .+ \(instalment 1\)/,
      ),
    ).toBeVisible();
    await expect(payment.getByText(paymentMessages.nothingDue)).toHaveCount(0);
    await expect(payment.getByText(paymentMessages.nothingLeft)).toBeVisible();
    await expectFitsPhones(page, "my application, refunded");
    await expectNoAxeViolations(page, "my application, refunded");
  },
);

/** 'Two instalments: ₦…' as the plan choice shows it, in kobo. */
const planTotal = async (payment: ReturnType<Page["getByRole"]>) =>
  nairaOf(
    (await payment
      .getByText(/^Two instalments: ₦/)
      .first()
      .textContent()) ?? "",
  );
const nairaOf = (text: string) => Number(text.match(/₦([\d,]+)/)?.[1]?.replaceAll(",", "") ?? NaN);

test("a discount code lowers the instalments the applicant pays, and a scholarship the ones still unpaid", async ({
  page,
  browser,
  superApi,
}, testInfo) => {
  // A code made in the portal, an application, a checkout and a scholarship on a busy machine.
  test.setTimeout(180_000);
  const staff = await browser.newContext({ baseURL: portalBaseURL });
  await addDemoSession(staff, superApi);
  const portal = await staff.newPage();
  const code = `LAGOS${uid().slice(-6).toUpperCase()}`;
  await openPortal(portal, `${PORTAL}/discounts?modal=create`);
  const form = dialog(portal, "Add discount code");
  await form.getByLabel(/^Code/).fill(code);
  await form.getByLabel("Off").selectOption("percent");
  await form.getByLabel("How much (% or ₦)").fill("20");
  await form.getByLabel("Uses in all (optional)").fill("5");
  await form.getByRole("button", { name: "Add discount code" }).click();
  await expectToast(portal, "Discount code created.");
  await expect(portal.locator(`[data-discount-code="${code}"]`)).toContainText("20% off");

  // The applicant types it in lower case on the apply form, then accepts the place.
  const { course, intake } = intakeFor(testInfo, 2);
  await page.goto(`/course/${course.slug}`);
  const apply = await page
    .getByRole("link", { name: `Apply for ${intake.label}`, exact: true })
    .getAttribute("href");
  const email = `code-${uid()}@example.com`;
  const applied = await page.request.post(apply ?? "", {
    form: {
      fullName: "Kemi Adeyemi",
      email,
      phone: "0803 765 4321",
      experienceLevel: "Some self-study",
      goals: "Become a product designer at a fintech.",
      heardFrom: "WhatsApp",
      discountCode: code.toLowerCase(),
      consent: "on",
    },
  });
  expect(applied.status()).toBe(200);
  const link = (await waitForMail(email)).body.match(/\/application\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  const accepted = await page.request.post(link, { form: { intent: "accept" }, maxRedirects: 0 });
  expect(accepted.status()).toBe(302);

  await page.goto(link);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.getByText(`${code} applied:`, { exact: false })).toBeVisible();
  const off = nairaOf(
    (await payment.getByText(`${code} applied:`, { exact: false }).textContent()) ?? "",
  );
  const total = await planTotal(payment);
  // 20 % off: the price is four times the discount, less it.
  expect(total).toBe(off * 4);
  await expectNoAxeViolations(page, "my application, a discount code applied");
  await payment.getByRole("radio", { name: /^Two instalments/ }).check();
  await payment.getByRole("button", { name: "Choose this plan" }).click();
  const first = nairaOf(
    (await payment
      .getByRole("button", { name: /^Pay ₦[\d,]+ now with Paystack$/ })
      .textContent()) ?? "",
  );
  expect(first).toBeGreaterThanOrEqual(total / 2);
  expect(first).toBeLessThan(total / 2 + 1);
  await payment.getByRole("button", { name: /^Pay ₦[\d,]+ now with Paystack$/ }).click();
  await expect(page).toHaveTitle("Fake Paystack checkout (test)");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Status: Enrolled" })).toBeVisible();
  const due = (await payment.getByText(/to pay\.$/).textContent()) ?? "";
  expect(nairaOf(due.split("paid,")[1] ?? "")).toBe(total - first);

  // Staff grant a 25 % scholarship on the application: the unpaid instalment shrinks.
  await openPortal(portal, `${PORTAL}/students?q=${encodeURIComponent(email)}`);
  await portal.getByRole("region", { name: "Applications" }).getByRole("link").first().click();
  await portal.getByRole("link", { name: "Grant scholarship" }).click();
  const grant = dialog(portal, "Grant scholarship");
  await grant.getByLabel("Off").selectOption("percent");
  await grant.getByLabel("How much (% or ₦)").fill("25");
  await grant.getByLabel("Reason (staff only)").fill("Top of the aptitude test");
  await grant.getByRole("button", { name: "Grant scholarship" }).click();
  await expectToast(portal, /^Scholarship granted/);
  await expect(portal.getByRole("table", { name: "Price" })).toContainText("Scholarship");
  await staff.close();

  await page.goto(link);
  const left = nairaOf(
    ((await payment.getByText(/to pay\.$/).textContent()) ?? "").split("paid,")[1] ?? "",
  );
  // Three quarters of the discounted price, less the first instalment already paid.
  expect(left).toBe(total - total / 4 - first);
  expect(left).toBeLessThan(total - first);
  await expect(page.getByText("Top of the aptitude test")).toHaveCount(0);
});
