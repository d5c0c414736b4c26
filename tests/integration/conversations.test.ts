import { asc, eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Admin,
  inboundAttachments,
  inboundEmails,
  messageEvents,
  messages,
  outgoingEmails,
  rateLimits,
} from "~/db/schema";
import { MAX_MAIL_BYTES } from "~/features/conversations/mail-rules";
import { receiveMail } from "~/features/conversations/receive-mail.server";
import {
  type SmtpListener,
  startSmtpListener,
} from "~/features/conversations/smtp-listener.server";
import { deliveryState } from "~/features/messages/inbox/delivery-state";
import { inboxPulse } from "~/features/messages/inbox/inbox.server";
import { sendReply } from "~/features/messages/inbox/replies.server";
import { messageTimeline } from "~/features/messages/inbox/timeline.server";
import { formatReference } from "~/features/messages/reference";
import { replyAddress } from "~/features/messages/reply-address";
import { replyClockFigures } from "~/features/messages/reply-clock.server";
import { replyClock } from "~/features/reply-clock/reply-clock";
import { refusedFileReasons } from "~/features/uploads/received-file-rules";
import { keepFiles } from "~/features/uploads/received-files.server";
import { setMailAttachments } from "~/lib/infra/storage/index.server";
import { makeAdmin } from "../support/admin-session";
import { pdfDocument } from "../support/course-fixtures";
import { findMessage, insertMessage } from "../support/inbox-fixtures";
import { setupMailDelivery } from "../support/mail-delivery";
import { emailsSettled } from "../support/outgoing-mail";
import { pdfBomb } from "../support/pdf-bomb";
import { refuseInboundMail } from "../support/refusing-database";
import { setupTestDatabase } from "../support/test-database";

const INBOUND = "replies@academy.test";
const STAFF = "staff@academy.test";

const database = setupTestDatabase();
const delivery = setupMailDelivery({
  name: "conversations",
  env: { NOTIFY_EMAILS: STAFF, INBOUND_REPLY_ADDRESS: INBOUND, PUBLIC_URL: "http://academy.test" },
  tables: [outgoingEmails, messages, rateLimits],
});

let listener: SmtpListener;
let actor: Admin;
let counter = 0;

beforeAll(async () => {
  setMailAttachments(undefined);
  listener = await startSmtpListener({ port: 0, host: "127.0.0.1" });
  actor = await makeAdmin({ role: "admin", name: "Ade Replier" });
});
afterAll(async () => {
  await listener.close();
  setMailAttachments(undefined);
});

/** A mail client that talks to our listener, as a visitor's mail server would. */
const client = () =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: listener.port,
    secure: false,
    ignoreTLS: true,
  });

type Mail = Parameters<ReturnType<typeof client>["sendMail"]>[0];

/** Sends a mail; resolves with the listener's answer (250 …) or rejects with its refusal. */
async function deliver(mail: Mail) {
  counter += 1;
  const info = await client().sendMail({
    from: "Amaka Obi <amaka@visitor.test>",
    to: INBOUND,
    subject: "A question",
    text: "Hello",
    messageId: `<visitor-${counter}-${Date.now()}@visitor.test>`,
    ...mail,
  });
  return info.response;
}

/** A mail to the reply address of `reply` (its bytes, as a mail server would pass them on). */
function mailTo(reply: { replyTo: string | null }, fields: Mail) {
  counter += 1;
  return new MailComposer({
    to: reply.replyTo ?? "",
    messageId: `<composed-${counter}-${Date.now()}@visitor.test>`,
    ...fields,
  })
    .compile()
    .build();
}

/** A conversation staff answered: the visitor's message and a delivered reply. */
async function answeredConversation() {
  const message = await insertMessage({ email: "amaka@visitor.test", fullName: "Amaka Obi" });
  await sendReply(actor, message.id, "The fee is ₦150,000.");
  const emails = await emailsSettled();
  const reply = emails.find((email) => email.messageId === message.id && email.kind === "reply");
  if (!reply) throw new Error("The reply was not sent");
  return { message: await findMessage(message.id), reply };
}

const mailsOf = (messageId: string) =>
  database()
    .db.select()
    .from(inboundEmails)
    .where(eq(inboundEmails.messageId, messageId))
    .orderBy(asc(inboundEmails.receivedAt));

const eventKinds = async (messageId: string) =>
  (
    await database()
      .db.select({ kind: messageEvents.kind })
      .from(messageEvents)
      .where(eq(messageEvents.messageId, messageId))
      .orderBy(asc(messageEvents.createdAt))
  ).map((event) => event.kind);

/** The header section of a raw mail. */
const headOf = (raw: Buffer) => raw.toString("utf8").split(/\r?\n\r?\n/)[0] ?? "";

/** The copy the mail server got of one of our e-mails, as it would come back to us. */
function sentCopy(emailId: string) {
  const copy = delivery.smtp.received.find(
    (mail) => mail.messageId === `<${emailId}@academy.test>`,
  );
  if (!copy) throw new Error("The e-mail did not reach the mail server");
  return copy;
}

const countOf = async (table: typeof messages | typeof outgoingEmails | typeof inboundEmails) => {
  const [row] = await database().db.select({ total: sql<number>`count(*)::int` }).from(table);
  return row?.total ?? 0;
};

/** When one of our e-mails was reported sent back (null: it was not). */
const bouncedAtOf = async (emailId: string) => {
  const [email] = await database()
    .db.select({ bouncedAt: outgoingEmails.bouncedAt })
    .from(outgoingEmails)
    .where(eq(outgoingEmails.id, emailId));
  return email?.bouncedAt ?? null;
};

const answerAlerts = async (messageId: string) =>
  (
    await database().db.select().from(outgoingEmails).where(eq(outgoingEmails.messageId, messageId))
  ).filter((email) => email.kind === "answer-alert");

describe("a visitor's answer", () => {
  it("comes back by the reply address alone, reopens the conversation and restarts its clock", async () => {
    const { message, reply } = await answeredConversation();
    expect(message.status).toBe("replied");
    expect(reply.replyTo).toBe(replyAddress(INBOUND, message.replyToken));
    expect(reply.replyTo).toMatch(/^replies\+[0-9a-f]{32}@academy\.test$/);

    const answer = await deliver({
      to: reply.replyTo ?? "",
      subject: "Thanks", // no reference, no In-Reply-To: only the address threads it
      text: "When does the next intake start?",
    });
    expect(answer).toMatch(/^250/);

    const [mail] = await mailsOf(message.id);
    expect(mail).toMatchObject({
      kind: "visitor",
      newText: "When does the next intake start?",
      restartedClock: true,
      answeredAt: null,
    });
    // The portal's live stream sees the answer, and the unread count includes the conversation.
    expect(await inboxPulse()).toMatchObject({ unread: 1, latestAnswerId: mail?.id });
    const reopened = await findMessage(message.id);
    expect(reopened.status).toBe("unread");
    expect(reopened.waitingSince.getTime()).toBe(mail?.receivedAt.getTime());
    expect(reopened.repliedAt).not.toBeNull();
    expect(await eventKinds(message.id)).toEqual(
      expect.arrayContaining(["reply-sent", "status", "visitor-answered"]),
    );
    const [alert] = await answerAlerts(message.id);
    expect(alert?.recipients).toEqual([STAFF]);
    expect(alert?.body).toContain("When does the next intake start?");

    // The timeline shows the answer, by the visitor, after the reply; the reopening is the system's.
    const { entries } = await messageTimeline(message.id);
    const answerEntry = entries.find((entry) => entry.kind === "visitor-answered");
    expect(answerEntry?.actor).toBe("Amaka Obi");
    expect(answerEntry?.received?.newText).toBe("When does the next intake start?");
    const reopening = entries.find((entry) => entry.kind === "status" && entry.to === "unread");
    expect(reopening?.actor).toBe("System");

    // The next reply answers the answer: its response time is counted as a wait of its own.
    await sendReply(actor, message.id, "On 5 January.");
    await emailsSettled();
    const [answered] = await mailsOf(message.id);
    expect(answered?.answeredAt).not.toBeNull();
    expect((await findMessage(message.id)).status).toBe("replied");
    const figures = await replyClockFigures();
    expect(figures.judged).toBe(2);
    expect(figures.answeredInTimeShare).toBe(1);
  });

  it("comes back by In-Reply-To alone, and while still waiting keeps its clock", async () => {
    const { message, reply } = await answeredConversation();
    await deliver({
      to: "hello@academy.test",
      subject: "Re: something else",
      text: "First answer",
      inReplyTo: `<${reply.id}@academy.test>`,
    });
    const first = await findMessage(message.id);
    expect(first.status).toBe("unread");
    // A second answer before staff reply: the clock keeps running from the first.
    await deliver({
      to: "hello@academy.test",
      text: "Second answer",
      references: [`<${reply.id}@academy.test>`],
    });
    const second = await findMessage(message.id);
    expect(second.waitingSince.getTime()).toBe(first.waitingSince.getTime());
    const mails = await mailsOf(message.id);
    expect(mails.map((mail) => [mail.newText, mail.restartedClock])).toEqual([
      ["First answer", true],
      ["Second answer", false],
    ]);
  });

  it("never comes back by the reference in the subject alone: a forged From starts its own conversation", async () => {
    const message = await insertMessage({ email: "Tunde@Visitor.test", status: "replied" });
    const subject = `Re: Fees [${formatReference(message.reference)}]`;
    const alertsBefore = (await answerAlerts(message.id)).length;
    // Anyone can write the conversation's address in From: and guess a reference.
    for (const from of ["tunde@visitor.test", "stranger@elsewhere.test"]) {
      const answer = await deliver({
        from,
        to: "hello@academy.test",
        subject,
        text: `From ${from}`,
      });
      expect(answer).toMatch(/^250/);
    }
    expect(await mailsOf(message.id)).toEqual([]);
    expect((await findMessage(message.id)).status).toBe("replied");
    expect(await answerAlerts(message.id)).toHaveLength(alertsBefore);
    const started = await database()
      .db.select()
      .from(messages)
      .where(
        inArray(messages.message, ["From tunde@visitor.test", "From stranger@elsewhere.test"]),
      );
    expect(started.map((row) => [row.formType, row.status, row.id === message.id])).toEqual([
      ["email", "unread", false],
      ["email", "unread", false],
    ]);
  });
});

describe("the answer alert", () => {
  it("goes to the admin the conversation is assigned to, not to NOTIFY_EMAILS", async () => {
    const { message, reply } = await answeredConversation();
    const assignee = await makeAdmin({ role: "admin", name: "Bisi Assignee" });
    await database()
      .db.update(messages)
      .set({ assignedTo: assignee.id })
      .where(eq(messages.id, message.id));
    await deliver({ to: reply.replyTo ?? "", text: "Is there a payment plan?" });
    const alerts = await answerAlerts(message.id);
    expect(alerts.map((alert) => alert.recipients)).toEqual([[assignee.email]]);
  });
});

describe("a new mail", () => {
  it("from an unknown sender starts an 'E-mail' conversation with the staff alert and the clock", async () => {
    await deliver({
      from: "Chidi Okeke <chidi@new.test>",
      to: "hello@academy.test",
      subject: "Weekend classes?",
      text: "Do you run weekend classes?",
    });
    const [message] = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.email, "chidi@new.test"));
    expect(message).toMatchObject({
      formType: "email",
      fullName: "Chidi Okeke",
      subject: "Weekend classes?",
      message: "Do you run weekend classes?",
      status: "unread",
    });
    expect(message?.waitingSince.getTime()).toBe(message?.createdAt.getTime());
    const emails = await database()
      .db.select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.messageId, message?.id ?? ""));
    // Staff are alerted; nothing is sent to the sender (no acknowledgement to a forged address).
    expect(emails.map((email) => [email.kind, email.recipients])).toEqual([
      ["staff-alert", [STAFF]],
    ]);
  });

  it("delivered twice (same Message-ID) is stored once, and both deliveries are accepted", async () => {
    const messageId = `<twice-${Date.now()}@visitor.test>`;
    const mail = { from: "twice@visitor.test", to: "hello@academy.test", text: "Once", messageId };
    expect(await deliver(mail)).toMatch(/^250/);
    expect(await deliver(mail)).toMatch(/^250/);
    const rows = await database()
      .db.select()
      .from(inboundEmails)
      .where(eq(inboundEmails.rfcMessageId, messageId));
    expect(rows).toHaveLength(1);
    const conversations = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.email, "twice@visitor.test"));
    expect(conversations).toHaveLength(1);
  });

  it("delivered twice at once starts one conversation: the later delivery undoes its own", async () => {
    for (let round = 0; round < 5; round += 1) {
      const raw = await new MailComposer({
        from: `racer-${round}@visitor.test`,
        to: "hello@academy.test",
        subject: "Twice at once",
        text: "Hello",
        messageId: `<race-${round}-${Date.now()}@visitor.test>`,
      })
        .compile()
        .build();
      const outcomes = await Promise.all([receiveMail(raw), receiveMail(raw)]);
      expect(outcomes.map((result) => result.outcome).sort()).toEqual([
        "duplicate",
        "new-conversation",
      ]);
      const conversations = await database()
        .db.select()
        .from(messages)
        .where(eq(messages.email, `racer-${round}@visitor.test`));
      expect(conversations).toHaveLength(1);
    }
  });

  it("takes two answers to one conversation at once: both stored, neither refused", async () => {
    const { message, reply } = await answeredConversation();
    for (let round = 0; round < 10; round += 1) {
      const answer = (n: number) =>
        new MailComposer({
          from: "amaka@visitor.test",
          to: "hello@academy.test",
          subject: "Re: Fees",
          text: `Answer ${round}-${n}`,
          inReplyTo: `<${reply.id}@academy.test>`,
          messageId: `<together-${round}-${n}-${Date.now()}@visitor.test>`,
        })
          .compile()
          .build();
      const outcomes = await Promise.all(
        [answer(1), answer(2)].map(async (raw) => receiveMail(await raw)),
      );
      expect(outcomes.map((result) => result.outcome)).toEqual(["answer", "answer"]);
    }
    expect(await mailsOf(message.id)).toHaveLength(20);
  });

  it("keeps a subject on one line, whatever its encoded words hold", async () => {
    const raw = [
      "From: lines@visitor.test",
      "To: hello@academy.test",
      `Subject: =?UTF-8?B?${Buffer.from("line one\r\nBcc: victim@elsewhere.test").toString("base64")}?=`,
      "Message-ID: <lines@visitor.test>",
      "",
      "Hello",
      "",
    ].join("\r\n");
    const result = await receiveMail(Buffer.from(raw));
    if (result.outcome !== "new-conversation") throw new Error(result.outcome);
    const [mail] = await mailsOf(result.messageId);
    expect(mail?.subject).toBe("line one Bcc: victim@elsewhere.test");
    expect((await findMessage(result.messageId)).subject).toBe(
      "line one Bcc: victim@elsewhere.test",
    );
  });

  it("shows the new text without the quoted history, the whole mail kept", async () => {
    const { message, reply } = await answeredConversation();
    await deliver({
      to: reply.replyTo ?? "",
      text: [
        "Thank you, I will pay on Friday.",
        "",
        "On Mon, 2 Nov 2026 at 10:00, Lagos Tech Academy <no-reply@academy.test> wrote:",
        "> The fee is ₦150,000.",
        "> Regards",
      ].join("\n"),
    });
    const [mail] = await mailsOf(message.id);
    expect(mail?.newText).toBe("Thank you, I will pay on Friday.");
    expect(mail?.fullText).toContain("> The fee is ₦150,000.");
  });

  it("in HTML only is kept as text: no markup, no script", async () => {
    await deliver({
      from: "html@visitor.test",
      to: "hello@academy.test",
      text: undefined,
      html: '<p>Hello <b>there</b></p><script>alert("x")</script><img src="http://tracker.test/p.gif"><style>p{}</style>',
    });
    const [message] = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.email, "html@visitor.test"));
    expect(message?.message).toBe("Hello there");
    const [mail] = await mailsOf(message?.id ?? "");
    expect(mail?.fullText).not.toMatch(/<|alert|tracker/);
  });

  it("with a 30 MB attachment is stored and the file listed as not kept; a small PDF is kept", async () => {
    const pdf = pdfDocument();
    const answer = await deliver({
      from: "files@visitor.test",
      to: "hello@academy.test",
      text: "My documents",
      attachments: [
        { filename: "huge-video.pdf", content: Buffer.alloc(30 * 1024 * 1024, 0x41) },
        { filename: "receipt.pdf", content: pdf, contentType: "application/pdf" },
        { filename: "notes.exe", content: Buffer.from("MZ not allowed") },
      ],
    });
    expect(answer).toMatch(/^250/);
    const [message] = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.email, "files@visitor.test"));
    const [mail] = await mailsOf(message?.id ?? "");
    expect(mail?.refusedFiles).toEqual([
      { name: "huge-video.pdf", reason: refusedFileReasons.tooLarge },
      { name: "notes.exe", reason: refusedFileReasons.type },
    ]);
    const kept = await database()
      .db.select()
      .from(inboundAttachments)
      .where(eq(inboundAttachments.inboundEmailId, mail?.id ?? ""));
    expect(kept.map((file) => [file.fileName, file.contentType])).toEqual([
      ["receipt.pdf", "application/pdf"],
    ]);
  }, 120_000);
  it("lists a PDF whose object stream unpacks to 200 MB as not kept, with why, and keeps the rest", async () => {
    const mail = [
      { name: "statement.pdf", type: "application/pdf", content: await pdfBomb() },
      { name: "page.pdf", type: "application/pdf", content: pdfDocument() },
    ];
    const { kept, refused } = await keepFiles(mail, `bomb-${Date.now()}`);
    expect(kept.map((file) => file.name)).toEqual(["page.pdf"]);
    expect(refused).toEqual([{ name: "statement.pdf", reason: refusedFileReasons.unpacked }]);
  }, 60_000);

  it("keeps at most 10 files, and no more than 15 MB of them, listing the rest with the reason", async () => {
    const file = (name: string, content: Buffer) => ({
      name,
      type: "application/pdf",
      content,
    });
    const many = Array.from({ length: 11 }, (_, index) =>
      file(`page-${index + 1}.pdf`, pdfDocument()),
    );
    const tooMany = await keepFiles(many, `too-many-${Date.now()}`);
    expect(tooMany.kept).toHaveLength(10);
    expect(tooMany.refused).toEqual([{ name: "page-11.pdf", reason: refusedFileReasons.tooMany }]);

    // Two files of 8 MB each: each under 10 MB, the second past 15 MB together.
    const eightMegabytes = pdfDocument("x".repeat(8 * 1024 * 1024));
    const large = await keepFiles(
      [file("first.pdf", eightMegabytes), file("second.pdf", eightMegabytes)],
      `over-limit-${Date.now()}`,
    );
    expect(large.kept.map((kept) => kept.name)).toEqual(["first.pdf"]);
    expect(large.refused).toEqual([
      { name: "second.pdf", reason: refusedFileReasons.overMailLimit },
    ]);
  }, 120_000);
});

describe("automatic mail", () => {
  it.each([
    ["Auto-Submitted", { "Auto-Submitted": "auto-replied" }],
    ["X-Autoreply", { "X-Autoreply": "yes" }],
  ])(
    "an auto-reply (%s) is shown but never reopens the conversation or sends mail",
    async (_, headers) => {
      const { message, reply } = await answeredConversation();
      const before = await database().db.select().from(outgoingEmails);
      await deliver({
        to: reply.replyTo ?? "",
        subject: "Out of office",
        text: "I am away until Monday.",
        headers,
      });
      expect((await findMessage(message.id)).status).toBe("replied");
      expect((await mailsOf(message.id)).map((mail) => [mail.kind, mail.restartedClock])).toEqual([
        ["auto-reply", false],
      ]);
      expect(await eventKinds(message.id)).toContain("auto-reply");
      expect(await database().db.select().from(outgoingEmails)).toHaveLength(before.length);

      // Precedence: bulk and an auto-reply about nothing of ours: nothing at all.
      await deliver({
        from: "list@bulk.test",
        to: "hello@academy.test",
        text: "Newsletter",
        headers: { Precedence: "bulk" },
      });
      expect(
        await database().db.select().from(messages).where(eq(messages.email, "list@bulk.test")),
      ).toEqual([]);
    },
  );

  it("a bounce of a reply the server had accepted puts the message back on the clock, in the lists and figures", async () => {
    const { message, reply } = await answeredConversation();
    expect(message.repliedAt).not.toBeNull();
    const figuresBefore = await replyClockFigures();
    const report = [
      "From: Mail Delivery System <MAILER-DAEMON@visitor.test>",
      "To: no-reply@academy.test",
      "Subject: Undelivered Mail Returned to Sender",
      `Message-ID: <bounce-${Date.now()}@visitor.test>`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--b1",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; visitor.test",
      "",
      "Final-Recipient: rfc822; amaka@visitor.test",
      "Action: failed",
      "Status: 5.1.1",
      "--b1",
      "Content-Type: text/rfc822-headers",
      "",
      `Message-ID: <${reply.id}@academy.test>`,
      "Subject: Re: A question",
      "--b1--",
      "",
    ].join("\r\n");
    const answer = await client().sendMail({
      envelope: { from: "", to: [INBOUND] },
      raw: report,
    });
    expect(answer.response).toMatch(/^250/);
    expect(await bouncedAtOf(reply.id)).not.toBeNull();
    // As if the mail server had refused it: waiting again from the same start, not answered.
    const after = await findMessage(message.id);
    expect(after).toMatchObject({ status: "unread", repliedAt: null });
    expect(after.waitingSince.getTime()).toBe(message.waitingSince.getTime());
    expect(replyClock(after, new Date())).not.toBeNull();
    // The figures no longer count it answered (a wait inside its 24 hours is not judged).
    expect((await replyClockFigures()).judged).toBe(figuresBefore.judged - 1);
    expect(await eventKinds(message.id)).toEqual(
      expect.arrayContaining(["reply-bounced", "status"]),
    );
    expect(await answerAlerts(message.id)).toEqual([]);
    const state = deliveryState(await messageTimeline(message.id));
    expect(state.failed).toHaveLength(1);
  });

  it("a bounce known only by X-Failed-Recipients marks our reply undelivered", async () => {
    const { message, reply } = await answeredConversation();
    // Not from a mailer daemon, not a delivery status report: only the header says it.
    const raw = await mailTo(reply, {
      from: "Mail Delivery <relay@mail.visitor.test>",
      subject: "Delivery failure",
      text: `Delivery to amaka@visitor.test failed.\n\nMessage-ID: <${reply.id}@academy.test>\n`,
      headers: { "X-Failed-Recipients": "amaka@visitor.test" },
    });
    expect(await receiveMail(raw)).toMatchObject({ outcome: "bounce", messageId: message.id });
    expect(await bouncedAtOf(reply.id)).not.toBeNull();
    expect((await findMessage(message.id)).status).toBe("unread");
  });
});

describe("the listener", () => {
  it("parses a mail that is costly to parse without stalling the server", async () => {
    // A base64 body of padding: postal-mime makes a buffer per unit, far more than its size says.
    const lines = Math.round((4 * 1024 * 1024) / 78);
    const raw = Buffer.from(
      "From: padding@visitor.test\r\nMessage-ID: <padding@visitor.test>\r\n" +
        "Content-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
        `${"A=".repeat(38)}\r\n`.repeat(lines),
      "latin1",
    );
    let longestStall = 0;
    let last = performance.now();
    const monitor = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 10);
    try {
      const sent = client().sendMail({
        envelope: { from: "padding@visitor.test", to: [INBOUND] },
        raw,
      });
      const answer = await sent.then(
        (info) => info.response,
        (error: { response?: string }) => error.response ?? String(error),
      );
      expect(answer).toMatch(/^(250|550)/);
      // Meanwhile the process kept answering: the parse ran beside it, not on it.
      expect(longestStall).toBeLessThan(1_000);
      expect(
        await deliver({ from: "after-padding@visitor.test", to: "hello@academy.test" }),
      ).toMatch(/^250/);
    } finally {
      clearInterval(monitor);
    }
  }, 120_000);

  it("refuses a mail over the size limit for good, and keeps answering the next", async () => {
    const tooLarge = deliver({
      from: "big@visitor.test",
      to: "hello@academy.test",
      attachments: [{ filename: "big.bin", content: Buffer.alloc(MAX_MAIL_BYTES, 0x42) }],
    });
    await expect(tooLarge).rejects.toMatchObject({ responseCode: 552 });
    expect(await deliver({ from: "next@visitor.test", to: "hello@academy.test" })).toMatch(/^250/);
    const stored = await database()
      .db.select({ email: messages.email })
      .from(messages)
      .where(inArray(messages.email, ["big@visitor.test", "next@visitor.test"]));
    expect(stored).toEqual([{ email: "next@visitor.test" }]);
  }, 120_000);

  it("answers 451 while the database refuses, then stores the sender's retry exactly once", async () => {
    const acceptMail = await refuseInboundMail();
    const retried = {
      from: "retry@visitor.test",
      to: "hello@academy.test",
      text: "Sent again by my server",
      messageId: `<retried-${Date.now()}@visitor.test>`,
    };
    await expect(deliver(retried)).rejects.toMatchObject({ responseCode: 451 });
    const conversations = () =>
      database().db.select().from(messages).where(eq(messages.email, "retry@visitor.test"));
    // Nothing of it was kept: the conversation it started went with the failed transaction.
    expect(await conversations()).toEqual([]);

    await acceptMail();
    // The sender's server tries again (and once more, as if our 250 had been lost).
    expect(await deliver(retried)).toMatch(/^250/);
    expect(await deliver(retried)).toMatch(/^250/);
    expect(await conversations()).toHaveLength(1);
    const stored = await database()
      .db.select()
      .from(inboundEmails)
      .where(eq(inboundEmails.rfcMessageId, retried.messageId));
    expect(stored).toHaveLength(1);
  });
});

describe("our own e-mails coming back", () => {
  it("a staff alert that reaches the inbound mailbox starts nothing and sends nothing", async () => {
    await deliver({ from: "loop@visitor.test", to: "hello@academy.test" });
    const sent = await emailsSettled();
    const alert = sent.find((email) => email.kind === "staff-alert");
    if (!alert) throw new Error("The staff alert was not sent");
    const copy = sentCopy(alert.id);
    // An automatic e-mail says so (RFC 3834), and asks Exchange's auto-replies to stay quiet.
    expect(headOf(copy.raw)).toMatch(/^Auto-Submitted: auto-generated\r?$/im);
    expect(headOf(copy.raw)).toMatch(/^X-Auto-Response-Suppress: All\r?$/im);

    const conversations = await countOf(messages);
    const emails = await countOf(outgoingEmails);
    const withoutAutoHeaders = copy.raw
      .toString("utf8")
      .replace(/^(Auto-Submitted|X-Auto-Response-Suppress):.*\r?\n/gim, "");
    const copies = {
      // As our mail server sent it.
      "as sent": copy.raw,
      // A relay that dropped the automatic headers: its Message-ID is still one of ours.
      "without its headers": Buffer.from(withoutAutoHeaders),
      // A relay that also gave it a Message-ID of its own: it still comes from MAIL_FROM.
      "with another Message-ID": Buffer.from(
        withoutAutoHeaders.replace(/^Message-ID:.*$/im, "Message-ID: <relay-1@relay.test>"),
      ),
    };
    for (const [name, raw] of Object.entries(copies)) {
      const result = await receiveMail(raw, { envelopeRecipients: [INBOUND] });
      expect(result, name).toMatchObject({ outcome: "ignored" });
    }
    expect(await countOf(outgoingEmails)).toBe(emails);
    expect(await countOf(messages)).toBe(conversations);
  });

  it("an answer alert or reminder coming back into its conversation never reopens it", async () => {
    const answered = await answeredConversation();
    const emails = await countOf(outgoingEmails);
    // Our own mail that threads (it answers our reply): kept as automatic mail, nothing more.
    const result = await receiveMail(
      await mailTo(answered.reply, {
        from: "Lagos Tech Academy <no-reply@lagostechacademy.ng>",
        text: "A copy of an e-mail we sent",
        inReplyTo: `<${answered.reply.id}@academy.test>`,
      }),
    );
    const { id } = answered.message;
    expect(result).toMatchObject({ outcome: "auto-reply", messageId: id });
    expect((await findMessage(id)).status).toBe("replied");
    expect((await mailsOf(id)).map((mail) => mail.kind)).toEqual(["auto-reply"]);
    expect(await countOf(outgoingEmails)).toBe(emails);
  });

  it("a responder at the alert address answering our alert is never the visitor's answer: no loop", async () => {
    const { message, reply } = await answeredConversation();
    await deliver({ to: reply.replyTo ?? "", text: "Is the fee the same online?" });
    await emailsSettled();
    const [alert] = await answerAlerts(message.id);
    if (!alert) throw new Error("The answer alert was not sent");
    await database()
      .db.update(messages)
      .set({ status: "replied" })
      .where(eq(messages.id, message.id));
    const emails = await countOf(outgoingEmails);
    const conversations = await countOf(messages);
    const admin = await makeAdmin({ role: "admin", name: "Out Of Office" });
    // A responder without Auto-Submitted, at the alert address, an admin's, or anywhere the
    // alert was forwarded to: each answers our alert, to the inbound address or its sender.
    for (const from of [STAFF, admin.email, "forwarded@elsewhere.test"]) {
      const answer = await deliver({
        from,
        to: INBOUND,
        subject: `Re: ${alert.subject}`,
        text: "I am out of the office until Monday.",
        inReplyTo: `<${alert.id}@academy.test>`,
      });
      expect(answer).toMatch(/^250/);
    }
    // Nor is mail from an alert address that names the conversation's reply address.
    await deliver({ from: STAFF, to: reply.replyTo ?? "", text: "Out of office" });
    expect((await findMessage(message.id)).status).toBe("replied");
    expect((await mailsOf(message.id)).map((mail) => mail.kind)).toEqual([
      "visitor",
      "auto-reply",
      "auto-reply",
      "auto-reply",
      "auto-reply",
    ]);
    await emailsSettled();
    expect(await countOf(outgoingEmails)).toBe(emails);
    expect(await countOf(messages)).toBe(conversations);
  });

  it("a staff reply to a visitor is not marked automatic: a person wrote it", async () => {
    const { reply } = await answeredConversation();
    const head = headOf(sentCopy(reply.id).raw);
    expect(head).not.toMatch(/^Auto-Submitted:/im);
    expect(head).not.toMatch(/^X-Auto-Response-Suppress:/im);
  });
});

describe("bounces of our e-mails", () => {
  it("of a staff reply go to its conversation's reply address, the envelope sender", async () => {
    const { message, reply } = await answeredConversation();
    const copy = sentCopy(reply.id);
    expect(copy.from).toBe(replyAddress(INBOUND, message.replyToken));
    // A bounce sent there, to the inbound address, marks the reply in its conversation.
    const report = [
      "From: Mail Delivery System <MAILER-DAEMON@visitor.test>",
      `To: ${copy.from}`,
      "Subject: Undelivered Mail Returned to Sender",
      `Message-ID: <bounce-envelope-${Date.now()}@visitor.test>`,
      "",
      "Your message could not be delivered.",
      "",
      `Message-ID: <${reply.id}@academy.test>`,
      "",
    ].join("\r\n");
    const answer = await client().sendMail({
      envelope: { from: "", to: [copy.from] },
      raw: report,
    });
    expect(answer.response).toMatch(/^250/);
    expect((await mailsOf(message.id)).map((mail) => mail.kind)).toEqual(["bounce"]);
  });

  it("sent on the site's own (an alert) keep MAIL_FROM as the envelope sender", async () => {
    await deliver({ from: "alerted@visitor.test", to: "hello@academy.test" });
    const alert = (await emailsSettled()).find((email) => email.kind === "staff-alert");
    expect(sentCopy(alert?.id ?? "").from).toBe("no-reply@lagostechacademy.ng");
  });
});
