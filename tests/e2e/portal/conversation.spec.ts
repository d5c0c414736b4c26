import type { Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { refusedFileReasons } from "~/features/uploads/received-file-rules";
import { inboundReplyAddress, inboundSmtpPort } from "../../../playwright.config";
import {
  expect,
  expectNoAxeViolations,
  type Inquiry,
  makePdf,
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

/** A visitor's question about pricing, their name and address made unique by `token`. */
function pricingQuestion(name: string, token: string, question: string) {
  const first = name.split(" ")[0]?.toLowerCase() ?? "visitor";
  return {
    fullName: `${name}${token}`,
    email: `${first}-${token}@example.com`,
    inquiryType: "I want to know about pricing",
    message: `${question} (${token})`,
  };
}

/**
 * A visitor's message, opened in the portal, that staff answered by e-mail: the reply's
 * Reply-To (the conversation's reply address), subject and Message-ID, as the visitor got them.
 */
async function conversationWithEmailReply(page: Page, visitor: Inquiry, replyText: string) {
  await submitInquiry(visitor);
  await openPortal(page, `${PORTAL}/messages?q=${encodeURIComponent(visitor.email)}`);
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
      await detail.getByRole("textbox", { name: `Your reply to ${visitor.email}` }).fill(replyText);
      await detail.getByRole("button", { name: "Send reply by e-mail" }).click();
      const mail = await waitForMail(visitor.email, (candidate) =>
        candidate.subject.startsWith("Re: "),
      );
      const replyTo = mail.headers.match(/^Reply-To:\s*(\S+)/im)?.[1] ?? "";
      expect(replyTo).toMatch(/^replies\+[0-9a-f]{32}@academy\.test$/);
      expect(replyTo.endsWith(inboundReplyAddress.split("@")[1] ?? "")).toBe(true);
      const messageId = mail.headers.match(/^Message-ID:\s*(<[^>\s]+>)/im)?.[1] ?? "";
      expect(messageId).not.toBe("");
      await expect(async () => {
        await page.reload();
        await expect(status).toHaveValue("replied", { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      return { replyTo, subject: mail.subject, messageId };
    });
  await waitForHydration(page);
  return {
    detail,
    status,
    conversation: detail.getByRole("region", { name: "Conversation" }),
    sent,
  };
}

test("a visitor's e-mail answer comes back into the conversation live, reopens it and restarts the clock", async ({
  page,
  superAdmin: _,
}) => {
  test.setTimeout(90_000);
  const token = uid();
  const visitor = pricingQuestion("Bisi Answers", token, "What does the data course cost?");
  const { detail, status, sent } = await conversationWithEmailReply(
    page,
    visitor,
    `It is ₦250,000, payable in two parts (${token}).`,
  );

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

/** A mail server's report that our e-mail `messageId` could not be delivered (RFC 3464). */
function bounceReport(messageId: string, to: string, recipient: string) {
  return [
    "From: Mail Delivery System <MAILER-DAEMON@example.com>",
    `To: ${to}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <bounce-${uid()}@example.com>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="report"',
    "",
    "--report",
    "Content-Type: text/plain",
    "",
    "Your message could not be delivered: the mailbox does not exist.",
    "--report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mail.example.com",
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    "--report",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${messageId}`,
    "Subject: Re: your message",
    "--report--",
    "",
  ].join("\r\n");
}

test("a visitor's files show in the conversation (kept to download, refused with the reason), and a bounced reply as not delivered", async ({
  page,
  superAdmin,
}) => {
  test.setTimeout(90_000);
  const token = uid();
  const visitor = pricingQuestion("Tolu Files", token, "Can I send my payment receipt here?");
  const { conversation, sent } = await conversationWithEmailReply(
    page,
    visitor,
    `Yes, answer this e-mail with it (${token}).`,
  );
  const from = `${visitor.fullName} <${visitor.email}>`;
  const entry = (text: string) => conversation.getByRole("listitem").filter({ hasText: text });

  await test.step("an answer with a PDF: the file is listed, and its link downloads those bytes", async () => {
    const pdf = await makePdf(`Receipt ${token}`);
    const fileName = `receipt-${token}.pdf`;
    await answerFromMailApp({
      from,
      to: sent.replyTo,
      subject: sent.subject,
      text: `Here is my receipt (${token}).`,
      attachments: [{ filename: fileName, content: pdf, contentType: "application/pdf" }],
    });
    const answer = entry(`Here is my receipt (${token}).`);
    const link = answer.getByRole("list", { name: "Files" }).getByRole("link", { name: fileName });
    await expect(link).toBeVisible({ timeout: 15_000 });
    const target = await link.getAttribute("href");
    expect(target).toMatch(new RegExp(`^${PORTAL}/messages/[^/]+/files/[^/]+$`));
    // The page's own session: the file is for signed-in staff only.
    const response = await page.request.get(target ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toContain(`filename="${fileName}"`);
    expect(Buffer.from(await response.body()).equals(pdf)).toBe(true);
  });

  await test.step("an answer with a file of a refused type: listed as not kept, with the reason", async () => {
    await answerFromMailApp({
      from,
      to: sent.replyTo,
      subject: sent.subject,
      text: `And the program that printed it (${token}).`,
      attachments: [{ filename: "printer.exe", content: Buffer.from("MZ\x90\x00 a program") }],
    });
    const answer = entry(`And the program that printed it (${token}).`);
    await expect(answer.getByRole("list", { name: "Files not kept" })).toHaveText(
      `printer.exe: ${refusedFileReasons.type}`,
      { timeout: 15_000 },
    );
    await expect(answer.getByRole("link", { name: "printer.exe" })).toHaveCount(0);
    await expect(answer.getByRole("list", { name: "Files", exact: true })).toHaveCount(0);
  });

  await test.step("the reply bounces: it reads as sent back, not delivered, in words", async () => {
    const reply = entry(`E-mail reply by ${superAdmin.name}`);
    await expect(reply).toContainText("E-mail: Sent");
    await expect(reply).not.toContainText("not delivered");
    // A bounce has an empty envelope sender, and goes to the reply's envelope sender.
    await answerFromMailApp({
      envelope: { from: "", to: [sent.replyTo] },
      raw: bounceReport(sent.messageId, sent.replyTo, visitor.email),
    });
    await expect(reply).toContainText("E-mail: Sent back, not delivered", { timeout: 15_000 });
    await expect(
      entry("E-mail not delivered: the visitor's mail server sent it back"),
    ).toBeVisible();
  });

  await expectNoAxeViolations(page, "a conversation with files, a file not kept and a bounce");
});
