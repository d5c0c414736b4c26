import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { db } from "~/db/client.server";
import { inboundEmails, messageEvents, messages, outgoingEmails } from "~/db/schema";
import {
  REFUSED_KEYWORD,
  STORED_KEYWORD,
  startImapMailbox,
} from "~/features/conversations/imap-mailbox.server";
import { receiveMail } from "~/features/conversations/receive-mail.server";
import { env } from "~/lib/infra/env.server";
import { capturedLogger } from "../support/captured-logger";
import { startDovecot, type TestDovecot } from "../support/dovecot";
import { findMessage, insertMessage } from "../support/inbox-fixtures";
import { refuseInboundMail } from "../support/refusing-database";
import { setupTestDatabase } from "../support/test-database";

/**
 * The IMAP mailbox reader against a real IMAP server (dovecot, tests/support/dovecot.ts):
 * mail is stored once, flagged only after it is stored, seen at once through IDLE, and read
 * again after the server comes back.
 */

const database = setupTestDatabase();
let dovecot: TestDovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.close();
});
beforeEach(async () => {
  await dovecot.start();
  await dovecot.empty();
  await db().delete(inboundEmails);
  await db().delete(messageEvents);
  await db().delete(outgoingEmails);
  await db().delete(messages);
});

/** A reader of the test mailbox (of `server`) for the running test, stopped when it ends. */
function startReader(
  options: { pollSeconds?: number; maxMailBytes?: number } = {},
  server: TestDovecot = dovecot,
) {
  const { logger, lines } = capturedLogger("debug");
  const reader = startImapMailbox({
    url: server.url,
    user: server.user,
    password: server.password,
    pollSeconds: options.pollSeconds ?? 3600,
    maxMailBytes: options.maxMailBytes,
    logger,
  });
  onTestFinished(() => reader.stop());
  return { reader, lines };
}

/** Resolves once the reader is connected and has read the folder once. */
async function readerReady(reader: ReturnType<typeof startImapMailbox>) {
  await expect
    .poll(() => reader.status().connected && reader.status().passes > 0, { timeout: 15_000 })
    .toBe(true);
}

type MailFields = {
  from?: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  body?: string;
  extraHeaders?: string[];
};

function mail({
  from = "Ada Obi <ada.obi@visitor.test>",
  subject = "A question about the data course",
  messageId = `<${randomUUID()}@visitor.test>`,
  inReplyTo,
  body = "Hello, when does the next intake start?",
  extraHeaders = [],
}: MailFields = {}) {
  const headers = [
    `From: ${from}`,
    "To: hello@academy.test",
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    "Date: Mon, 02 Nov 2026 10:00:00 +0100",
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    ...extraHeaders,
  ];
  return `${headers.join("\r\n")}\r\n\r\n${body}\r\n`;
}

const storedWith = (rfcMessageId: string) =>
  db().select().from(inboundEmails).where(eq(inboundEmails.rfcMessageId, rfcMessageId));

const countOf = async (table: typeof inboundEmails | typeof messages) => {
  const [row] = await db().select({ total: sql<number>`count(*)::int` }).from(table);
  return row?.total ?? 0;
};

/** The flags of every message, by UID. */
async function flagsByUid() {
  return Object.fromEntries((await dovecot.messages()).map((m) => [m.uid, m.flags]));
}

/** Resolves once every message of the mailbox carries STORED_KEYWORD. */
async function allFlagged(expectedMessages: number, timeout = 15_000) {
  await expect
    .poll(
      async () => {
        const all = await dovecot.messages();
        return (
          all.length === expectedMessages &&
          all.every((message) => message.flags.includes(STORED_KEYWORD))
        );
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
}

/** A staff reply sent to a visitor, as the outbox records it: its Message-ID is ours. */
async function sentReply() {
  const conversation = await insertMessage({
    fullName: "Ada Obi",
    email: "ada.obi@visitor.test",
    status: "replied",
  });
  const [email] = await db()
    .insert(outgoingEmails)
    .values({
      kind: "reply",
      recipients: ["ada.obi@visitor.test"],
      subject: "Re: A question about the data course",
      body: "The next intake starts in January.",
      messageId: conversation.id,
      status: "sent",
      sentAt: new Date(),
    })
    .returning();
  if (!email) throw new Error("The reply was not stored");
  const host = new URL(env().publicUrl).hostname;
  return { conversation, messageIdHeader: `<${email.id}@${host}>` };
}

describe("the IMAP mailbox", () => {
  it("stores a visitor's answer within seconds through IDLE, then flags it", async () => {
    const { conversation, messageIdHeader } = await sentReply();
    // No poll in this test: only IDLE can start the pass after the first one.
    const { reader } = startReader({ pollSeconds: 3600 });
    await readerReady(reader);
    await expect.poll(() => reader.status().idling, { timeout: 10_000 }).toBe(true);
    const passesBefore = reader.status().passes;

    const rfcMessageId = `<${randomUUID()}@visitor.test>`;
    const appendedAt = Date.now();
    const uid = await dovecot.appendMail(
      mail({
        subject: "Re: A question about the data course",
        messageId: rfcMessageId,
        inReplyTo: messageIdHeader,
        body: "Thank you, I will apply on Monday.\r\n\r\nOn Sun, Nov 1, 2026, Academy wrote:\r\n> The next intake starts in January.",
      }),
    );
    await expect
      .poll(async () => (await storedWith(rfcMessageId)).length, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(1);
    // dovecot tells an IDLE client of new mail about half a second after it arrives.
    expect(Date.now() - appendedAt).toBeLessThan(5_000);

    const [stored] = await storedWith(rfcMessageId);
    expect(stored?.messageId).toBe(conversation.id);
    expect(stored?.newText).toContain("Thank you, I will apply on Monday.");
    expect(stored?.newText).not.toContain("The next intake starts in January.");
    expect((await findMessage(conversation.id)).status).toBe("unread");
    // The same connection, a pass started by the server's news, not by a poll or a reconnection.
    await expect.poll(() => dovecot.flagsOf(uid), { timeout: 5_000 }).toContain(STORED_KEYWORD);
    expect(reader.status()).toMatchObject({ connected: true, connections: 1 });
    expect(reader.status().passes).toBeGreaterThan(passesBefore);
    const flags = await dovecot.flagsOf(uid);
    // Left unread for staff who read the mailbox in their own mail app.
    expect(flags).not.toContain("\\Seen");
    expect(flags).not.toContain(REFUSED_KEYWORD);
  });

  it("starts a conversation from a new sender's mail, and logs none of it", async () => {
    const rfcMessageId = `<${randomUUID()}@visitor.test>`;
    const uid = await dovecot.appendMail(
      mail({
        from: "Chidi Eze <chidi.eze@visitor.test>",
        subject: "Weekend classes for working people",
        messageId: rfcMessageId,
        body: "Do you run the web course on Saturdays?",
      }),
    );
    const { reader, lines } = startReader();
    await allFlagged(1);
    const flags = await dovecot.flagsOf(uid);
    expect(flags).toContain(STORED_KEYWORD);
    expect(flags).not.toContain("\\Seen");
    expect(flags).not.toContain(REFUSED_KEYWORD);

    const [stored] = await storedWith(rfcMessageId);
    if (!stored) throw new Error("The mail was not stored");
    expect(await findMessage(stored.messageId)).toMatchObject({
      formType: "email",
      email: "chidi.eze@visitor.test",
      fullName: "Chidi Eze",
      subject: "Weekend classes for working people",
      message: "Do you run the web course on Saturdays?",
      status: "unread",
    });
    await reader.stop();
    const log = lines.join("\n");
    expect(log).toContain(`"uid":${uid}`);
    expect(log).toContain('"outcome":"new-conversation"');
    for (const personal of ["chidi", "Weekend classes", "Saturdays", "visitor.test"]) {
      expect(log).not.toContain(personal);
    }
  });

  it("stores a mail appended twice (the same Message-ID) once, and flags both copies", async () => {
    const raw = mail({ messageId: "<twice@visitor.test>" });
    await dovecot.appendMail(raw);
    const { reader } = startReader({ pollSeconds: 3600 });
    await allFlagged(1);
    await dovecot.appendMail(raw);
    await allFlagged(2);

    expect(await storedWith("<twice@visitor.test>")).toHaveLength(1);
    expect(await countOf(messages)).toBe(1);
    expect(reader.status().connections).toBe(1);
  });

  it("reads again, losing and repeating nothing, once the server is back", async () => {
    const { reader } = startReader({ pollSeconds: 3600 });
    await readerReady(reader);
    await dovecot.appendMail(mail({ messageId: "<before@visitor.test>" }));
    await allFlagged(1);

    await dovecot.stop();
    // The sessions end with the server: the reader sees it at once.
    await expect.poll(() => reader.status().connected, { timeout: 5_000 }).toBe(false);
    // Delivered by the mail server while IMAP is down, then one more once it is back.
    await dovecot.deliverToMaildir(mail({ messageId: "<while-down@visitor.test>" }));
    await dovecot.start();
    await dovecot.appendMail(mail({ messageId: "<after@visitor.test>" }));

    await allFlagged(3, 30_000);
    expect(reader.status().connected).toBe(true);
    expect(reader.status().connections).toBeGreaterThanOrEqual(2);
    for (const id of ["<before@visitor.test>", "<while-down@visitor.test>", "<after@visitor.test>"])
      expect(await storedWith(id), id).toHaveLength(1);
    expect(await countOf(inboundEmails)).toBe(3);
    // All from the same address: one conversation each (no reference or reply in them).
    expect(await countOf(messages)).toBe(3);
  });

  it("only flags a mail that was stored before it could be flagged (a crash in between)", async () => {
    const raw = mail({ messageId: "<crash@visitor.test>" });
    // Stored (committed), but the process ended before flagging it in the mailbox.
    expect((await receiveMail(Buffer.from(raw))).outcome).toBe("new-conversation");
    const uid = await dovecot.appendMail(raw);
    expect(await dovecot.flagsOf(uid)).not.toContain(STORED_KEYWORD);

    const { lines } = startReader();
    await allFlagged(1);
    expect(await storedWith("<crash@visitor.test>")).toHaveLength(1);
    expect(await countOf(messages)).toBe(1);
    expect(lines.join("\n")).toContain('"outcome":"duplicate"');
  });

  it("refuses for good what is unreadable, keeps only a note of what is too large, and reads on", async () => {
    const tooLarge = await dovecot.appendMail(
      mail({ messageId: "<large@visitor.test>", body: `${"y".repeat(98)}\r\n`.repeat(5_000) }),
    );
    // A header section over 256 kB: the parser gives up on it.
    const unreadable = await dovecot.appendMail(
      mail({
        messageId: "<unreadable@visitor.test>",
        extraHeaders: [`X-Padding: ${"z".repeat(300 * 1024)}`],
      }),
    );
    const fine = await dovecot.appendMail(mail({ messageId: "<fine@visitor.test>" }));
    const { lines } = startReader({ maxMailBytes: 400_000 });
    await allFlagged(3);

    const flags = await flagsByUid();
    expect(flags[tooLarge]).toEqual(expect.arrayContaining([STORED_KEYWORD, REFUSED_KEYWORD]));
    expect(flags[unreadable]).toEqual(expect.arrayContaining([STORED_KEYWORD, REFUSED_KEYWORD]));
    expect(flags[fine]).toContain(STORED_KEYWORD);
    expect(flags[fine]).not.toContain(REFUSED_KEYWORD);
    const stored = await db().select({ id: inboundEmails.rfcMessageId }).from(inboundEmails);
    expect(stored.map((row) => row.id).sort()).toEqual([
      "<fine@visitor.test>",
      "<large@visitor.test>",
    ]);
    const log = lines.join("\n");
    expect(log).toContain('"reason":"too large"');
    expect(log).toContain('"reason":"unreadable"');
  });

  it("shows a mail too large to keep as a note in its conversation, or in a new one, once", async () => {
    const { conversation, messageIdHeader } = await sentReply();
    const large = `${"y".repeat(98)}\r\n`.repeat(5_000);
    const answer = mail({
      subject: "Re: A question about the data course",
      messageId: "<large-answer@visitor.test>",
      inReplyTo: messageIdHeader,
      body: large,
    });
    await dovecot.appendMail(answer);
    await dovecot.appendMail(
      mail({
        from: "Bola Ade <bola.ade@visitor.test>",
        subject: "My portfolio",
        messageId: "<large-new@visitor.test>",
        body: large,
      }),
    );
    startReader({ maxMailBytes: 400_000 });
    await allFlagged(2);
    for (const flags of Object.values(await flagsByUid()))
      expect(flags).toEqual(expect.arrayContaining([STORED_KEYWORD, REFUSED_KEYWORD]));

    const note =
      /^An e-mail from (.+) was too large to keep \(\d+\.\d KB\); ask them to send it in smaller parts\.$/;
    // An answer: its headers and the note join its conversation, which is reopened.
    const [kept] = await storedWith("<large-answer@visitor.test>");
    expect(kept).toMatchObject({
      messageId: conversation.id,
      kind: "too-large",
      fromAddress: "ada.obi@visitor.test",
      subject: "Re: A question about the data course",
    });
    expect(kept?.newText).toMatch(note);
    expect(kept?.newText.match(note)?.[1]).toBe("Ada Obi");
    expect(kept?.fullText).not.toContain("yyy");
    expect((await findMessage(conversation.id)).status).toBe("unread");
    // From a new sender: a new 'E-mail' conversation that says so.
    const [started] = await storedWith("<large-new@visitor.test>");
    expect(started?.kind).toBe("too-large");
    const message = await findMessage(started?.messageId ?? "");
    expect(message).toMatchObject({ formType: "email", email: "bola.ade@visitor.test" });
    expect(message.message).toMatch(note);

    // The same mail again (a copy in the mailbox): flagged, stored once.
    await dovecot.appendMail(answer);
    await allFlagged(3);
    expect(await storedWith("<large-answer@visitor.test>")).toHaveLength(1);
    expect(await countOf(messages)).toBe(2);
  });

  it("leaves a mail it could not store unflagged, and stores it once the database takes it", async () => {
    const acceptMail = await refuseInboundMail();
    const uid = await dovecot.appendMail(mail({ messageId: "<retried@visitor.test>" }));
    const { reader, lines } = startReader();
    await expect
      .poll(() => lines.some((line) => line.includes("could not be stored")), { timeout: 15_000 })
      .toBe(true);
    expect(await dovecot.flagsOf(uid)).not.toContain(STORED_KEYWORD);
    expect(await countOf(messages)).toBe(0);

    await acceptMail();
    // Tried again after the back-off (1 s, 2 s, …), with no poll and on the same connection.
    await allFlagged(1);
    expect(await storedWith("<retried@visitor.test>")).toHaveLength(1);
    expect(reader.status().connections).toBe(1);
  });

  it("reads past one mail it cannot store: the others are not held up behind it", async () => {
    await database().db.execute(
      sql`ALTER TABLE inbound_emails ADD CONSTRAINT refuse_poison CHECK (subject <> 'Poison') NOT VALID`,
    );
    onTestFinished(async () => {
      await database().db.execute(sql`ALTER TABLE inbound_emails DROP CONSTRAINT refuse_poison`);
    });
    const poison = await dovecot.appendMail(
      mail({ subject: "Poison", messageId: "<poison@visitor.test>" }),
    );
    const after = await dovecot.appendMail(mail({ messageId: "<after-poison@visitor.test>" }));
    startReader();
    await expect.poll(() => dovecot.flagsOf(after), { timeout: 15_000 }).toContain(STORED_KEYWORD);
    expect(await storedWith("<after-poison@visitor.test>")).toHaveLength(1);
    expect(await dovecot.flagsOf(poison)).not.toContain(STORED_KEYWORD);
  });
});

describe("the IMAP mailbox on a server without IDLE", () => {
  let withoutIdle: TestDovecot;
  beforeAll(async () => {
    withoutIdle = await startDovecot({ idle: false });
  });
  afterAll(async () => {
    await withoutIdle?.close();
  });

  it("stores a mail within one poll interval, found by the poll alone", async () => {
    // The server tells of no new mail: only the reader's own poll can find it.
    const capabilities = await withoutIdle.capabilities();
    expect(capabilities).toContain("IMAP4rev1");
    expect(capabilities).not.toContain("IDLE");
    const pollSeconds = 2;
    const { reader } = startReader({ pollSeconds }, withoutIdle);
    await readerReady(reader);
    // Without IDLE, imapflow waits by sending NOOP every 2 minutes, once at once: a mail it
    // sees would start a pass too. So the mail comes after a pass the poll started (nothing
    // else starts one here), when the next NOOP is 2 minutes away.
    await expect.poll(() => reader.status().idling, { timeout: 10_000 }).toBe(true);
    const passesWhenWaiting = reader.status().passes;
    await expect
      .poll(() => reader.status().passes, {
        timeout: pollSeconds * 1000 + 1_000,
        message: "a pass started by the poll",
      })
      .toBeGreaterThan(passesWhenWaiting);
    const passesBefore = reader.status().passes;

    const rfcMessageId = `<${randomUUID()}@visitor.test>`;
    const appendedAt = Date.now();
    const uid = await withoutIdle.appendMail(mail({ messageId: rfcMessageId }));
    // The next poll is at most one interval away; a second more for the pass to store it.
    const withinOnePoll = pollSeconds * 1000 + 1_000;
    await expect
      .poll(async () => (await storedWith(rfcMessageId)).length, {
        timeout: withinOnePoll,
        interval: 50,
      })
      .toBe(1);
    expect(Date.now() - appendedAt).toBeLessThan(withinOnePoll);
    await expect.poll(() => withoutIdle.flagsOf(uid), { timeout: 5_000 }).toContain(STORED_KEYWORD);
    // A pass on the same connection: not a reconnection's first read.
    expect(reader.status()).toMatchObject({ connected: true, connections: 1 });
    expect(reader.status().passes).toBeGreaterThan(passesBefore);
  });
});
