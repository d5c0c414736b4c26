import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Admin, messageEvents, messages, outgoingEmails, rateLimits } from "~/db/schema";
import { listMessages } from "~/features/messages/inbox/inbox.server";
import { sendReply } from "~/features/messages/inbox/replies.server";
import { defaultInboxQuery } from "~/features/messages/list-url";
import { replyClockFigures } from "~/features/messages/reply-clock.server";
import * as messagesRoute from "~/routes/admin/messages";
import { stopJobs } from "../../server/jobs.server";
import { getRequest, outcomeOf, signedInAdmin } from "../support/admin-session";
import { findMessage, insertMessage } from "../support/inbox-fixtures";
import { setupMailDelivery } from "../support/mail-delivery";
import { emailsSettled } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";
import { inquiryMessage, storeAsVisitor } from "../support/visitor-messages";

const database = setupTestDatabase();
const delivery = setupMailDelivery({
  name: "reply-delivery",
  env: { NOTIFY_EMAILS: "" },
  tables: [outgoingEmails, messages, rateLimits],
});
const refusal = { code: 550, text: "5.1.1 Mailbox unavailable" };

let actor: Admin;
/** A plain admin's session: what a failure says is shown to every admin, not only super admins. */
let adminCookie: string;

beforeAll(async () => {
  ({ admin: actor, cookie: adminCookie } = await signedInAdmin({
    role: "admin",
    name: "Ade Actor",
  }));
});

/** A time on the database's clock, so the queries' now() and the rows agree. */
const ago = (interval: string) => sql`now() - ${interval}::interval` as unknown as Date;

type LoaderData = Awaited<ReturnType<typeof messagesRoute.loader>>;
async function openAsAdmin(id: string): Promise<LoaderData> {
  const outcome = await outcomeOf(() =>
    messagesRoute.loader(
      routeArgs(getRequest(`/admin-portal/messages?id=${id}`, { cookie: adminCookie })),
    ),
  );
  if (outcome.kind !== "value") throw new Error(`Expected loader data, got ${outcome.kind}`);
  return outcome.data as LoaderData;
}

/** When the history recorded the e-mail. */
async function eventTimeOf(emailId: string | undefined) {
  const [event] = await database()
    .db.select({ at: messageEvents.createdAt })
    .from(messageEvents)
    .where(eq(messageEvents.emailId, emailId ?? ""));
  return event?.at;
}

const overdueNames = async () =>
  (await listMessages({ ...defaultInboxQuery, tab: "overdue" }, actor)).messages.map(
    (row) => row.fullName,
  );

describe("an e-mail reply", () => {
  it("counts once the mail server accepts it: until then the message says it is sending", async () => {
    const message = await insertMessage({
      fullName: "Late Visitor",
      status: "read",
      createdAt: ago("30 hours"),
    });
    // No worker runs for a moment: the reply waits in the queue.
    await stopJobs({ graceful: false });
    try {
      await sendReply(actor, message.id, "Sorry for the wait: the fee is ₦150,000.");
      // Queued, not delivered: still waiting, on the clock, and the message says so.
      expect(await findMessage(message.id)).toMatchObject({ status: "read", repliedAt: null });
      expect(await overdueNames()).toEqual(["Late Visitor"]);
      expect((await openAsAdmin(message.id)).delivery).toEqual({ sending: 1, failed: [] });
    } finally {
      await delivery.startWorkers();
    }
    const [email] = await emailsSettled();
    expect(email?.status).toBe("sent");
    const stored = await findMessage(message.id);
    expect(stored.status).toBe("replied");
    expect(stored.repliedAt).toEqual(email?.sentAt);
    expect(await overdueNames()).toEqual([]);
    expect((await openAsAdmin(message.id)).delivery).toEqual({ sending: 0, failed: [] });
    // The status change is recorded as the replying admin's, after the reply itself.
    const events = await database()
      .db.select()
      .from(messageEvents)
      .where(eq(messageEvents.messageId, message.id))
      .orderBy(asc(messageEvents.createdAt));
    expect(events.map((event) => [event.kind, event.actorId, event.detail])).toEqual([
      ["reply-sent", actor.id, null],
      ["status", actor.id, { from: "read", to: "replied" }],
    ]);
    // A later reply, delivered too, keeps the first one's stamp.
    await sendReply(actor, message.id, "One more thing.");
    expect(await emailsSettled()).toMatchObject([{ status: "sent" }, { status: "sent" }]);
    expect(await findMessage(message.id)).toMatchObject({
      status: "replied",
      repliedAt: email?.sentAt,
    });
  });

  it("refused for good (550) leaves the message waiting, on the clock, and says so to any admin", async () => {
    const message = await insertMessage({
      fullName: "Late Visitor",
      status: "read",
      createdAt: ago("30 hours"),
    });
    delivery.smtp.answerWith(() => refusal);
    await sendReply(actor, message.id, "Sorry for the wait.");
    const [email] = await emailsSettled();
    expect(email?.status).toBe("failed");

    expect(await findMessage(message.id)).toMatchObject({ status: "read", repliedAt: null });
    expect(await overdueNames()).toEqual(["Late Visitor"]);
    expect(await replyClockFigures()).toMatchObject({
      overdue: 1,
      judged: 1,
      answeredInTimeShare: 0,
    });
    const data = await openAsAdmin(message.id);
    expect(data.delivery).toEqual({
      sending: 0,
      failed: [
        {
          kind: "reply",
          at: await eventTimeOf(email?.id),
          error: expect.stringContaining("5.1.1 Mailbox unavailable"),
        },
      ],
    });
  });
});

describe("an acknowledgement", () => {
  it("refused for good (550) says so on the message to any admin", async () => {
    delivery.smtp.answerWith(() => refusal);
    const { id } = await storeAsVisitor({ ...inquiryMessage, email: "typo@exmaple.ng" });
    const [email] = await emailsSettled();
    expect(email).toMatchObject({ kind: "acknowledgement", status: "failed" });
    expect((await openAsAdmin(id)).delivery).toEqual({
      sending: 0,
      failed: [
        {
          kind: "acknowledgement",
          at: await eventTimeOf(email?.id),
          error: expect.stringContaining("5.1.1 Mailbox unavailable"),
        },
      ],
    });
  });
});
