import nodemailer from "nodemailer";
import { inboundReplyAddress, inboundSmtpPort } from "../../../playwright.config";
import {
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  submitInquiry,
  test,
  uid,
  waitForHydration,
  waitForMail,
} from "./portal-fixtures";

/** The visitor's own mail app answering: its server hands the mail to the academy's listener. */
async function answerFromMailApp(mail: nodemailer.SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const info = await transport.sendMail(mail);
  expect(info.response).toMatch(/^250/);
}

test("a visitor's e-mail answer comes back into the conversation live, reopens it and restarts the clock", async ({
  page,
  superAdmin: _,
}) => {
  test.setTimeout(90_000);
  const token = uid();
  const visitor = {
    fullName: `Bisi Answers${token}`,
    email: `bisi-${token}@example.com`,
    inquiryType: "I want to know about pricing",
    message: `What does the data course cost? (${token})`,
  };
  await submitInquiry(visitor);
  await openPortal(page, `${PORTAL}/messages?q=${token}`);
  await page
    .locator("[data-message-id]")
    .filter({ hasText: visitor.fullName })
    .getByRole("link")
    .click();
  const detail = page.getByRole("region", { name: "Message details" });
  await waitForHydration(page);
  const status = detail.getByRole("combobox", { name: "Status" });

  const sent =
    await test.step("staff reply by e-mail, with the conversation's reply address", async () => {
      await detail
        .getByRole("textbox", { name: `Your reply to ${visitor.email}` })
        .fill(`It is ₦250,000, payable in two parts (${token}).`);
      await detail.getByRole("button", { name: "Send reply by e-mail" }).click();
      const mail = await waitForMail(visitor.email, (candidate) =>
        candidate.subject.startsWith("Re: "),
      );
      const replyTo = mail.headers.match(/^Reply-To:\s*(\S+)/im)?.[1] ?? "";
      expect(replyTo).toMatch(/^replies\+[0-9a-f]{32}@academy\.test$/);
      expect(replyTo.endsWith(inboundReplyAddress.split("@")[1] ?? "")).toBe(true);
      await expect(async () => {
        await page.reload();
        await expect(status).toHaveValue("replied", { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      return { replyTo, subject: mail.subject };
    });
  await waitForHydration(page);

  await test.step("the visitor answers from their mail app; the open page shows it without a reload", async () => {
    await answerFromMailApp({
      from: `${visitor.fullName} <${visitor.email}>`,
      to: sent.replyTo,
      subject: sent.subject,
      text: [
        `Can I pay the first part next week? (${token})`,
        "",
        "On Fri, 27 Nov 2026 at 10:00, Lagos Tech Academy wrote:",
        `> It is ₦250,000, payable in two parts (${token}).`,
      ].join("\n"),
    });
    const conversation = detail.getByRole("region", { name: "Conversation" });
    const answer = conversation
      .getByRole("listitem")
      .filter({ hasText: `Answer by e-mail from ${visitor.fullName}` });
    await expect(answer).toContainText(`Can I pay the first part next week? (${token})`, {
      timeout: 15_000,
    });
    // The quoted history is one click away, not in the answer.
    await expect(answer.getByText("It is ₦250,000", { exact: false })).toBeHidden();
    await answer.getByText("The whole e-mail").click();
    await expect(
      answer.getByText(`> It is ₦250,000, payable in two parts (${token}).`),
    ).toBeVisible();
  });

  await test.step("the conversation was reopened, and is on a fresh 24-hour clock", async () => {
    const conversation = detail.getByRole("region", { name: "Conversation" });
    await expect(conversation).toContainText("Status: Replied → Unread by System");
    // The admin has it open, so it reads as opened again at once.
    await expect(status).toHaveValue("read");
    await expect(detail.locator("[data-reply-clock]")).toHaveText("Waiting under 1 h · 23 h left");
    await expectNoAxeViolations(page, "a conversation with a visitor's answer");
  });
});
