import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, courses, inboundEmails, messages } from "~/db/schema";
import { buildDemoMessages } from "~/features/demo/demo-messages";
import { seedDemoConversations } from "~/features/demo/seed-conversations.server";
import { seedDemoMessages } from "~/features/demo/seed-messages.server";
import { listMessages, messageStats } from "~/features/messages/inbox/inbox.server";
import { contactSchema, inquirySchema } from "~/features/messages/intake/schema";
import { parseInboxQuery } from "~/features/messages/list-url";
import { startOfLagosDay } from "~/lib/format/dates";
import { makeAdmin } from "../support/admin-session";
import { actualTotals, counterTotals, insertMessage } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

// 10:30 in Lagos on 11 March 2026.
const NOW = new Date("2026-03-11T09:30:00Z");

const database = setupTestDatabase();
let demoAdmin: Admin;

beforeAll(async () => {
  demoAdmin = await makeAdmin({ name: "Demo Super Admin", role: "super_admin" });
  await database()
    .db.insert(courses)
    .values([
      { slug: "ui-ux", title: "UI/UX Design Fundamentals", description: "Design", isActive: true },
      { slug: "hidden", title: "Retired Course", description: "Old", isActive: false },
    ]);
});

beforeEach(async () => {
  await database().db.delete(messages);
});

describe("demo messages", () => {
  it("are what the public forms accept", () => {
    for (const demo of buildDemoMessages(() => "UI/UX Design Fundamentals")) {
      const schema = demo.form === "inquiry" ? inquirySchema : contactSchema;
      const parsed = schema.safeParse({ ...demo.input, website: "" });
      expect(parsed.error?.issues ?? [], JSON.stringify(demo.input)).toEqual([]);
    }
  });

  it("fill an empty inbox with every status, in the past, stamped as staff would have", async () => {
    const added = await seedDemoMessages(database().db, { demoAdminId: demoAdmin.id, now: NOW });
    const rows = await database().db.select().from(messages);
    expect(rows).toHaveLength(added);
    expect(added).toBeGreaterThanOrEqual(10);

    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(["unread", "read", "replied", "archived"]),
    );
    expect(new Set(rows.map((row) => row.formType))).toEqual(new Set(["contact", "inquiry"]));
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(row.readAt === null).toBe(row.status === "unread");
      expect(row.repliedAt === null).toBe(row.status !== "replied");
      expect(row.readBy).toBe(row.status === "unread" ? null : demoAdmin.id);
      if (row.readAt) expect(row.readAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
      if (row.courseInterest) expect(row.courseInterest).toBe("UI/UX Design Fundamentals");
    }
    // "Assigned to Me" shows something to the demo admin, and "today" (in Lagos) is not empty.
    expect(rows.filter((row) => row.assignedTo === demoAdmin.id).length).toBeGreaterThan(0);
    const todayStart = startOfLagosDay(NOW).getTime();
    expect(rows.filter((row) => row.createdAt.getTime() >= todayStart).length).toBeGreaterThan(0);

    // The inbox's counters (kept by triggers) agree with the rows.
    expect(await counterTotals()).toEqual(await actualTotals());
    const stats = await messageStats(NOW);
    expect(stats.total).toBe(added);
    expect(stats.unread).toBe(rows.filter((row) => row.status === "unread").length);
  });

  it("never arrive in the future, even just after Lagos midnight", async () => {
    const justAfterMidnight = new Date("2026-03-10T23:05:00Z"); // 00:05 on 11 March in Lagos
    await seedDemoMessages(database().db, { demoAdminId: demoAdmin.id, now: justAfterMidnight });
    const rows = await database().db.select().from(messages);
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThan(justAfterMidnight.getTime());
      for (const stamp of [row.readAt, row.repliedAt, row.updatedAt]) {
        if (stamp) expect(stamp.getTime()).toBeLessThanOrEqual(justAfterMidnight.getTime());
      }
    }
  });

  it("leave an inbox that already has a message alone", async () => {
    const visitor = await insertMessage({ fullName: "Real Visitor" });
    expect(await seedDemoMessages(database().db, { demoAdminId: demoAdmin.id, now: NOW })).toBe(0);
    const rows = await database().db.select().from(messages);
    expect(rows.map((row) => row.id)).toEqual([visitor.id]);
  });

  it("appear in the inbox, newest first, and under the demo admin's 'Assigned to Me'", async () => {
    await seedDemoMessages(database().db, { demoAdminId: demoAdmin.id, now: NOW });
    const all = await listMessages(parseInboxQuery(new URLSearchParams()), demoAdmin);
    const times = all.messages.map((row) => new Date(row.createdAt).getTime());
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const mine = await listMessages(
      parseInboxQuery(new URLSearchParams("tab=assigned")),
      demoAdmin,
    );
    const assigned = await database()
      .db.select({ id: messages.id })
      .from(messages)
      .where(eq(messages.assignedTo, demoAdmin.id));
    expect(mine.messages.map((row) => row.id).sort()).toEqual(assigned.map((row) => row.id).sort());
  });
});

describe("demo conversations", () => {
  it("answer a replied demo message by e-mail and start a new e-mail conversation", async () => {
    await seedDemoMessages(database().db, { demoAdminId: demoAdmin.id, now: NOW });
    const [firstReplied] = (await database().db.select().from(messages))
      .filter((row) => row.status === "replied")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(await seedDemoConversations(database().db, {})).toBe(2);

    const [reopened] = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.id, firstReplied?.id ?? ""));
    expect(reopened?.status).toBe("unread");
    const answers = await database()
      .db.select()
      .from(inboundEmails)
      .where(eq(inboundEmails.messageId, firstReplied?.id ?? ""));
    expect(answers.map((mail) => [mail.kind, mail.restartedClock])).toEqual([["visitor", true]]);
    expect(answers[0]?.newText).not.toContain("> ");

    const [started] = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.email, "yetunde.adebayo@example.com"));
    expect(started).toMatchObject({ formType: "email", status: "unread" });
    expect(started?.message).toContain("data analysis training");
    expect(started?.message).not.toMatch(/<[a-z]/);
  });
});
