import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, admins, messageEvents, messages, outgoingEmails } from "~/db/schema";
import {
  assignMessage,
  markOpened,
  updateMessageNotes,
  updateMessagePriority,
  updateMessageStatus,
} from "~/features/messages/inbox/inbox.server";
import {
  FORMER_ADMIN,
  messageTimeline,
  SYSTEM_ACTOR,
  TIMELINE_LIMIT,
} from "~/features/messages/inbox/timeline.server";
import { timelineText } from "~/features/messages/inbox/timeline-text";
import { makeAdmin } from "../support/admin-session";
import { insertMessage } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
let ade: Admin;
let bola: Admin;

beforeAll(async () => {
  ade = await makeAdmin({ name: "Ade Okafor" });
  bola = await makeAdmin({ name: "Bola Adeyemi" });
});

beforeEach(async () => {
  await database().db.delete(messages);
  await database().db.delete(outgoingEmails);
});

const texts = async (id: string) => (await messageTimeline(id)).entries.map(timelineText);

describe("messageTimeline", () => {
  it("starts with 'Received' at the message's arrival and lists real changes oldest first", async () => {
    const createdAt = new Date("2026-03-10T08:00:00.000Z");
    const message = await insertMessage({ createdAt });
    await markOpened(ade, message.id);
    await updateMessagePriority(ade, message.id, "urgent");
    await assignMessage(ade, message.id, bola.id);
    await updateMessageNotes(bola, message.id, "Called her back");
    await updateMessageStatus(bola, message.id, "replied");
    await assignMessage(bola, message.id, null);

    const timeline = await messageTimeline(message.id);
    expect(timeline.hidden).toBe(0);
    expect(timeline.entries[0]).toMatchObject({ kind: "received", at: createdAt, actor: null });
    expect(timeline.entries.map(timelineText)).toEqual([
      "Received",
      "Opened by Ade Okafor",
      "Priority: Normal → Urgent by Ade Okafor",
      "Assigned to Bola Adeyemi by Ade Okafor",
      "Notes edited by Bola Adeyemi",
      "Status: Read → Replied by Bola Adeyemi",
      "Unassigned by Bola Adeyemi",
    ]);
    const times = timeline.entries.map((entry) => entry.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(timeline.entries[3]).toMatchObject({ kind: "assigned", from: null, to: bola.name });
    expect(timeline.entries[6]).toMatchObject({ kind: "assigned", from: bola.name, to: null });
  });

  it("shows a deleted admin as 'A former admin', as actor and as assignee", async () => {
    const gone = await makeAdmin({ name: "Gone Admin" });
    const message = await insertMessage();
    await assignMessage(gone, message.id, gone.id);
    await updateMessageStatus(gone, message.id, "archived");
    await database().db.delete(admins).where(eq(admins.id, gone.id));

    expect(await texts(message.id)).toEqual([
      "Received",
      `Assigned to ${FORMER_ADMIN} by ${FORMER_ADMIN}`,
      `Status: Unread → Archived by ${FORMER_ADMIN}`,
      // The foreign key's ON DELETE SET NULL unassigns the message, and the trigger records it.
      `Unassigned by ${FORMER_ADMIN}`,
    ]);
  });

  it("joins e-mail events to their e-mail: status, recipients, and the body of a reply only", async () => {
    const message = await insertMessage({ email: "ngozi@example.com" });
    const [reply, acknowledgement, reminder] = await database()
      .db.insert(outgoingEmails)
      .values([
        {
          kind: "reply",
          recipients: ["ngozi@example.com"],
          subject: "Re: General Question",
          body: "Hello Ngozi, the next cohort starts in May.",
          status: "sent",
          messageId: message.id,
        },
        {
          kind: "acknowledgement",
          recipients: ["ngozi@example.com"],
          subject: "We got your message",
          body: "Template text",
          messageId: message.id,
        },
        {
          kind: "reminder",
          recipients: ["ade@academy.test", "bola@academy.test"],
          subject: "Reminder",
          body: "Template text",
          status: "failed",
          messageId: message.id,
        },
      ])
      .returning();
    const at = (minute: number) => new Date(Date.parse("2026-03-10T09:00:00Z") + minute * 60_000);
    await database()
      .db.insert(messageEvents)
      .values([
        {
          messageId: message.id,
          kind: "acknowledgement-sent",
          emailId: acknowledgement?.id,
          createdAt: at(0),
        },
        { messageId: message.id, kind: "reminder-sent", emailId: reminder?.id, createdAt: at(1) },
        {
          messageId: message.id,
          kind: "reply-sent",
          actorId: ade.id,
          emailId: reply?.id,
          createdAt: at(2),
        },
        { messageId: message.id, kind: "replied-whatsapp", actorId: bola.id, createdAt: at(3) },
        { messageId: message.id, kind: "replied-email", actorId: ade.id, createdAt: at(4) },
      ]);

    const { entries } = await messageTimeline(message.id);
    expect(entries.map(timelineText)).toEqual([
      "Received",
      "Acknowledgement e-mail to the visitor",
      "Reminder sent to ade@academy.test, bola@academy.test",
      "E-mail reply by Ade Okafor",
      "Replied on WhatsApp (recorded by Bola Adeyemi)",
      "Replied by e-mail (recorded by Ade Okafor)",
    ]);
    expect(entries[1]).toMatchObject({
      actor: SYSTEM_ACTOR,
      email: { status: "queued", recipients: ["ngozi@example.com"], body: null },
    });
    expect(entries[2]).toMatchObject({
      actor: SYSTEM_ACTOR,
      email: { status: "failed", body: null },
    });
    expect(entries[3]?.email).toEqual({
      status: "sent",
      recipients: ["ngozi@example.com"],
      body: "Hello Ngozi, the next cohort starts in May.",
      lastError: null,
      bounced: false,
    });
    expect(entries[4]?.email).toBeNull();
  });

  it(`keeps the newest ${TIMELINE_LIMIT} events and counts the older ones`, async () => {
    const message = await insertMessage();
    const start = Date.parse("2026-03-10T09:00:00Z");
    await database()
      .db.insert(messageEvents)
      .values(
        Array.from({ length: TIMELINE_LIMIT + 5 }, (_, index) => ({
          messageId: message.id,
          kind: "notes" as const,
          actorId: ade.id,
          createdAt: new Date(start + index * 1000),
        })),
      );
    const timeline = await messageTimeline(message.id);
    expect(timeline.hidden).toBe(5);
    expect(timeline.entries).toHaveLength(TIMELINE_LIMIT + 1);
    expect(timeline.entries[0]?.kind).toBe("received");
    expect(timeline.entries[1]?.at).toEqual(new Date(start + 5 * 1000));
    expect(timeline.entries.at(-1)?.at).toEqual(new Date(start + (TIMELINE_LIMIT + 4) * 1000));
  });

  it("has only 'Received' for an untouched message, and nothing for one that does not exist", async () => {
    const message = await insertMessage();
    expect(await texts(message.id)).toEqual(["Received"]);
    expect(await messageTimeline("00000000-0000-4000-8000-000000000000")).toEqual({
      entries: [],
      hidden: 0,
    });
  });

  it("shows nothing of another message's history", async () => {
    const one = await insertMessage();
    const two = await insertMessage();
    await updateMessagePriority(ade, one.id, "high");
    expect(await texts(two.id)).toEqual(["Received"]);
  });
});
