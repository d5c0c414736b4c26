import {
  expect,
  expectNoAxeViolations,
  expectToast,
  openPortal,
  PORTAL,
  submitInquiry,
  test,
  uid,
  waitForHydration,
  waitForMail,
} from "./portal-fixtures";

const MESSAGES = `${PORTAL}/messages`;

test("an admin answers an inquiry from the portal with a saved reply, and the clock stops", async ({
  page,
  superAdmin,
}) => {
  test.setTimeout(90_000);
  const token = uid();
  const visitor = {
    fullName: `Kemi Replyto${token}`,
    email: `kemi-${token}@example.com`,
    phone: "0803 123 4567",
    contactMethod: "Phone / WhatsApp",
    inquiryType: "I want to know about pricing",
    courseInterest: "UI/UX Design Fundamentals",
    message: `How much is the course, and can I pay in parts? (${token})`,
  };
  await submitInquiry(visitor);

  await openPortal(page, `${MESSAGES}?q=${token}`);
  await page
    .locator("[data-message-id]")
    .filter({ hasText: visitor.fullName })
    .getByRole("link")
    .click();
  const detail = page.getByRole("region", { name: "Message details" });
  await expect(detail.getByRole("heading", { name: visitor.inquiryType })).toBeVisible();
  await waitForHydration(page);

  await test.step("the clock shows the 24 hours barely started", async () => {
    await expect(detail.locator("[data-reply-clock]")).toHaveText("Waiting under 1 h · 23 h left");
    await expect(detail.locator("[data-reply-clock]")).toHaveAttribute(
      "data-reply-clock",
      "on-time",
    );
  });

  const reply = detail.getByRole("textbox", { name: `Your reply to ${visitor.email}` });
  await test.step("a saved reply is inserted with the visitor's first name filled in", async () => {
    await detail.getByRole("combobox", { name: "Saved reply" }).selectOption({
      label: "Fees and instalments",
    });
    await detail.getByRole("button", { name: "Insert" }).click();
    await expect(reply).toHaveValue(/^Hello Kemi,/);
    await expect(reply).not.toHaveValue(/\{name\}|\{price\}/);
    // The draft also travels into the WhatsApp link.
    const whatsApp = await detail
      .getByRole("link", { name: "Reply on WhatsApp" })
      .getAttribute("href");
    expect(new URL(whatsApp ?? "").searchParams.get("text")).toMatch(/^Hello Kemi,/);
    await reply.press("End");
    await reply.pressSequentially(`\nSee you soon (${token}).`);
  });

  await test.step("the reply is sent by e-mail, and once delivered the message is replied", async () => {
    await detail.getByRole("button", { name: "Send reply by e-mail" }).click();
    await expectToast(
      page,
      "Reply sending. It counts as the reply once the mail server accepts it.",
    );
    await expect(reply).toHaveValue("");
    const mail = await waitForMail(visitor.email, (candidate) =>
      candidate.subject.startsWith("Re: "),
    );
    expect(mail.subject).toMatch(/^Re: I want to know about pricing \[LTA-\d{7}\]$/);
    expect(mail.body).toContain("Hello Kemi,");
    expect(mail.body).toContain(`See you soon (${token}).`);
    // The outbox file is written just before the delivery is recorded: reload until it is.
    await expect(async () => {
      await page.reload();
      await expect(detail.getByRole("combobox", { name: "Status" })).toHaveValue("replied", {
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    await expect(detail.locator("[data-reply-clock]")).toHaveCount(0);
    await expect(detail.getByText(/^Replied/).first()).toBeVisible();
  });

  await test.step("the history shows the reply, who sent it, and its text", async () => {
    const history = detail.getByRole("region", { name: "Conversation" }).getByRole("list");
    const sent = history.getByRole("listitem").filter({ hasText: "E-mail reply" });
    await expect(sent).toContainText(`E-mail reply by ${superAdmin.name}`);
    await expect(sent).toContainText("E-mail: Sent");
    await expect(sent).toContainText(`See you soon (${token}).`);
    await expect(history.getByRole("listitem").first()).toContainText("Received");
    await expect(history).toContainText(`Opened by ${superAdmin.name}`);
  });
});

test("a saved reply's placeholder the message cannot fill is pointed out, and the reply is refused until it is filled", async ({
  page,
  superAdmin: _,
}) => {
  const token = uid();
  // A phone number but e-mail as the way to reach them: WhatsApp is offered all the same.
  await submitInquiry({
    fullName: `Tayo Nocourse${token}`,
    email: `tayo-${token}@example.com`,
    phone: "0803 555 0101",
    contactMethod: "Email",
    inquiryType: "I want to know about pricing",
    message: `How much are your courses? (${token})`,
  });
  await openPortal(page, `${MESSAGES}?q=${token}`);
  await page.locator("[data-message-id]").first().getByRole("link").click();
  const detail = page.getByRole("region", { name: "Message details" });
  await waitForHydration(page);
  await expect(detail.getByRole("link", { name: "Reply on WhatsApp" })).toBeVisible();
  await expect(detail.getByRole("button", { name: "Replied on WhatsApp" })).toBeVisible();

  const reply = detail.getByRole("textbox", {
    name: `Your reply to tayo-${token}@example.com`,
  });
  await detail.getByRole("combobox", { name: "Saved reply" }).selectOption({
    label: "Fees and instalments",
  });
  await detail.getByRole("button", { name: "Insert" }).click();
  await expect(reply).toHaveValue(/^Hello Tayo,/);
  await expect(reply).toHaveValue(/\{course\}.*\{price\}/s);
  const unfilled = "Fill in {course}, {price} before sending the reply";
  await expect(detail.getByRole("status").filter({ hasText: unfilled })).toBeVisible();
  await expectNoAxeViolations(page, "a reply with unfilled placeholders");

  await detail.getByRole("button", { name: "Send reply by e-mail" }).click();
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await expect(reply).toHaveAccessibleDescription(unfilled);
  await expect(reply).toHaveValue(/\{course\}/);

  await reply.fill(
    (await reply.inputValue())
      .replace("{course}", "our courses")
      .replace("{price}", "from ₦150,000"),
  );
  await expect(detail.getByText(unfilled)).toHaveCount(0);
});

test("a reply made on WhatsApp is recorded with one click", async ({ page, superAdmin: _ }) => {
  const token = uid();
  await submitInquiry({
    fullName: `Bayo Whatsapp${token}`,
    email: `bayo-${token}@example.com`,
    phone: "0812 765 4321",
    contactMethod: "Phone / WhatsApp",
  });
  await openPortal(page, `${MESSAGES}?q=${token}`);
  await page.locator("[data-message-id]").first().getByRole("link").click();
  const detail = page.getByRole("region", { name: "Message details" });
  await waitForHydration(page);
  await detail.getByRole("button", { name: "Replied on WhatsApp" }).click();
  await expectToast(page, "Recorded: replied on WhatsApp");
  await expect(detail.getByRole("combobox", { name: "Status" })).toHaveValue("replied");
});

test("the overdue tab lists the demo message waiting 25 h, with its clock in words", async ({
  page,
  superAdmin: _,
}) => {
  await openPortal(page, `${MESSAGES}?tab=overdue`);
  await expect(page.getByRole("link", { name: "Overdue", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.locator("[data-message-id]").filter({ hasText: "Emeka Nwosu" });
  await expect(row.locator("[data-reply-clock]")).toHaveText(/^Overdue by (1|2) h$/);
  await expect(row.locator("[data-reply-clock]")).toHaveAttribute("data-reply-clock", "overdue");
  // Messages still inside their 24 hours are not listed.
  await expect(page.locator("[data-message-id]").filter({ hasText: "Halima Danjuma" })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page, "the overdue tab");

  await openPortal(page, `${PORTAL}/dashboard`);
  const figures = page.getByRole("region", { name: "The 24-hour promise" });
  await expect(figures.getByRole("link", { name: /Overdue now/ })).toBeVisible();
  await figures.getByRole("link", { name: /Due soon/ }).click();
  await expect(page).toHaveURL(/clock=due-soon/);
  await expect(
    page.locator("[data-message-id]").filter({ hasText: "Halima Danjuma" }),
  ).toBeVisible();
});
