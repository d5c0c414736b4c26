import { and, eq, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Admin, messageEvents, messages, outgoingEmails } from "~/db/schema";
import { storeVisitorMessage } from "~/features/messages/intake/submit.server";
import { formatReference } from "~/features/messages/reference";
import { replyReminderJob, sendReplyReminder } from "~/features/messages/reply-reminders.server";
import { REMINDER_AFTER_HOURS } from "~/features/reply-clock/reply-clock";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { makeAdmin, uniqueAddress } from "../support/admin-session";
import { eventually, findMessage } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";
import { contactMessage, storeAsVisitor } from "../support/visitor-messages";

const database = setupTestDatabase();
const STAFF = ["alerts@academy.test", "desk@academy.test"];
const HOUR_MS = 60 * 60 * 1000;

function useEnvironment(overrides: Record<string, string> = {}) {
  setEnvForTesting(
    loadEnv({
      ...process.env,
      DATABASE_URL: "",
      PUBLIC_URL: "https://academy.example.ng",
      NOTIFY_EMAILS: STAFF.join(","),
      ...overrides,
    }),
  );
}

beforeEach(async () => {
  useEnvironment();
  await database().db.delete(outgoingEmails);
  await database().db.delete(messages);
});

/** Stores a contact message as the public form does, `hoursAgo` hours in the past. */
async function store(hoursAgo = 0) {
  const createdAt = new Date(Date.now() - hoursAgo * HOUR_MS);
  return (await storeAsVisitor({ ...contactMessage, createdAt })).id;
}

const reminders = () =>
  database().db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, "reminder"));

const reminderEvents = (messageId: string) =>
  database()
    .db.select()
    .from(messageEvents)
    .where(and(eq(messageEvents.messageId, messageId), eq(messageEvents.kind, "reminder-sent")));

type JobRow = { state: string; start_after: Date | string; singleton_key: string; data: unknown };

async function reminderJobs(messageId: string): Promise<JobRow[]> {
  const result = await database().executeSql(
    "SELECT state, start_after, singleton_key, data FROM pgboss.job WHERE name = $1 AND data->>'id' = $2",
    [replyReminderJob.name, messageId],
  );
  return result.rows as JobRow[];
}

async function reminderJobCount() {
  const result = await database().executeSql(
    "SELECT count(*)::int AS total FROM pgboss.job WHERE name = $1",
    [replyReminderJob.name],
  );
  return (result.rows[0] as { total: number }).total;
}

describe("a stored message's reminder", () => {
  it("is scheduled with the message, 20 hours after it arrived, keyed by its id and clock start", async () => {
    const id = await store();
    const message = await findMessage(id);
    const [job, ...more] = await reminderJobs(id);
    expect(more).toEqual([]);
    expect(job).toMatchObject({
      state: "created",
      singleton_key: `${id}:${message.waitingSince.getTime()}`,
      data: { id },
    });
    expect(new Date(job?.start_after ?? 0).getTime()).toBe(
      message.createdAt.getTime() + REMINDER_AFTER_HOURS * HOUR_MS,
    );
  });

  it("is not scheduled for a bot that filled the honeypot", async () => {
    const before = await reminderJobCount();
    await storeVisitorMessage({ ...contactMessage, ipAddress: uniqueAddress() }, "bot");
    expect(await reminderJobCount()).toBe(before);
  });
});

describe("two workers on one database", () => {
  const bosses: PgBoss[] = [];

  afterEach(async () => {
    for (const boss of bosses.splice(0))
      await boss.stop({ graceful: false, close: false, wait: true });
  });

  /** A second app process, in effect: its own pg-boss working on the reminder queue. */
  async function startWorker(handled: string[]) {
    const boss = new PgBoss({
      db: { executeSql: database().executeSql },
      migrate: false,
      supervise: false,
      schedule: false,
    });
    bosses.push(boss);
    await boss.start();
    await boss.work<{ id: string }>(
      replyReminderJob.name,
      { pollingIntervalSeconds: 0.5, batchSize: 2 },
      async (jobs) => {
        for (const job of jobs) {
          handled.push(job.data.id);
          await replyReminderJob.work(job.data, new AbortController().signal);
        }
      },
    );
  }

  it("send each due reminder once, and none before it is due", async () => {
    const due = [await store(21), await store(21), await store(20.5)];
    const fresh = await store(1);
    const first: string[] = [];
    const second: string[] = [];
    await Promise.all([startWorker(first), startWorker(second)]);
    await eventually(
      async () => {
        const states = await Promise.all(due.map(async (id) => (await reminderJobs(id))[0]?.state));
        return states.every((state) => state === "completed") ? true : undefined;
      },
      { timeoutMs: 20_000 },
    );
    // pg-boss gave each job to one of the workers.
    expect([...first, ...second].sort()).toEqual([...due].sort());

    const emails = await reminders();
    expect(emails).toHaveLength(3);
    for (const id of due) {
      const mine = emails.filter((email) => email.messageId === id);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.recipients).toEqual(STAFF);
      expect(await reminderEvents(id)).toEqual([
        expect.objectContaining({ emailId: mine[0]?.id, actorId: null }),
      ]);
      expect((await findMessage(id)).remindedAt).toBeInstanceOf(Date);
    }
    expect((await reminderJobs(fresh))[0]?.state).toBe("created");
    expect((await findMessage(fresh)).remindedAt).toBeNull();
  });
});

describe("a due reminder", () => {
  it("run twice at once (a repeated job) sends one e-mail", async () => {
    const id = await store(21);
    await Promise.all([sendReplyReminder({ id }), sendReplyReminder({ id })]);
    await sendReplyReminder({ id });
    const emails = await reminders();
    expect(emails).toHaveLength(1);
    expect(await reminderEvents(id)).toHaveLength(1);
    const message = await findMessage(id);
    expect(emails[0]).toMatchObject({
      kind: "reminder",
      messageId: id,
      subject: `Reminder: Chiamaka Eze's message [${formatReference(message.reference)}]: 2 h left`,
    });
    expect(emails[0]?.body.split("\n")[0]).toBe(
      `Reminder: Chiamaka Eze's message [${formatReference(message.reference)}] has no reply yet: waiting 21 h · 2 h left. The visitor was promised a reply within 24 hours.`,
    );
    expect(emails[0]?.body).toContain(`https://academy.example.ng/admin-portal/messages?id=${id}`);
  });

  it("goes to the assignee while they are active, else to NOTIFY_EMAILS", async () => {
    const assignee: Admin = await makeAdmin({ name: "Ngozi Eze" });
    const inactive: Admin = await makeAdmin({ name: "Ina Inactive", isActive: false });
    const toAssignee = await store(21);
    const toInactive = await store(21);
    await database()
      .db.update(messages)
      .set({ assignedTo: assignee.id })
      .where(eq(messages.id, toAssignee));
    await database()
      .db.update(messages)
      .set({ assignedTo: inactive.id })
      .where(eq(messages.id, toInactive));
    await sendReplyReminder({ id: toAssignee });
    await sendReplyReminder({ id: toInactive });
    const emails = await reminders();
    expect(emails.find((email) => email.messageId === toAssignee)?.recipients).toEqual([
      assignee.email,
    ]);
    expect(emails.find((email) => email.messageId === toInactive)?.recipients).toEqual(STAFF);
  });

  it.each([
    ["replied to", { status: "replied" as const, repliedAt: sql`now()` }],
    ["archived", { status: "archived" as const }],
  ])("sends nothing for a message %s before the 20 hours", async (_, change) => {
    const id = await store(21);
    await database().db.update(messages).set(change).where(eq(messages.id, id));
    await sendReplyReminder({ id });
    expect(await reminders()).toEqual([]);
    expect(await reminderEvents(id)).toEqual([]);
    expect((await findMessage(id)).remindedAt).toBeNull();
  });

  it("sends nothing for a deleted message", async () => {
    const id = await store(21);
    await database().db.delete(messages).where(eq(messages.id, id));
    await sendReplyReminder({ id });
    expect(await reminders()).toEqual([]);
  });

  it("without an assignee or NOTIFY_EMAILS, is stamped and sends nothing", async () => {
    useEnvironment({ NOTIFY_EMAILS: "" });
    const id = await store(21);
    await sendReplyReminder({ id });
    expect(await reminders()).toEqual([]);
    expect(await reminderEvents(id)).toEqual([]);
    expect((await findMessage(id)).remindedAt).toBeInstanceOf(Date);
  });
});
