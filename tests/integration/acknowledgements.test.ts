import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Message, messageEvents, messages, outgoingEmails, rateLimits } from "~/db/schema";
import type { FormRow } from "~/features/messages/intake/submit.server";
import { storeVisitorMessage } from "~/features/messages/intake/submit.server";
import { officeClosedLine } from "~/features/messages/message-emails.server";
import { formatReference } from "~/features/messages/reference";
import { uniqueAddress } from "../support/admin-session";
import { findMessage } from "../support/inbox-fixtures";
import { setupMailDelivery } from "../support/mail-delivery";
import { emailsSettled } from "../support/outgoing-mail";
import { setupTestDatabase } from "../support/test-database";
import { contactMessage, inquiryMessage, storeAsVisitor } from "../support/visitor-messages";

const database = setupTestDatabase();
const STAFF = "desk@academy.test";
const delivery = setupMailDelivery({
  name: "acknowledgements",
  env: { PUBLIC_URL: "https://academy.example.ng", NOTIFY_EMAILS: STAFF },
  tables: [outgoingEmails, messages, rateLimits],
});

const inquiry = inquiryMessage;
const contact = contactMessage;

/** Stores a message as the public forms do; the reference they answer with is its own. */
async function store(row: FormRow): Promise<Message> {
  const outcome = await storeAsVisitor(row);
  const message = await findMessage(outcome.id);
  expect(outcome.reference).toBe(message.reference);
  return message;
}

const emailsOfKind = (kind: "acknowledgement" | "staff-alert") =>
  database().db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, kind));

async function acknowledgementOf(row: FormRow) {
  const message = await store(row);
  const [email, ...more] = await emailsOfKind("acknowledgement");
  expect(more).toEqual([]);
  if (!email) throw new Error("No acknowledgement was queued");
  return { message, email };
}

describe("the acknowledgement of a visitor's message", () => {
  it("is queued with the message, to the visitor, with the reference, and recorded in its history", async () => {
    const { message, email } = await acknowledgementOf(inquiry);
    const reference = formatReference(message.reference);
    expect(email).toMatchObject({
      kind: "acknowledgement",
      recipients: ["amaka@example.ng"],
      subject: `We received your inquiry about Data Analysis [${reference}]`,
      messageId: message.id,
      status: "queued",
      replyTo: null,
    });
    expect(email.body).toContain(`Its reference is ${reference}`);
    expect(email.body).not.toContain("Is there a weekend class?");
    expect(email.body).toContain("We will reply within 24 hours.");
    const events = await database()
      .db.select()
      .from(messageEvents)
      .where(eq(messageEvents.messageId, message.id));
    expect(events).toEqual([
      expect.objectContaining({ kind: "acknowledgement-sent", emailId: email.id, actorId: null }),
    ]);
    // The staff alert names the reference too.
    const [alert] = await emailsOfKind("staff-alert");
    expect(alert?.subject).toBe(`New inquiry from Amaka Obi (Data Analysis) [${reference}]`);
    expect(alert?.body).toContain(`Reference: ${reference}`);
  });

  // Lagos is UTC+1 all year.
  it.each([
    ["on a Sunday afternoon", "2026-03-08T13:00:00Z", true],
    ["on a weekday at 20:00", "2026-03-04T19:00:00Z", true],
    ["on a weekday at 7:30", "2026-03-05T06:30:00Z", true],
    ["just after midnight on Saturday (23:30 UTC on Friday)", "2026-03-06T23:30:00Z", true],
    ["on a Tuesday at 10:00", "2026-03-03T09:00:00Z", false],
    ["on a Friday at 17:30", "2026-03-06T16:30:00Z", false],
  ])("sent %s, it says the office is closed: %s", async (_, instant, closed) => {
    const { email } = await acknowledgementOf({ ...contact, createdAt: new Date(instant) });
    expect(email.body.includes(officeClosedLine)).toBe(closed);
    expect(email.body).toContain("We will reply within 24 hours.");
  });

  it("is not queued with SEND_ACKNOWLEDGEMENTS=false; the staff alert still is", async () => {
    delivery.setEnvironment({ SEND_ACKNOWLEDGEMENTS: "false" });
    const message = await store(contact);
    expect(await emailsOfKind("acknowledgement")).toEqual([]);
    expect(await emailsOfKind("staff-alert")).toHaveLength(1);
    expect(
      await database()
        .db.select()
        .from(messageEvents)
        .where(eq(messageEvents.messageId, message.id)),
    ).toEqual([]);
  });

  it("goes to one address at most 3 times a day, whatever IP the messages come from", async () => {
    for (let index = 0; index < 4; index++) await store({ ...contact, ipAddress: uniqueAddress() });
    expect(await emailsOfKind("acknowledgement")).toHaveLength(3);
    // Every message is stored and alerted all the same.
    expect(await emailsOfKind("staff-alert")).toHaveLength(4);
    // Another address has its own allowance; the limits table holds no address.
    await store({ ...inquiry, ipAddress: uniqueAddress() });
    expect(await emailsOfKind("acknowledgement")).toHaveLength(4);
    const keys = (await database().db.select().from(rateLimits)).map((row) => row.key);
    expect(keys.join(" ")).not.toMatch(/@/);
  });

  it("is not sent to a bot that filled the honeypot", async () => {
    expect(
      await storeVisitorMessage({ ...contact, ipAddress: uniqueAddress() }, "https://spam.example"),
    ).toEqual({ status: "ignored" });
    expect(await database().db.select().from(outgoingEmails)).toEqual([]);
  });

  it("reaches the visitor's mail server with Reply-To set to REPLY_TO", async () => {
    delivery.setEnvironment({ REPLY_TO: "admissions@lagostechacademy.ng" });
    const { message, email } = await acknowledgementOf(contact);
    expect(email.replyTo).toBe("admissions@lagostechacademy.ng");
    const sent = await emailsSettled();
    expect(sent.map((row) => row.status)).toEqual(["sent", "sent"]);
    // This message's e-mails, by its reference: a job of an earlier test may still deliver one
    // to the same addresses while this test runs.
    const reference = formatReference(message.reference);
    const ofThisMessage = (to: string) =>
      delivery.smtp.received.find(
        (mail) => mail.to.includes(to) && mail.text.includes(`[${reference}]`),
      );
    const delivered = ofThisMessage("chiamaka@example.com");
    expect(delivered?.text).toMatch(/^Reply-To: admissions@lagostechacademy\.ng$/m);
    expect(delivered?.text).toMatch(
      new RegExp(`^Subject: We received your message \\[${reference}\\]$`, "m"),
    );
    // The staff alert has no Reply-To.
    const alert = ofThisMessage(STAFF);
    expect(alert).toBeDefined();
    expect(alert?.text).not.toMatch(/^Reply-To:/m);
  });
});

describe("a message's reference", () => {
  it("is unique under 50 messages stored at once", async () => {
    const before = await store(contact);
    const stored = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        storeVisitorMessage(
          { ...contact, email: `visitor.${index}@example.com`, ipAddress: uniqueAddress() },
          "",
        ),
      ),
    );
    const references = stored.map((outcome) =>
      outcome.status === "stored" ? outcome.reference : Number.NaN,
    );
    expect(new Set(references).size).toBe(50);
    for (const reference of references) expect(reference).toBeGreaterThan(before.reference);
    const after = await store(contact);
    expect(after.reference).toBeGreaterThan(Math.max(...references));
  });

  it("is never reused after the newest message is deleted", async () => {
    await store(contact);
    const newest = await store(inquiry);
    await database().db.delete(messages).where(eq(messages.id, newest.id));
    const next = await store(inquiry);
    expect(next.reference).toBeGreaterThan(newest.reference);
    const remaining = await database()
      .db.select({ reference: messages.reference })
      .from(messages)
      .orderBy(asc(messages.reference));
    expect(remaining.map((row) => row.reference)).not.toContain(newest.reference);
  });
});
