import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { withReference } from "./success-notice";

const texts = {
  contactSuccess: "Thank you for your message! We will get back to you within 24 hours.",
  inquirySuccess:
    "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.",
  contactFailure: "Failed to submit message. Please try again.",
  inquiryFailure: "Failed to submit inquiry. Please try again.",
  rateLimited:
    "You have sent several messages in a short time. Please wait a few minutes and try again.",
  nameRequired: "Full name is required",
  nameShort: "Full name must be at least 2 characters",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  purposeRequired: "Purpose of inquiry is required",
  consentRequired: "You must agree to the privacy policy to submit this form",
  subjectRequired: "Subject is required",
  messageRequired: "Message is required",
  messageShort: "Message must be at least 10 characters",
};

const contactForm = (page: Page) => page.locator("form#contact-form");
const inquiryForm = (page: Page) => page.locator("form#inquiry-form");
/** A field's own message (after a plain POST the summary at the top repeats it as a link). */
const fieldMessage = (form: Locator, message: string) =>
  form.locator('p[id$="-error"]').getByText(message, { exact: true });
const successToast = (page: Page) => page.locator('[data-toast="success"] p');
const errorToast = (page: Page) => page.locator('[data-toast="error"] p');

const validContact = {
  name: "Chiamaka Eze",
  email: "chiamaka@example.com",
  phone: "0803 555 0101",
  subject: "Course Information",
  message: "When does the next UI/UX class start, and can I pay in instalments?",
};

async function fillContact(page: Page, values = validContact) {
  const form = contactForm(page);
  await form.getByLabel("Full Name").fill(values.name);
  await form.getByLabel("Email Address").fill(values.email);
  await form.getByLabel("Phone Number").fill(values.phone);
  await form.getByLabel("Subject").selectOption(values.subject);
  await form.getByLabel("Message").fill(values.message);
}

async function fillInquiry(page: Page) {
  const form = inquiryForm(page);
  await form.getByLabel("Full Name").fill("Tunde Bakare");
  await form.getByLabel("Email Address").fill("tunde@example.com");
  await form.getByLabel("Phone Number").fill("0812 555 0199");
  await form.getByLabel("Purpose of Inquiry").selectOption("I'm interested in a course");
  await form.getByLabel("Course of Interest").selectOption("Python for Data Science");
  await form.getByLabel("Preferred Contact Method").selectOption("Phone / WhatsApp");
  await form.getByLabel("Message").fill("Is there a weekend class?");
  await form.getByRole("checkbox").check();
}

/**
 * Without JavaScript a submit loads a new page. Waits for that page's load event, so that the
 * next step acts on a page that has finished loading (in CI a field emptied while the answer was
 * still arriving was once posted with its old value).
 */
async function submitPlain(page: Page, button: Locator) {
  const loaded = page.waitForEvent("load");
  await button.click();
  await loaded;
}

/**
 * Holds the next form submissions (fetcher POSTs) until `release()` is called, so the
 * 'Sending...' state can be observed without sleeping.
 */
async function holdSubmissions(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    },
  );
  return release;
}

/** The next form submissions fail: the connection drops, or a proxy answers with its own page. */
async function failSubmissions(page: Page, how: "abort" | "502") {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      if (how === "abort") return route.abort("connectionreset");
      return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" });
    },
  );
}

test.describe("contact form with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
  });

  test("shows every validation message", { tag: "@phone" }, async ({ page }) => {
    const form = contactForm(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText(texts.nameRequired)).toBeVisible();
    await expect(form.getByText(texts.emailRequired)).toBeVisible();
    await expect(form.getByText(texts.subjectRequired)).toBeVisible();
    await expect(form.getByText(texts.messageRequired)).toBeVisible();
    const name = form.getByLabel("Full Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(texts.nameRequired);

    await name.fill("A");
    await expect(form.getByText(texts.nameShort)).toBeVisible();
    // Blank is not a name: the value is trimmed.
    await name.fill("   ");
    await expect(form.getByText(texts.nameRequired)).toBeVisible();
    await form.getByLabel("Email Address").fill("chiamaka@example");
    await expect(form.getByText(texts.emailInvalid)).toBeVisible();
    await form.getByLabel("Message").fill("Too short");
    await expect(form.getByText(texts.messageShort)).toBeVisible();
    await expect(errorToast(page)).toHaveCount(0);

    await fillContact(page);
    for (const message of Object.values(texts)) {
      await expect(form.getByText(message, { exact: true })).toHaveCount(0);
    }
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
  });

  test("shows 'Sending...', then the success toast, and resets the form", {
    tag: "@phone",
  }, async ({ page }) => {
    const release = await holdSubmissions(page);
    const form = contactForm(page);
    await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(successToast(page)).toHaveText(withReference(texts.contactSuccess));
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(form.getByLabel("Email Address")).toHaveValue("");
    await expect(form.getByLabel("Phone Number")).toHaveValue("");
    await expect(form.getByLabel("Subject")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the reference stays on the page after the toast, on one line at 360 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const form = contactForm(page);
    await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    const notice = form.getByRole("status");
    await expect(notice).toHaveText(withReference(texts.contactSuccess));
    // The form is rendered anew once reset: measure the notice it then shows.
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(notice).toHaveText(withReference(texts.contactSuccess));
    const reference = (await notice.textContent())?.match(/LTA-\d{7}/)?.[0] ?? "";
    // The innermost element holding the reference is laid out on a single line.
    const lineBoxes = await notice
      .getByText(reference, { exact: true })
      .evaluate((element) => element.getClientRects().length);
    expect(lineBoxes, `the lines ${reference} is laid out on`).toBe(1);
  });

  test("after a success the reset form sends a second message", async ({ page }) => {
    const form = contactForm(page);
    await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(successToast(page)).toHaveText(withReference(texts.contactSuccess));
    await expect(form.getByLabel("Subject")).toHaveValue("");

    await fillContact(page, { ...validContact, subject: "Career Guidance" });
    await expect(form.getByLabel("Subject")).toHaveValue("Career Guidance");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(successToast(page)).toHaveCount(2);
    await expect(form.getByText(texts.subjectRequired)).toHaveCount(0);
    await expect(form.getByLabel("Subject")).toHaveValue("");
  });

  test("a filled honeypot is answered with success", async ({ page }) => {
    const form = contactForm(page);
    const honeypot = form.locator('input[name="website"]');
    // People never see it: off screen, hidden from assistive technology, out of the tab order.
    const box = await honeypot.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(await honeypot.evaluate((input) => input.closest('[aria-hidden="true"]') !== null)).toBe(
      true,
    );
    await fillContact(page);
    await honeypot.evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(successToast(page)).toHaveText(withReference(texts.contactSuccess));
    await expect(errorToast(page)).toHaveCount(0);
  });

  test("a failed submission shows the failure toast and keeps the input", async ({ page }) => {
    await failSubmissions(page, "abort");
    const form = contactForm(page);
    await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(errorToast(page)).toHaveText(texts.contactFailure);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in touch");
    await expect(form.getByLabel("Full Name")).toHaveValue(validContact.name);
    await expect(form.getByLabel("Subject")).toHaveValue(validContact.subject);
    await expect(form.getByLabel("Message")).toHaveValue(validContact.message);
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(successToast(page)).toHaveCount(0);
  });

  test("the sixth message from one address is refused with the rate-limit message", async ({
    page,
    request,
  }) => {
    // Five messages from this visitor's address (the `request` fixture shares it).
    for (let index = 0; index < 5; index += 1) {
      const response = await request.post("/contact", {
        form: { ...validContact, message: `${validContact.message} (${index + 1})` },
      });
      expect(response.status()).toBe(200);
    }
    const form = contactForm(page);
    await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(errorToast(page)).toHaveText(texts.rateLimited);
    await expect(form.getByRole("alert")).toHaveText(texts.rateLimited);
    await expect(successToast(page)).toHaveCount(0);
    // The visitor's text is kept so it can be sent later.
    await expect(form.getByLabel("Message")).toHaveValue(validContact.message);
  });
});

test.describe("inquiry form with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
  });

  test("the button stays disabled until consent is ticked", async ({ page }) => {
    const form = inquiryForm(page);
    const send = form.getByRole("button", { name: "Send Inquiry" });
    await expect(send).toBeDisabled();
    const consent = form.getByRole("checkbox");
    await consent.check();
    await expect(send).toBeEnabled();
    await consent.uncheck();
    await expect(send).toBeDisabled();
  });

  test("shows every validation message", { tag: "@phone" }, async ({ page }) => {
    const form = inquiryForm(page);
    const consent = form.getByRole("checkbox");
    await consent.check();
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(form.getByText(texts.nameRequired)).toBeVisible();
    await expect(form.getByText(texts.emailRequired)).toBeVisible();
    await expect(form.getByText(texts.purposeRequired)).toBeVisible();
    await expect(form.getByLabel("Purpose of Inquiry")).toHaveAttribute("aria-invalid", "true");
    // Optional fields have no message.
    await expect(form.getByLabel("Phone Number")).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Message")).not.toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Full Name").fill("A");
    await expect(form.getByText(texts.nameShort)).toBeVisible();
    await form.getByLabel("Email Address").fill("tunde@");
    await expect(form.getByText(texts.emailInvalid)).toBeVisible();
    await consent.uncheck();
    await expect(form.getByText(texts.consentRequired)).toBeVisible();
    await expect(consent).toHaveAttribute("aria-invalid", "true");

    await fillInquiry(page);
    for (const message of [
      texts.nameRequired,
      texts.nameShort,
      texts.emailInvalid,
      texts.purposeRequired,
      texts.consentRequired,
    ]) {
      await expect(form.getByText(message, { exact: true })).toHaveCount(0);
    }
  });

  test("shows 'Sending...', then the success toast, and resets the form", {
    tag: "@phone",
  }, async ({ page }) => {
    const release = await holdSubmissions(page);
    const form = inquiryForm(page);
    await fillInquiry(page);
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(successToast(page)).toHaveText(withReference(texts.inquirySuccess));
    for (const label of ["Full Name", "Email Address", "Phone Number", "Message"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    for (const label of ["Purpose of Inquiry", "Course of Interest", "Preferred Contact Method"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(form.getByRole("checkbox")).not.toBeChecked();
    await expect(form.getByRole("button", { name: "Send Inquiry" })).toBeDisabled();
  });

  test("after a success, ticking consent again enables the button", async ({ page }) => {
    const form = inquiryForm(page);
    await fillInquiry(page);
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(successToast(page)).toHaveText(withReference(texts.inquirySuccess));
    await expect(form.getByRole("checkbox")).not.toBeChecked();

    await fillInquiry(page);
    const send = form.getByRole("button", { name: "Send Inquiry" });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(successToast(page)).toHaveCount(2);
    await expect(send).toBeDisabled();
  });

  test("a filled honeypot is answered with success", async ({ page }) => {
    const form = inquiryForm(page);
    await fillInquiry(page);
    await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(successToast(page)).toHaveText(withReference(texts.inquirySuccess));
    await expect(errorToast(page)).toHaveCount(0);
  });

  test("a failed submission shows the failure toast and keeps the input", async ({ page }) => {
    await failSubmissions(page, "502");
    const form = inquiryForm(page);
    await fillInquiry(page);
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(errorToast(page)).toHaveText(texts.inquiryFailure);
    await expect(page.getByRole("heading", { name: "Have a question? Ask us." })).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue("Tunde Bakare");
    await expect(form.getByLabel("Course of Interest")).toHaveValue("Python for Data Science");
    await expect(form.getByRole("checkbox")).toBeChecked();
    await expect(form.getByRole("button", { name: "Send Inquiry" })).toBeEnabled();
  });

  test("both forms share one visitor's budget: the sixth message is refused", async ({
    page,
    request,
  }) => {
    // One visitor: the e-mail address the inquiry below is sent from, from this test's address.
    for (let index = 0; index < 5; index += 1) {
      const response =
        index < 3
          ? await request.post("/contact", {
              form: { ...validContact, email: "tunde@example.com" },
            })
          : await request.post("/?index", {
              form: {
                fullName: "Tunde Bakare",
                email: "tunde@example.com",
                inquiryType: "General questions",
                consent: "on",
              },
            });
      expect(response.status()).toBe(200);
    }
    const form = inquiryForm(page);
    await fillInquiry(page);
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(errorToast(page)).toHaveText(texts.rateLimited);
    await expect(successToast(page)).toHaveCount(0);
    await expect(form.getByLabel("Full Name")).toHaveValue("Tunde Bakare");
  });
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.describe("on a 360 px phone the answer is in view without scrolling", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("a valid inquiry", async ({ page }) => {
      await page.goto("/");
      await fillInquiry(page);
      await submitPlain(page, inquiryForm(page).getByRole("button", { name: "Send Inquiry" }));
      await expect(page.getByRole("status")).toHaveText(withReference(texts.inquirySuccess));
      await expect(page.getByRole("status")).toBeInViewport();
    });

    test("an invalid inquiry lists every error in view, each linked to its field", async ({
      page,
    }) => {
      await page.goto("/");
      const form = inquiryForm(page);
      await form.getByLabel("Full Name").fill("Tunde Bakare");
      await form.getByLabel("Email Address").fill("tunde@example.com");
      await form.getByLabel("Purpose of Inquiry").selectOption("General questions");
      await submitPlain(page, form.getByRole("button", { name: "Send Inquiry" }));
      const summary = form.getByRole("alert");
      await expect(summary).toBeInViewport();
      const consentLink = summary.getByRole("link", { name: texts.consentRequired });
      await expect(consentLink).toHaveAttribute("href", "#inquiry-form-consent");
      await expect(form.getByLabel("Full Name")).toHaveValue("Tunde Bakare");
    });

    test("a valid contact message", async ({ page }) => {
      await page.goto("/contact");
      await fillContact(page);
      await submitPlain(page, contactForm(page).getByRole("button", { name: "Send Message" }));
      await expect(page.getByRole("status")).toHaveText(withReference(texts.contactSuccess));
      await expect(page.getByRole("status")).toBeInViewport();
    });

    test("an invalid contact message", async ({ page }) => {
      await page.goto("/contact");
      await submitPlain(page, contactForm(page).getByRole("button", { name: "Send Message" }));
      const summary = contactForm(page).getByRole("alert");
      await expect(summary).toBeInViewport();
      for (const message of [
        texts.nameRequired,
        texts.emailRequired,
        texts.subjectRequired,
        texts.messageRequired,
      ]) {
        await expect(summary.getByRole("link", { name: message })).toBeVisible();
      }
    });
  });

  test("a valid contact message shows the success text on the returned page", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/contact");
    await fillContact(page);
    await submitPlain(page, contactForm(page).getByRole("button", { name: "Send Message" }));
    await expect(page.getByRole("status")).toHaveText(withReference(texts.contactSuccess));
    await expect(page).toHaveURL(/\/contact#contact-form-answer$/);
    await expect(contactForm(page).getByLabel("Full Name")).toHaveValue("");
  });

  test("an invalid contact message shows the field messages and keeps the input", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await form.getByLabel("Full Name").fill("A");
    await form.getByLabel("Email Address").fill("not-an-email");
    await form.getByLabel("Phone Number").fill("0803 000 0000");
    await form.getByLabel("Message").fill("Too short");
    await submitPlain(page, form.getByRole("button", { name: "Send Message" }));
    await expect(fieldMessage(form, texts.nameShort)).toBeVisible();
    await expect(fieldMessage(form, texts.emailInvalid)).toBeVisible();
    await expect(fieldMessage(form, texts.subjectRequired)).toBeVisible();
    await expect(fieldMessage(form, texts.messageShort)).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue("A");
    await expect(form.getByLabel("Email Address")).toHaveValue("not-an-email");
    await expect(form.getByLabel("Phone Number")).toHaveValue("0803 000 0000");
    await expect(form.getByLabel("Message")).toHaveValue("Too short");
    await expect(page.getByRole("status")).toHaveCount(0);

    await form.getByLabel("Full Name").fill("");
    await form.getByLabel("Email Address").fill("");
    await form.getByLabel("Message").fill("");
    await submitPlain(page, form.getByRole("button", { name: "Send Message" }));
    await expect(fieldMessage(form, texts.nameRequired)).toBeVisible();
    await expect(fieldMessage(form, texts.emailRequired)).toBeVisible();
    await expect(fieldMessage(form, texts.messageRequired)).toBeVisible();
    await expect(form.getByLabel("Phone Number")).toHaveValue("0803 000 0000");
  });

  test("a valid inquiry shows the success text on the returned page", { tag: "@phone" }, async ({
    page,
  }) => {
    await page.goto("/");
    await fillInquiry(page);
    await submitPlain(page, inquiryForm(page).getByRole("button", { name: "Send Inquiry" }));
    await expect(page.getByRole("status")).toHaveText(withReference(texts.inquirySuccess));
    await expect(inquiryForm(page).getByLabel("Full Name")).toHaveValue("");
  });

  test("an invalid inquiry shows the field messages and keeps the input", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/");
    const form = inquiryForm(page);
    // Without JavaScript the button is enabled; the server checks consent.
    const send = form.getByRole("button", { name: "Send Inquiry" });
    await expect(send).toBeEnabled();
    await form.getByLabel("Full Name").fill("A");
    await form.getByLabel("Email Address").fill("tunde@example");
    await form.getByLabel("Course of Interest").selectOption("Python for Data Science");
    await form.getByLabel("Message").fill("Weekend classes?");
    await submitPlain(page, send);
    await expect(fieldMessage(form, texts.nameShort)).toBeVisible();
    await expect(fieldMessage(form, texts.emailInvalid)).toBeVisible();
    await expect(fieldMessage(form, texts.purposeRequired)).toBeVisible();
    await expect(fieldMessage(form, texts.consentRequired)).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue("A");
    await expect(form.getByLabel("Email Address")).toHaveValue("tunde@example");
    await expect(form.getByLabel("Course of Interest")).toHaveValue("Python for Data Science");
    await expect(form.getByLabel("Message")).toHaveValue("Weekend classes?");

    await form.getByLabel("Full Name").fill("");
    await form.getByLabel("Email Address").fill("");
    await submitPlain(page, send);
    await expect(fieldMessage(form, texts.nameRequired)).toBeVisible();
    await expect(fieldMessage(form, texts.emailRequired)).toBeVisible();
  });
});
