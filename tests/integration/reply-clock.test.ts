import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, messageEvents, messages, outgoingEmails } from "~/db/schema";
import { listMessages, updateMessageStatus } from "~/features/messages/inbox/inbox.server";
import { recordReply, sendReply } from "~/features/messages/inbox/replies.server";
import { defaultInboxQuery, type InboxQuery } from "~/features/messages/list-url";
import { formatReference } from "~/features/messages/reference";
import { replyClockFigures } from "~/features/messages/reply-clock.server";
import { UserFacingError } from "~/lib/errors";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { makeAdmin } from "../support/admin-session";
import { findMessage, insertMessage, insertMessages } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
let actor: Admin;
let colleague: Admin;

beforeAll(async () => {
  actor = await makeAdmin({ name: "Ade Actor" });
  colleague = await makeAdmin({ name: "Bisi Colleague" });
});

beforeEach(async () => {
  await database().db.delete(messages);
});

/** A time on the database's clock, so the queries' now() and the rows agree. */
const ago = (interval: string) => sql`now() - ${interval}::interval` as unknown as Date;

const namesOf = async (overrides: Partial<InboxQuery>) =>
  (await listMessages({ ...defaultInboxQuery, ...overrides }, actor)).messages.map(
    (row) => row.fullName,
  );

describe("the overdue tab and the due-soon filter", () => {
  beforeEach(async () => {
    await insertMessages([
      { fullName: "on time 1 h", createdAt: ago("1 hour") },
      { fullName: "on time 19 h 59", createdAt: ago("19 hours 59 minutes") },
      { fullName: "due soon 20 h 01", createdAt: ago("20 hours 1 minute"), status: "read" },
      { fullName: "due soon 23 h 59", createdAt: ago("23 hours 59 minutes") },
      { fullName: "overdue 24 h 01", createdAt: ago("24 hours 1 minute") },
      { fullName: "overdue 3 days", createdAt: ago("3 days"), status: "read" },
      { fullName: "replied 3 days", createdAt: ago("3 days 1 hour"), status: "replied" },
      { fullName: "archived 3 days", createdAt: ago("3 days 2 hours"), status: "archived" },
    ]);
  });

  it("the overdue tab lists the unanswered messages past 24 h, newest first", async () => {
    expect(await namesOf({ tab: "overdue" })).toEqual(["overdue 24 h 01", "overdue 3 days"]);
    expect(await namesOf({ clock: "overdue", sort: "oldest" })).toEqual([
      "overdue 3 days",
      "overdue 24 h 01",
    ]);
  });

  it("the due-soon filter lists those with under 4 h left, and combines with other filters", async () => {
    expect(await namesOf({ clock: "due-soon" })).toEqual(["due soon 20 h 01", "due soon 23 h 59"]);
    expect(await namesOf({ clock: "due-soon", status: "read" })).toEqual(["due soon 20 h 01"]);
    expect(await namesOf({ tab: "overdue", clock: "due-soon" })).toEqual([]);
  });

  it("a reply takes a message off the clock (an e-mail once delivered: reply-delivery.test.ts)", async () => {
    const [late] = (await listMessages({ ...defaultInboxQuery, tab: "overdue" }, actor)).messages;
    if (!late) throw new Error("no overdue message");
    await recordReply(actor, late.id, "whatsapp");
    expect(await namesOf({ tab: "overdue" })).toEqual(["overdue 3 days"]);
  });

  it("'oldest unanswered first' puts every waiting message first, oldest first, then the rest", async () => {
    const expected = [
      "overdue 3 days",
      "overdue 24 h 01",
      "due soon 23 h 59",
      "due soon 20 h 01",
      "on time 19 h 59",
      "on time 1 h",
      "archived 3 days",
      "replied 3 days",
    ];
    // The dense list walks an index; a filtered one sorts its matches: both agree.
    expect(await namesOf({ sort: "unanswered" })).toEqual(expected);
    expect(await namesOf({ sort: "unanswered", q: "days" })).toEqual(
      expected.filter((name) => name.includes("days")),
    );
  });
});

describe("a reopened conversation", () => {
  it("waits from the visitor's answer: its clock, the overdue tab and 'oldest unanswered first'", async () => {
    const [old, recent] = await insertMessages([
      { fullName: "asked 3 days ago, answered 2 h ago", createdAt: ago("3 days") },
      { fullName: "asked 10 h ago", createdAt: ago("10 hours") },
    ]);
    // The visitor answered a reply 2 hours ago: the clock restarted then (receiveMail's rule).
    await database()
      .db.update(messages)
      .set({ waitingSince: ago("2 hours") })
      .where(eq(messages.id, old?.id ?? ""));
    const expected = ["asked 10 h ago", "asked 3 days ago, answered 2 h ago"];
    expect(await namesOf({ sort: "unanswered" })).toEqual(expected);
    expect(await namesOf({ sort: "unanswered", q: "ago" })).toEqual(expected);
    expect(await namesOf({ tab: "overdue" })).toEqual([]);
    expect(recent).toBeTruthy();
  });
});

describe("replyClockFigures", () => {
  it("counts overdue and due soon now, and the last 30 days' share in time and median", async () => {
    await insertMessages([
      // Inside 30 days, judged: replied in 2 h and 10 h (in time), in 30 h (late), overdue.
      { createdAt: ago("5 days"), status: "replied", repliedAt: ago("4 days 22 hours") },
      { createdAt: ago("6 days"), status: "archived", repliedAt: ago("5 days 14 hours") },
      { createdAt: ago("7 days"), status: "replied", repliedAt: ago("5 days 17 hours") },
      { createdAt: ago("26 hours"), status: "unread" },
      // Not judged: still inside its 24 h (and due soon), archived without a reply.
      { createdAt: ago("21 hours"), status: "read" },
      { createdAt: ago("40 hours"), status: "archived" },
      // Outside the window: replied in 1 h (ignored), unread (overdue all the same).
      { createdAt: ago("40 days"), status: "replied", repliedAt: ago("39 days 23 hours") },
      { createdAt: ago("41 days"), status: "unread" },
    ]);
    expect(await replyClockFigures()).toEqual({
      overdue: 2,
      overdueCapped: false,
      dueSoon: 1,
      answeredInTimeShare: 0.5,
      judged: 4,
      medianFirstReplyMinutes: 600,
    });
  });

  it("has no share or median without messages", async () => {
    expect(await replyClockFigures()).toEqual({
      overdue: 0,
      overdueCapped: false,
      dueSoon: 0,
      answeredInTimeShare: null,
      judged: 0,
      medianFirstReplyMinutes: null,
    });
  });
});

describe("replies", () => {
  const eventsOf = (id: string) =>
    database()
      .db.select()
      .from(messageEvents)
      .where(eq(messageEvents.messageId, id))
      .orderBy(asc(messageEvents.createdAt));

  it("queues an e-mail reply and records it; the message stays waiting until it is delivered", async () => {
    const message = await insertMessage({ subject: "Course fees", createdAt: ago("3 hours") });
    await sendReply(actor, message.id, "Hello, the fee is ₦150,000.\nWe take instalments.");
    const stored = await findMessage(message.id);
    expect(stored.status).toBe("unread");
    expect(stored.repliedAt).toBeNull();
    const [email] = await database()
      .db.select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.messageId, message.id));
    expect(email).toMatchObject({
      kind: "reply",
      recipients: [message.email],
      subject: `Re: Course fees [${formatReference(stored.reference)}]`,
      body: "Hello, the fee is ₦150,000.\nWe take instalments.",
      status: "queued",
    });
    const events = await eventsOf(message.id);
    expect(events.map((event) => [event.kind, event.actorId, event.detail])).toEqual([
      ["reply-sent", actor.id, null],
    ]);
    expect(events[0]?.emailId).toBe(email?.id);
  });

  it("sets Reply-To to REPLY_TO when it is configured, so the visitor's answer reaches staff", async () => {
    const message = await insertMessage();
    setEnvForTesting(loadEnv({ ...process.env, REPLY_TO: "admissions@lagostechacademy.ng" }));
    try {
      await sendReply(actor, message.id, "Hello");
    } finally {
      setEnvForTesting(undefined);
    }
    await sendReply(actor, message.id, "Hello again");
    const sent = await database()
      .db.select({ replyTo: outgoingEmails.replyTo, body: outgoingEmails.body })
      .from(outgoingEmails)
      .where(eq(outgoingEmails.messageId, message.id))
      .orderBy(asc(outgoingEmails.createdAt));
    expect(sent.filter((email) => email.body.startsWith("Hello"))).toEqual([
      { replyTo: "admissions@lagostechacademy.ng", body: "Hello" },
      { replyTo: null, body: "Hello again" },
    ]);
  });

  it("stamps replied_at once: later replies, recorded replies and status changes keep it", async () => {
    const message = await insertMessage({ createdAt: ago("30 hours") });
    await recordReply(actor, message.id, "email");
    const first = (await findMessage(message.id)).repliedAt;
    expect(first).not.toBeNull();
    await sendReply(colleague, message.id, "A follow-up");
    await sendReply(actor, message.id, "And another");
    await recordReply(colleague, message.id, "whatsapp");
    await updateMessageStatus(actor, message.id, "read");
    await updateMessageStatus(actor, message.id, "replied");
    const stored = await findMessage(message.id);
    expect(stored.repliedAt).toEqual(first);
    expect(stored.status).toBe("replied");
    const kinds = (await eventsOf(message.id)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === "reply-sent")).toHaveLength(2);
    expect(kinds).toContain("replied-whatsapp");
  });

  it("two replies recorded at once stamp replied_at once, at the first reply", async () => {
    const message = await insertMessage();
    await Promise.all([
      recordReply(actor, message.id, "whatsapp"),
      recordReply(colleague, message.id, "email"),
    ]);
    const replies = (await eventsOf(message.id)).filter((event) => event.kind !== "status");
    expect(replies).toHaveLength(2);
    // Stamped by the first reply's transaction (its start), before either reply was recorded.
    const repliedAt = (await findMessage(message.id)).repliedAt?.getTime() ?? Number.NaN;
    expect(repliedAt).toBeLessThanOrEqual(replies[0]?.createdAt.getTime() ?? 0);
  });

  it("records a reply made on WhatsApp or by e-mail, with the same effect", async () => {
    const onWhatsApp = await insertMessage({ status: "read" });
    const byEmail = await insertMessage();
    await recordReply(actor, onWhatsApp.id, "whatsapp");
    await recordReply(colleague, byEmail.id, "email");
    for (const [message, kind, who] of [
      [onWhatsApp, "replied-whatsapp", actor],
      [byEmail, "replied-email", colleague],
    ] as const) {
      const stored = await findMessage(message.id);
      expect(stored.status).toBe("replied");
      expect(stored.repliedAt).not.toBeNull();
      const events = await eventsOf(message.id);
      expect(events.find((event) => event.kind === kind)?.actorId).toBe(who.id);
    }
    // Recording sends nothing.
    expect(await database().db.select().from(outgoingEmails)).toEqual([]);
  });

  it("refuses a reply to a message that no longer exists, sending nothing", async () => {
    const missing = "5b1e4c3a-0000-4000-8000-00000000abcd";
    await expect(sendReply(actor, missing, "Hello")).rejects.toBeInstanceOf(UserFacingError);
    await expect(recordReply(actor, missing, "email")).rejects.toBeInstanceOf(UserFacingError);
    expect(await database().db.select().from(outgoingEmails)).toEqual([]);
  });
});

describe("finding a message by its reference", () => {
  it("a search for 'LTA-0001234', 'lta 1234' or '1234' finds the message with that reference", async () => {
    const [wanted, other] = await insertMessages([
      { fullName: "Wanted Sender" },
      { fullName: "Other Sender" },
    ]);
    if (!wanted || !other) throw new Error("not inserted");
    for (const q of [
      formatReference(wanted.reference),
      `lta ${wanted.reference}`,
      String(wanted.reference),
    ])
      expect(await namesOf({ q })).toEqual(["Wanted Sender"]);
    // A reference no message has finds nothing; text still matches as before.
    expect(await namesOf({ q: "LTA-2147483647" })).toEqual([]);
    expect(await namesOf({ q: "Other Sender" })).toEqual(["Other Sender"]);
  });
});
