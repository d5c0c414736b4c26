import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabase } from "~/db/client.server";
import {
  type Admin,
  type Message,
  messageStatusCounts,
  messages,
  type NewMessage,
} from "~/db/schema";
import {
  assignMessage,
  bulkUpdateMessages,
  deleteMessage,
  getMessage,
  inboxPulse,
  listMessages,
  markOpened,
  messageStats,
  messagesForExport,
  updateMessageNotes,
  updateMessagePriority,
  updateMessageStatus,
} from "~/features/messages/inbox/inbox.server";
import { INBOX_PAGE_SIZE, type InboxQuery, inboxMessages } from "~/features/messages/list-url";
import { UserFacingError } from "~/lib/errors";
import { makeAdmin } from "../support/admin-session";
import {
  actualTotals,
  counterTotals,
  findMessage,
  INBOX_DEFAULTS,
  insertMessage,
  insertMessages,
  preciseTimestamp,
} from "../support/inbox-fixtures";
import { rejection } from "../support/rejection";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
let actor: Admin;
let colleague: Admin;
let inactive: Admin;

beforeAll(async () => {
  actor = await makeAdmin({ name: "Ade Actor" });
  colleague = await makeAdmin({ name: "Bisi Colleague", role: "super_admin" });
  inactive = await makeAdmin({ name: "Ina Inactive", isActive: false });
});

beforeEach(async () => {
  await database().db.delete(messages);
});

const query = (overrides: Partial<InboxQuery> = {}): InboxQuery => ({
  ...INBOX_DEFAULTS,
  ...overrides,
});

const BASE = Date.parse("2026-03-10T08:00:00.000Z");
/** The n-th minute after a fixed morning. */
const minute = (n: number) => new Date(BASE + n * 60_000);

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
const list = (overrides: Partial<InboxQuery> = {}, who: Pick<Admin, "id"> = actor) =>
  listMessages(query(overrides), who);
const listIds = async (overrides: Partial<InboxQuery> = {}, who: Pick<Admin, "id"> = actor) =>
  idsOf((await list(overrides, who)).messages);

/** Rows with created_at one minute apart, in insertion order (the last is the newest). */
async function timeline(count: number, row: (index: number) => Partial<NewMessage> = () => ({})) {
  return insertMessages(
    Array.from({ length: count }, (_, index) => ({ createdAt: minute(index), ...row(index) })),
  );
}

const newestFirstIds = (rows: Message[]) =>
  [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);

async function expectCountersExact() {
  expect(await counterTotals()).toEqual(await actualTotals());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("listMessages: order and pages", () => {
  it("lists newest first, 20 a page, with the page block (page, limit, total, totalPages)", async () => {
    const rows = await timeline(45);
    const expected = newestFirstIds(rows);
    const first = await list();
    expect(first.pagination).toEqual({
      page: 1,
      limit: INBOX_PAGE_SIZE,
      total: 45,
      totalPages: 3,
      capped: false,
    });
    expect(idsOf(first.messages)).toEqual(expected.slice(0, 20));
    expect(await listIds({ page: 2 })).toEqual(expected.slice(20, 40));
    const last = await list({ page: 3 });
    expect(idsOf(last.messages)).toEqual(expected.slice(40));
    expect(last.pagination.page).toBe(3);
  });

  it("sorts oldest first with sort=oldest", async () => {
    const rows = await timeline(25);
    const expected = newestFirstIds(rows).reverse();
    expect(await listIds({ sort: "oldest" })).toEqual(expected.slice(0, 20));
    expect(await listIds({ sort: "oldest", page: 2 })).toEqual(expected.slice(20));
  });

  it("clamps a page past the end to the last page (unfiltered and filtered lists)", async () => {
    const rows = await timeline(45, (index) => ({ formType: index % 3 ? "contact" : "inquiry" }));
    const unfiltered = await list({ page: 9 });
    expect(unfiltered.pagination).toMatchObject({ page: 3, totalPages: 3, total: 45 });
    expect(idsOf(unfiltered.messages)).toEqual(newestFirstIds(rows).slice(40));

    const contacts = rows.filter((row) => row.formType === "contact");
    expect(contacts).toHaveLength(30);
    const filtered = await list({ formType: "contact", page: 7 });
    expect(filtered.pagination).toEqual({
      page: 2,
      limit: 20,
      total: 30,
      totalPages: 2,
      capped: false,
    });
    expect(idsOf(filtered.messages)).toEqual(newestFirstIds(contacts).slice(20));
    expect(await listIds({ formType: "contact", page: 2, sort: "oldest" })).toEqual(
      newestFirstIds(contacts).reverse().slice(20),
    );
  });

  it("gives an empty first page (one page, total 0) when nothing matches", async () => {
    expect(await list()).toEqual({
      messages: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 1, capped: false },
    });
    await timeline(3);
    expect(await list({ q: "nothing like this", page: 4 })).toEqual({
      messages: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 1, capped: false },
    });
  });

  it("breaks ties of created_at by id, the same way in filtered and unfiltered lists", async () => {
    const at = minute(5);
    const rows = await insertMessages(
      Array.from({ length: 6 }, (_, index) => ({
        createdAt: at,
        formType: "inquiry" as const,
        subject: `t${index}`,
      })),
    );
    const expected = [...idsOf(rows)].sort().reverse();
    expect(await listIds()).toEqual(expected);
    expect(await listIds({ formType: "inquiry" })).toEqual(expected);
    expect(await listIds({ sort: "oldest" })).toEqual([...expected].reverse());
    expect(await listIds({ tab: "inquiry", sort: "oldest" })).toEqual([...expected].reverse());
  });

  it("orders messages received within the same millisecond by their full timestamp", async () => {
    // Two messages 300 µs apart in the same millisecond; the older one has the larger id.
    const older = "ffffffff-ffff-4fff-bfff-ffffffffffff";
    const newer = "00000000-0000-4000-8000-000000000000";
    await insertMessages([
      {
        id: older,
        formType: "contact",
        createdAt: preciseTimestamp("2026-03-10T10:00:00.123100Z"),
      },
      {
        id: newer,
        formType: "contact",
        createdAt: preciseTimestamp("2026-03-10T10:00:00.123400Z"),
      },
    ]);
    // The unfiltered list is ordered by the database, so it is right:
    expect(await listIds()).toEqual([newer, older]);
    // A filtered list must agree with it.
    expect(await listIds({ formType: "contact" })).toEqual([newer, older]);
    expect(await listIds({ formType: "contact", sort: "oldest" })).toEqual([older, newer]);
  });

  it("returns list items with a 140-character preview and the assignee's name", async () => {
    const long = `${"Lorem ipsum ".repeat(20)}END`;
    const row = await insertMessage({
      formType: "inquiry",
      fullName: "Tunde Bakare",
      message: long,
      inquiryType: "Course Information",
      courseInterest: "UI/UX Design",
      assignedTo: colleague.id,
      priority: "high",
    });
    const [item] = (await list()).messages;
    expect(item).toMatchObject({
      id: row.id,
      formType: "inquiry",
      fullName: "Tunde Bakare",
      inquiryType: "Course Information",
      courseInterest: "UI/UX Design",
      preview: long.slice(0, 140),
      status: "unread",
      priority: "high",
      assignedTo: colleague.id,
      assignedName: "Bisi Colleague",
    });
    expect(item?.createdAt).toBeInstanceOf(Date);
  });
});

describe("listMessages: tabs and filters", () => {
  type Fixture = Record<string, Message>;
  let m: Fixture;

  beforeEach(async () => {
    const specs: Record<string, Partial<NewMessage>> = {
      contactUnread: { formType: "contact", status: "unread", priority: "normal" },
      contactRead: { formType: "contact", status: "read", priority: "high", assignedTo: actor.id },
      contactReplied: { formType: "contact", status: "replied", priority: "low" },
      contactArchived: {
        formType: "contact",
        status: "archived",
        priority: "urgent",
        assignedTo: colleague.id,
      },
      inquiryUnreadHigh: {
        formType: "inquiry",
        status: "unread",
        priority: "high",
        assignedTo: actor.id,
      },
      inquiryUnreadNormal: { formType: "inquiry", status: "unread", priority: "normal" },
      inquiryRead: {
        formType: "inquiry",
        status: "read",
        priority: "urgent",
        assignedTo: colleague.id,
      },
      inquiryReplied: {
        formType: "inquiry",
        status: "replied",
        priority: "high",
        assignedTo: actor.id,
      },
    };
    const names = Object.keys(specs);
    const rows = await insertMessages(
      names.map((name, index) => ({ ...specs[name], createdAt: minute(index) })),
    );
    m = Object.fromEntries(names.map((name, index) => [name, rows[index] as Message]));
  });

  /** The names of the fixture rows a list shows, newest first. */
  async function namesFor(overrides: Partial<InboxQuery>, who: Pick<Admin, "id"> = actor) {
    const byId = new Map(Object.entries(m).map(([name, row]) => [row.id, name]));
    const result = await list(overrides, who);
    expect(result.pagination.total).toBe(result.messages.length);
    return result.messages.map((row) => byId.get(row.id));
  }

  it("shows everything on the 'all' tab, newest first", async () => {
    expect(await namesFor({})).toEqual(Object.keys(m).reverse());
  });

  it.each([
    ["unread", ["inquiryUnreadNormal", "inquiryUnreadHigh", "contactUnread"]],
    ["inquiry", ["inquiryReplied", "inquiryRead", "inquiryUnreadNormal", "inquiryUnreadHigh"]],
    ["contact", ["contactArchived", "contactReplied", "contactRead", "contactUnread"]],
    ["assigned", ["inquiryReplied", "inquiryUnreadHigh", "contactRead"]],
  ] as const)("the %s tab", async (tab, expected) => {
    expect(await namesFor({ tab })).toEqual(expected);
  });

  it("'Assigned to Me' shows the signed-in admin's messages, whoever that is", async () => {
    expect(await namesFor({ tab: "assigned" }, colleague)).toEqual([
      "inquiryRead",
      "contactArchived",
    ]);
    expect(await namesFor({ tab: "assigned" }, inactive)).toEqual([]);
  });

  it.each([
    [
      { formType: "inquiry" },
      ["inquiryReplied", "inquiryRead", "inquiryUnreadNormal", "inquiryUnreadHigh"],
    ],
    [{ status: "read" }, ["inquiryRead", "contactRead"]],
    [{ status: "archived" }, ["contactArchived"]],
    [{ status: "replied" }, ["inquiryReplied", "contactReplied"]],
    [{ priority: "high" }, ["inquiryReplied", "inquiryUnreadHigh", "contactRead"]],
    [{ priority: "urgent" }, ["inquiryRead", "contactArchived"]],
    [{ priority: "low" }, ["contactReplied"]],
  ] as const)("filters by %j", async (filter, expected) => {
    expect(await namesFor(filter)).toEqual(expected);
  });

  it.each([
    [{ formType: "inquiry", status: "unread", priority: "high" }, ["inquiryUnreadHigh"]],
    [{ tab: "unread", formType: "inquiry" }, ["inquiryUnreadNormal", "inquiryUnreadHigh"]],
    [{ tab: "unread", priority: "normal" }, ["inquiryUnreadNormal", "contactUnread"]],
    [{ tab: "assigned", priority: "high" }, ["inquiryReplied", "inquiryUnreadHigh", "contactRead"]],
    [{ tab: "assigned", formType: "contact" }, ["contactRead"]],
    [{ tab: "assigned", status: "replied" }, ["inquiryReplied"]],
    [{ tab: "inquiry", status: "read" }, ["inquiryRead"]],
    [
      { tab: "unread", status: "unread" },
      ["inquiryUnreadNormal", "inquiryUnreadHigh", "contactUnread"],
    ],
    [{ tab: "unread", status: "read" }, []],
    [{ tab: "inquiry", formType: "contact" }, []],
    [{ tab: "contact", formType: "contact", priority: "urgent" }, ["contactArchived"]],
  ] as const)("combines %j with AND", async (filter, expected) => {
    expect(await namesFor(filter)).toEqual(expected);
  });

  it("applies the sort to filtered lists too", async () => {
    expect(await namesFor({ tab: "unread", sort: "oldest" })).toEqual([
      "contactUnread",
      "inquiryUnreadHigh",
      "inquiryUnreadNormal",
    ]);
    expect(await namesFor({ status: "read", sort: "oldest" })).toEqual([
      "contactRead",
      "inquiryRead",
    ]);
  });
});

describe("listMessages: search", () => {
  it("finds a term in the name, e-mail, subject or message, ignoring case", async () => {
    const [byName, byEmail, bySubject, byMessage, none] = await timeline(
      5,
      (index) =>
        [
          { fullName: "Oluwaseun ZEBRA Adeyemi" },
          { email: "zebra.fan@mail.test" },
          { subject: "About the ZeBrA bootcamp" },
          { message: "Is the zebra course full-time?" },
          { fullName: "Nobody", message: "Something else", phone: "zebra", adminNotes: "zebra" },
        ][index] ?? {},
    );
    const expected = [byMessage, bySubject, byEmail, byName].map((row) => row?.id);
    expect(await listIds({ q: "zebra" })).toEqual(expected);
    expect(await listIds({ q: "ZEBRA" })).toEqual(expected);
    expect(await listIds({ q: "zEbRa" })).toEqual(expected);
    expect(await listIds({ q: "nobody" })).toEqual([none?.id]);
    expect((await list({ q: "zebra" })).pagination).toMatchObject({ total: 4, capped: false });
  });

  it("finds part of a word and an e-mail address", async () => {
    const [row] = await timeline(2, (index) =>
      index === 0 ? { fullName: "Chiamaka Eze", email: "chiamaka.eze@gmail.com" } : {},
    );
    expect(await listIds({ q: "AMAK" })).toEqual([row?.id]);
    expect(await listIds({ q: "eze@gmail" })).toEqual([row?.id]);
  });

  it("treats % and _ as literal characters", async () => {
    const [percent, plain, underscore, letter, backslash] = await timeline(
      5,
      (index) =>
        [
          { message: "Is there a 50% discount?" },
          { message: "Is there a 500 discount?" },
          { message: "my user_name is taken" },
          { message: "my userXname is taken" },
          { message: "saved in C:\\course\\notes" },
        ][index] ?? {},
    );
    expect(await listIds({ q: "50%" })).toEqual([percent?.id]);
    expect(await listIds({ q: "%" })).toEqual([percent?.id]);
    expect(await listIds({ q: "user_name" })).toEqual([underscore?.id]);
    expect(await listIds({ q: "_" })).toEqual([underscore?.id]);
    expect(await listIds({ q: "C:\\course" })).toEqual([backslash?.id]);
    expect(plain && letter).toBeTruthy();
  });

  it("ignores case in accented Nigerian names too", async () => {
    const [row] = await timeline(2, (index) =>
      index === 0 ? { fullName: "Adébáyọ̀ Ọláníyì" } : {},
    );
    expect(await listIds({ q: "adébáyọ̀" })).toEqual([row?.id]);
    expect(await listIds({ q: "ỌLÁNÍYÌ" })).toEqual([row?.id]);
  });

  it("combines search with tabs and filters", async () => {
    const rows = await timeline(6, (index) => ({
      formType: index % 2 ? "inquiry" : "contact",
      status: index < 3 ? "unread" : "read",
      message: index === 5 ? "unrelated" : "python class",
      assignedTo: index === 4 ? actor.id : null,
    }));
    const id = (index: number) => rows[index]?.id;
    expect(await listIds({ q: "PYTHON" })).toEqual([id(4), id(3), id(2), id(1), id(0)]);
    expect(await listIds({ q: "python", formType: "inquiry" })).toEqual([id(3), id(1)]);
    expect(await listIds({ q: "python", tab: "unread" })).toEqual([id(2), id(1), id(0)]);
    expect(await listIds({ q: "python", tab: "assigned" })).toEqual([id(4)]);
    expect(await listIds({ q: "python", status: "read", tab: "contact" })).toEqual([id(4)]);
  });
});

describe("listMessages: the count cap", () => {
  const many = (count: number, row: (index: number) => Partial<NewMessage>) =>
    insertMessages(
      Array.from({ length: count }, (_, index) => ({ createdAt: minute(index), ...row(index) })),
    );

  it("reports a capped total of 1,000 for a filtered list with more matches; the pages still work", async () => {
    const rows = await many(1100, (index) => ({
      formType: index % 11 === 0 ? "contact" : "inquiry",
      message: `needle ${index}`,
    }));
    const inquiries = rows.filter((row) => row.formType === "inquiry");
    expect(inquiries).toHaveLength(1000);
    // Exactly 1,000 matches: counted, not capped.
    const exact = await list({ formType: "inquiry" });
    expect(exact.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 1000,
      totalPages: 50,
      capped: false,
    });

    // 1,100 matches: capped.
    const capped = await list({ q: "needle" });
    expect(capped.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 1000,
      totalPages: 50,
      capped: true,
    });
    const expected = newestFirstIds(rows);
    expect(idsOf(capped.messages)).toEqual(expected.slice(0, 20));
    expect(await listIds({ q: "needle", page: 2 })).toEqual(expected.slice(20, 40));
    const clamped = await list({ q: "needle", page: 80 });
    expect(clamped.pagination).toMatchObject({ page: 50, total: 1000, capped: true });
    expect(idsOf(clamped.messages)).toEqual(expected.slice(980, 1000));
    expect(await listIds({ q: "NEEDLE", sort: "oldest" })).toEqual(
      [...expected].reverse().slice(0, 20),
    );
  });

  it("counts unfiltered and status-only lists exactly beyond the cap", async () => {
    await many(1100, (index) => ({ status: index < 1050 ? "unread" : "read" }));
    const all = await list({ page: 56 });
    expect(all.pagination).toEqual({
      page: 55,
      limit: 20,
      total: 1100,
      totalPages: 55,
      capped: false,
    });
    expect(all.messages).toHaveLength(20);
    expect((await list({ tab: "unread" })).pagination).toMatchObject({
      total: 1050,
      capped: false,
      totalPages: 53,
    });
    expect((await list({ status: "unread" })).pagination).toMatchObject({
      total: 1050,
      capped: false,
    });
    expect((await list({ status: "read" })).pagination).toMatchObject({ total: 50, capped: false });
    // A tab other than unread, or another filter, is no longer a status-only list: capped.
    expect((await list({ tab: "contact" })).pagination).toMatchObject({
      total: 1000,
      capped: true,
    });
    expect((await list({ status: "unread", priority: "normal" })).pagination).toMatchObject({
      total: 1000,
      capped: true,
    });
  });
});

describe("messageStats", () => {
  it("counts each status from the counters and sums them", async () => {
    const statuses = ["unread", "unread", "unread", "read", "read", "replied", "archived"] as const;
    await insertMessages(statuses.map((status) => ({ status, createdAt: minute(0) })));
    expect(await messageStats(minute(60))).toEqual({
      total: 7,
      unread: 3,
      read: 2,
      replied: 1,
      archived: 1,
      today: 7,
    });
  });

  it("counts today from midnight in Lagos, after 23:00 UTC", async () => {
    await insertMessages([
      { createdAt: new Date("2026-03-10T00:30:00.000Z") }, // 01:30 on the 10th in Lagos
      { createdAt: new Date("2026-03-10T22:59:59.999Z") }, // 23:59:59.999 on the 10th in Lagos
      { createdAt: new Date("2026-03-10T23:00:00.000Z") }, // midnight of the 11th in Lagos
      { createdAt: new Date("2026-03-10T23:29:00.000Z") },
    ]);
    const stats = await messageStats(new Date("2026-03-10T23:30:00.000Z"));
    expect(stats).toMatchObject({ total: 4, unread: 4, today: 2 });
  });

  it("counts today from midnight in Lagos, before midnight UTC", async () => {
    await insertMessages([
      { createdAt: new Date("2026-03-09T22:59:59.999Z") }, // still the 9th in Lagos
      { createdAt: new Date("2026-03-09T23:00:00.000Z") }, // midnight of the 10th in Lagos
      { createdAt: new Date("2026-03-09T23:30:00.000Z") }, // the 9th in UTC, the 10th in Lagos
      { createdAt: new Date("2026-03-10T22:00:00.000Z") },
    ]);
    expect((await messageStats(new Date("2026-03-10T22:30:00.000Z"))).today).toBe(3);
    expect((await messageStats(new Date("2026-03-09T23:00:00.000Z"))).today).toBe(3);
  });

  it("has today 0 on a day without messages, and counts every status in it", async () => {
    await insertMessages([
      { createdAt: new Date("2026-03-08T12:00:00.000Z") },
      { createdAt: new Date("2026-03-10T12:00:00.000Z"), status: "archived" },
      { createdAt: new Date("2026-03-10T13:00:00.000Z"), status: "replied" },
    ]);
    expect((await messageStats(new Date("2026-03-11T12:00:00.000Z"))).today).toBe(0);
    expect((await messageStats(new Date("2026-03-10T18:00:00.000Z"))).today).toBe(2);
  });
});

describe("opening and updating a message", () => {
  it("opening an unread message marks it read by this admin, with read_at", async () => {
    const row = await insertMessage({ createdAt: minute(0), updatedAt: minute(0) });
    const before = Date.now();
    await markOpened(actor, row.id);
    const after = Date.now();
    const opened = await findMessage(row.id);
    expect(opened.status).toBe("read");
    expect(opened.readBy).toBe(actor.id);
    expect(opened.readAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(opened.readAt?.getTime()).toBeLessThanOrEqual(after);
    expect(opened.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect((await getMessage(row.id))?.readerName).toBe("Ade Actor");
  });

  it("opening a message that is not unread changes nothing", async () => {
    const [read, replied, archived] = await insertMessages([
      { status: "read", readAt: minute(1), readBy: colleague.id, updatedAt: minute(1) },
      { status: "replied", repliedAt: minute(2), updatedAt: minute(2) },
      { status: "archived", updatedAt: minute(3) },
    ]);
    for (const row of [read, replied, archived] as Message[]) {
      await markOpened(actor, row.id);
      expect(await findMessage(row.id)).toEqual(row);
    }
    await expect(
      markOpened(actor, "5b1e4c3a-0000-4000-8000-000000000000"),
    ).resolves.toBeUndefined();
  });

  it("setting read stamps read_at, who read it and updated_at", async () => {
    const row = await insertMessage({ updatedAt: minute(0) });
    const before = Date.now();
    await updateMessageStatus(actor, row.id, "read");
    const updated = await findMessage(row.id);
    expect(updated).toMatchObject({ status: "read", readBy: actor.id, repliedAt: null });
    expect(updated.readAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(updated.readAt?.getTime() ?? 0);
  });

  /** A message the colleague read at minute 1, unchanged since. */
  const readByColleague = () =>
    insertMessage({
      status: "read",
      readAt: minute(1),
      readBy: colleague.id,
      updatedAt: minute(1),
    });

  it("setting read again keeps the first read_at and reader, but stamps updated_at", async () => {
    const row = await readByColleague();
    await updateMessageStatus(actor, row.id, "read");
    const updated = await findMessage(row.id);
    expect(updated.readAt).toEqual(minute(1));
    expect(updated.readBy).toBe(colleague.id);
    expect(updated.updatedAt.getTime()).toBeGreaterThan(minute(1).getTime());
  });

  it("setting replied stamps replied_at and updated_at, leaving read_at alone", async () => {
    const row = await readByColleague();
    const before = Date.now();
    await updateMessageStatus(actor, row.id, "replied");
    const updated = await findMessage(row.id);
    expect(updated.status).toBe("replied");
    expect(updated.repliedAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(updated.readAt).toEqual(minute(1));
    expect(updated.readBy).toBe(colleague.id);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(updated.repliedAt?.getTime() ?? 0);
  });

  it("setting archived or unread stamps only updated_at", async () => {
    const row = await readByColleague();
    const before = Date.now();
    await updateMessageStatus(actor, row.id, "archived");
    let updated = await findMessage(row.id);
    expect(updated).toMatchObject({
      status: "archived",
      readAt: minute(1),
      readBy: colleague.id,
      repliedAt: null,
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    await updateMessageStatus(actor, row.id, "unread");
    updated = await findMessage(row.id);
    expect(updated).toMatchObject({ status: "unread", repliedAt: null });
  });

  it("changes priority freely, stamping updated_at and nothing else", async () => {
    const row = await insertMessage({ updatedAt: minute(0) });
    for (const priority of ["urgent", "low", "high", "normal"] as const) {
      const before = Date.now();
      await updateMessagePriority(actor, row.id, priority);
      const updated = await findMessage(row.id);
      expect(updated.priority).toBe(priority);
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect({ ...updated, priority: row.priority, updatedAt: row.updatedAt }).toEqual(row);
    }
  });

  it("saves admin notes (empty notes clear them), stamping updated_at", async () => {
    const row = await insertMessage({ updatedAt: minute(0) });
    await updateMessageNotes(actor, row.id, "Called back on Monday; wants the weekend class.");
    let updated = await findMessage(row.id);
    expect(updated.adminNotes).toBe("Called back on Monday; wants the weekend class.");
    expect(updated.updatedAt.getTime()).toBeGreaterThan(minute(0).getTime());
    await updateMessageNotes(actor, row.id, "");
    updated = await findMessage(row.id);
    expect(updated.adminNotes).toBeNull();
  });

  it("every update of a message that no longer exists says so (404)", async () => {
    const missing = "5b1e4c3a-0000-4000-8000-000000000001";
    for (const run of [
      () => updateMessageStatus(actor, missing, "read"),
      () => updateMessagePriority(actor, missing, "high"),
      () => assignMessage(actor, missing, actor.id),
      () => updateMessageNotes(actor, missing, "x"),
      () => deleteMessage(missing),
    ]) {
      const error = await rejection(run());
      expect(error).toBeInstanceOf(UserFacingError);
      expect(error).toMatchObject({ message: inboxMessages.notFound, status: 404 });
    }
  });

  it("deletes a message", async () => {
    const [gone, kept] = await insertMessages([{}, {}]);
    await deleteMessage(gone?.id ?? "");
    const left = await database().db.select({ id: messages.id }).from(messages);
    expect(idsOf(left)).toEqual([kept?.id]);
    expect(await getMessage(gone?.id ?? "")).toBeNull();
  });

  it("getMessage returns the row with the assignee and the reader's name", async () => {
    const row = await insertMessage({
      assignedTo: colleague.id,
      readBy: actor.id,
      status: "read",
      readAt: minute(2),
    });
    expect(await getMessage(row.id)).toEqual({
      ...row,
      assignee: { id: colleague.id, name: colleague.name, email: colleague.email },
      readerName: actor.name,
    });
    const plain = await insertMessage();
    expect(await getMessage(plain.id)).toMatchObject({ assignee: null, readerName: null });
    expect(await getMessage("5b1e4c3a-0000-4000-8000-000000000002")).toBeNull();
  });
});

describe("assignment", () => {
  it("assigns to an active admin and unassigns with null, stamping updated_at", async () => {
    const row = await insertMessage({ updatedAt: minute(0) });
    await assignMessage(actor, row.id, colleague.id);
    let updated = await findMessage(row.id);
    expect(updated.assignedTo).toBe(colleague.id);
    expect(updated.updatedAt.getTime()).toBeGreaterThan(minute(0).getTime());
    expect((await getMessage(row.id))?.assignee).toEqual({
      id: colleague.id,
      name: colleague.name,
      email: colleague.email,
    });
    await assignMessage(actor, row.id, actor.id);
    expect((await findMessage(row.id)).assignedTo).toBe(actor.id);
    await assignMessage(actor, row.id, null);
    updated = await findMessage(row.id);
    expect(updated.assignedTo).toBeNull();
  });

  it.each([
    ["an inactive admin", () => inactive.id],
    ["an id that is no admin", () => "5b1e4c3a-0000-4000-8000-000000000003"],
  ])("refuses %s and changes nothing", async (_, target) => {
    const row = await insertMessage({ assignedTo: actor.id, updatedAt: minute(0) });
    const error = await rejection(assignMessage(actor, row.id, target()));
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({
      message: "Messages can only be assigned to an active admin.",
      status: 400,
    });
    expect(await findMessage(row.id)).toEqual(row);
  });
});

describe("bulkUpdateMessages", () => {
  it("marks the selected unread messages read; others keep their reader", async () => {
    const [a, b, c, d] = await insertMessages([
      { status: "unread" },
      { status: "unread" },
      { status: "read", readAt: minute(1), readBy: colleague.id },
      { status: "unread" },
    ]);
    const before = Date.now();
    const changed = await bulkUpdateMessages(actor, idsOf([a, b, c] as Message[]), "read");
    expect(changed).toBe(2);
    for (const row of [a, b] as Message[]) {
      const updated = await findMessage(row.id);
      expect(updated).toMatchObject({ status: "read", readBy: actor.id });
      expect(updated.readAt?.getTime()).toBeGreaterThanOrEqual(before);
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    }
    expect(await findMessage(c?.id ?? "")).toEqual(c);
    expect(await findMessage(d?.id ?? "")).toEqual(d);
    await expectCountersExact();
  });

  it("archives the selected messages whatever their status", async () => {
    const rows = await insertMessages([
      { status: "unread" },
      { status: "read" },
      { status: "replied" },
      {},
    ]);
    const selected = idsOf(rows.slice(0, 3));
    expect(await bulkUpdateMessages(actor, selected, "archive")).toBe(3);
    const after = await database().db.select().from(messages).where(inArray(messages.id, selected));
    expect(after.map((row) => row.status)).toEqual(["archived", "archived", "archived"]);
    expect((await findMessage(rows[3]?.id ?? "")).status).toBe("unread");
    await expectCountersExact();
  });

  it("assigns the selected messages to an active admin, or unassigns them", async () => {
    const rows = await insertMessages([{}, {}, { assignedTo: colleague.id }]);
    expect(await bulkUpdateMessages(actor, idsOf(rows.slice(0, 2)), "assign", colleague.id)).toBe(
      2,
    );
    expect((await listMessages(query({ tab: "assigned" }), colleague)).messages).toHaveLength(3);
    expect(await bulkUpdateMessages(actor, idsOf(rows), "assign", null)).toBe(3);
    expect((await listMessages(query({ tab: "assigned" }), colleague)).messages).toHaveLength(0);
  });

  it("refuses to assign to an inactive admin and changes nothing", async () => {
    const rows = await insertMessages([{}, {}]);
    const error = await rejection(bulkUpdateMessages(actor, idsOf(rows), "assign", inactive.id));
    expect(error).toMatchObject({ message: inboxMessages.inactiveAssignee });
    for (const row of rows) expect(await findMessage(row.id)).toEqual(row);
  });

  it("deletes the selected messages", async () => {
    const rows = await insertMessages([{ status: "read" }, {}, { status: "replied" }]);
    expect(await bulkUpdateMessages(actor, idsOf(rows.slice(1)), "delete")).toBe(2);
    expect(idsOf(await database().db.select({ id: messages.id }).from(messages))).toEqual([
      rows[0]?.id,
    ]);
    await expectCountersExact();
  });

  it("refuses an empty selection and counts ids that no longer exist as unchanged", async () => {
    const error = await rejection(bulkUpdateMessages(actor, [], "archive"));
    expect(error).toMatchObject({ message: "Select at least one message first.", status: 400 });
    const row = await insertMessage();
    expect(
      await bulkUpdateMessages(actor, [row.id, "5b1e4c3a-0000-4000-8000-000000000004"], "archive"),
    ).toBe(1);
    expect(
      await bulkUpdateMessages(actor, ["5b1e4c3a-0000-4000-8000-000000000004"], "delete"),
    ).toBe(0);
  });
});

describe("inboxPulse", () => {
  it("gives the unread count and the newest message", async () => {
    expect(await inboxPulse()).toEqual({ unread: 0, latestId: null, latestAnswerId: null });
    const [older, newer] = await insertMessages([
      { createdAt: minute(1) },
      { createdAt: minute(2), status: "read" },
    ]);
    expect(await inboxPulse()).toEqual({ unread: 1, latestId: newer?.id, latestAnswerId: null });
    await markOpened(actor, older?.id ?? "");
    expect(await inboxPulse()).toEqual({ unread: 0, latestId: newer?.id, latestAnswerId: null });
  });
});

describe("messagesForExport", () => {
  async function exported(
    overrides: Partial<InboxQuery>,
    batchSize: number,
    who: Pick<Admin, "id"> = actor,
  ) {
    const batches: { id: string; assignedName: string | null }[][] = [];
    for await (const batch of messagesForExport(query(overrides), who, batchSize)) {
      batches.push(batch.map(({ message, assignedName }) => ({ id: message.id, assignedName })));
    }
    return batches;
  }

  it("yields every message of the list, newest first, in batches of the given size", async () => {
    const rows = await timeline(8, (index) => ({ assignedTo: index === 7 ? colleague.id : null }));
    const batches = await exported({ page: 3 }, 3);
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 2]);
    expect(batches.flat().map((row) => row.id)).toEqual(newestFirstIds(rows));
    expect(batches[0]?.[0]?.assignedName).toBe("Bisi Colleague");
  });

  it("ends cleanly when the rows fill the last batch exactly, and yields nothing for no rows", async () => {
    expect(await exported({}, 3)).toEqual([]);
    const rows = await timeline(6);
    const batches = await exported({}, 3);
    expect(batches.map((batch) => batch.length)).toEqual([3, 3]);
    expect(batches.flat().map((row) => row.id)).toEqual(newestFirstIds(rows));
  });

  it("exports only the filtered list: tab, filters and search", async () => {
    const rows = await timeline(12, (index) => ({
      formType: index % 2 ? "inquiry" : "contact",
      priority: index % 3 ? "normal" : "urgent",
      message: index < 8 ? "web development" : "other",
      assignedTo: index % 4 === 0 ? actor.id : null,
    }));
    const match = (test: (row: Message) => boolean) => newestFirstIds(rows.filter(test));
    const flat = async (overrides: Partial<InboxQuery>) =>
      (await exported(overrides, 2)).flat().map((row) => row.id);
    expect(await flat({ tab: "inquiry" })).toEqual(match((row) => row.formType === "inquiry"));
    expect(await flat({ priority: "urgent", q: "WEB" })).toEqual(
      match((row) => row.priority === "urgent" && row.message === "web development"),
    );
    expect(await flat({ tab: "assigned" })).toEqual(match((row) => row.assignedTo === actor.id));
  });

  it("exports every message even when several share one created_at", async () => {
    // Messages stored by one statement share now(), with microseconds.
    const rows = await insertMessages(
      Array.from({ length: 7 }, (_, index) => ({
        subject: `same instant ${index}`,
        createdAt: preciseTimestamp("2026-03-10T10:00:00.123456Z"),
      })),
    );
    const ids = (await exported({}, 2)).flat().map((row) => row.id);
    expect(ids).toHaveLength(7);
    expect(new Set(ids)).toEqual(new Set(idsOf(rows)));
  });

  it("exports every message when several arrive within one millisecond", async () => {
    const rows = await insertMessages(
      [100, 200, 300, 400, 500].map((micros) => ({
        createdAt: preciseTimestamp(`2026-03-10T10:00:00.123${micros}Z`),
      })),
    );
    const ids = (await exported({}, 2)).flat().map((row) => row.id);
    expect(new Set(ids)).toEqual(new Set(idsOf(rows)));
  });
});

describe("the per-status counters", () => {
  it("equal the real counts after inserts, updates, bulk updates and deletes", async () => {
    await expectCountersExact();
    const rows = await insertMessages(
      Array.from({ length: 30 }, (_, index) => ({
        status: (["unread", "read", "replied", "archived"] as const)[index % 4],
      })),
    );
    await expectCountersExact();
    await insertMessage();
    await expectCountersExact();
    const id = (index: number) => rows[index]?.id ?? "";

    await updateMessageStatus(actor, id(0), "replied");
    await updateMessageStatus(actor, id(1), "read");
    await updateMessageStatus(actor, id(2), "unread");
    await markOpened(actor, id(4));
    await updateMessagePriority(actor, id(5), "urgent");
    await assignMessage(actor, id(6), colleague.id);
    await updateMessageNotes(actor, id(7), "note");
    await expectCountersExact();

    await bulkUpdateMessages(actor, idsOf(rows.slice(8, 16)), "read");
    await expectCountersExact();
    await bulkUpdateMessages(actor, idsOf(rows.slice(10, 20)), "archive");
    await expectCountersExact();
    await bulkUpdateMessages(actor, idsOf(rows.slice(0, 12)), "assign", actor.id);
    await expectCountersExact();
    await deleteMessage(id(25));
    await bulkUpdateMessages(actor, idsOf(rows.slice(18, 24)), "delete");
    await expectCountersExact();
    await database()
      .db.update(messages)
      .set({ status: "replied" })
      .where(eq(messages.formType, "contact"));
    await expectCountersExact();
    await database().db.delete(messages);
    expect(await counterTotals()).toEqual({ unread: 0, read: 0, replied: 0, archived: 0 });
  });

  it("stay exact under many concurrent inserts", async () => {
    const statuses = ["unread", "read", "replied", "archived"] as const;
    await Promise.all(
      Array.from({ length: 120 }, (_, index) =>
        index % 5 === 0
          ? insertMessages([{ status: statuses[index % 4] }, { status: "unread" }])
          : insertMessage({ status: statuses[index % 4] }),
      ),
    );
    await expectCountersExact();
    expect((await messageStats()).total).toBe(144);
  });

  it("stay exact when admins change statuses in opposite directions at once", async () => {
    const rows = await insertMessages(
      Array.from({ length: 80 }, (_, index) => ({ status: index % 2 ? "read" : "unread" })),
    );
    const results = await Promise.allSettled(
      rows.map((row, index) =>
        index % 3 === 0
          ? updateMessageStatus(
              index % 2 ? colleague : actor,
              row.id,
              row.status === "unread" ? "read" : "unread",
            )
          : index % 3 === 1
            ? updateMessageStatus(actor, row.id, row.status === "unread" ? "replied" : "archived")
            : markOpened(colleague, row.id),
      ),
    );
    const failures = results.filter((result) => result.status === "rejected");
    expect(
      failures.map((failure) =>
        String((failure as PromiseRejectedResult).reason?.cause ?? failure),
      ),
    ).toEqual([]);
    await expectCountersExact();
  });

  it("two status changes in opposite directions at once both succeed (no deadlock on the counters)", async () => {
    const [x, y] = await insertMessages([{ status: "unread" }, { status: "read" }]);
    if (!x || !y) throw new Error("The messages were not inserted");
    let settled: Promise<PromiseSettledResult<void>[]> | undefined;
    // Another statement briefly holds the 'unread' counter, so both changes queue up behind it.
    await database().db.transaction(async (tx) => {
      await tx
        .select()
        .from(messageStatusCounts)
        .where(eq(messageStatusCounts.status, "unread"))
        .for("update");
      const toRead = updateMessageStatus(actor, x.id, "read"); // unread -> read
      await sleep(150);
      const toUnread = updateMessageStatus(colleague, y.id, "unread"); // read -> unread
      await sleep(150);
      settled = Promise.allSettled([toRead, toUnread]);
    });
    const results = (await settled) ?? [];
    expect(
      results.map((result) =>
        result.status === "fulfilled"
          ? "ok"
          : String((result.reason as Error)?.cause ?? result.reason),
      ),
    ).toEqual(["ok", "ok"]);
    expect((await findMessage(x.id)).status).toBe("read");
    expect((await findMessage(y.id)).status).toBe("unread");
    await expectCountersExact();
  });

  it("stay exact under concurrent bulk updates and deletes", async () => {
    const rows = await insertMessages(Array.from({ length: 200 }, () => ({})));
    const chunk = (from: number, to: number) => idsOf(rows.slice(from, to));
    const results = await Promise.allSettled([
      bulkUpdateMessages(actor, chunk(0, 60), "read"),
      bulkUpdateMessages(colleague, chunk(60, 120), "archive"),
      bulkUpdateMessages(actor, chunk(120, 160), "delete"),
      ...rows
        .slice(160)
        .map((row, index) =>
          index % 2 ? deleteMessage(row.id) : updateMessageStatus(colleague, row.id, "replied"),
        ),
      insertMessages(Array.from({ length: 30 }, () => ({ status: "read" as const }))),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    await expectCountersExact();
    expect(await counterTotals()).toEqual({ unread: 0, read: 90, replied: 20, archived: 60 });
  });
});

describe("two admins at once", () => {
  it("changing status and priority of the same message both apply, with consistent timestamps", async () => {
    for (let round = 0; round < 20; round++) {
      const row = await insertMessage({ updatedAt: minute(0) });
      const status = round % 2 ? ("read" as const) : ("replied" as const);
      const priority = (["low", "high", "urgent"] as const)[round % 3] ?? "high";
      const start = Date.now();
      await Promise.all([
        updateMessageStatus(round % 4 >= 2 ? colleague : actor, row.id, status),
        updateMessagePriority(actor, row.id, priority),
      ]);
      const updated = await findMessage(row.id);
      expect(updated.status).toBe(status);
      expect(updated.priority).toBe(priority);
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(start);
      const stamp = status === "read" ? updated.readAt : updated.repliedAt;
      expect(stamp?.getTime()).toBeGreaterThanOrEqual(start);
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(stamp?.getTime() ?? Infinity);
      if (status === "read") expect(updated.readBy).toBe(round % 4 >= 2 ? colleague.id : actor.id);
    }
  });

  it("two admins marking the same message read record one reader and one read_at", async () => {
    for (let round = 0; round < 10; round++) {
      const row = await insertMessage();
      await Promise.all([
        updateMessageStatus(actor, row.id, "read"),
        updateMessageStatus(colleague, row.id, "read"),
        markOpened(actor, row.id),
        markOpened(colleague, row.id),
      ]);
      const updated = await findMessage(row.id);
      expect(updated.status).toBe("read");
      expect([actor.id, colleague.id]).toContain(updated.readBy);
      expect(updated.readAt).not.toBeNull();
    }
    await expectCountersExact();
  });

  // Admin A changes the priority while admin B marks the message replied. updated_at is the
  // time of the last change to the row, so it is never before replied_at.
  it.each([
    // A's request reaches the database 150 ms late (a busy app process, a slow connection).
    ["an update that reaches the database late", lateDatabase],
    // A's transaction has begun, but its update reaches the row after B's has committed.
    ["a change whose transaction began before another admin's", lateInsideTransactions],
  ])("%s never leaves updated_at before replied_at", async (_, late) => {
    const row = await insertMessage({ updatedAt: minute(0) });
    setDatabase(late(database(), 150));
    const priorityChange = updateMessagePriority(actor, row.id, "urgent");
    setDatabase(database());
    await sleep(30);
    await updateMessageStatus(colleague, row.id, "replied");
    await priorityChange;
    const updated = await findMessage(row.id);
    expect([updated.priority, updated.status]).toEqual(["urgent", "replied"]);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(
      updated.repliedAt?.getTime() ?? Infinity,
    );
  });
});

/**
 * The same database, but every query built through it is sent `delayMs` late (the builder is
 * made at once; only its execution waits), like a request whose connection is slow.
 */
function lateDatabase(base: DatabaseHandle, delayMs: number): DatabaseHandle {
  return { ...base, db: sentLate(base.db, delayMs) };
}

/**
 * The same database, but inside a transaction every statement is sent `delayMs` late: the
 * transaction has begun (PostgreSQL's now() is fixed) before its statements reach the rows,
 * like an app process that stalls between BEGIN and its update.
 */
function lateInsideTransactions(base: DatabaseHandle, delayMs: number): DatabaseHandle {
  const db = new Proxy(base.db, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (property !== "transaction") return value;
      return (work: (tx: object) => Promise<unknown>, ...rest: unknown[]) =>
        value.call(object, (tx: object) => work(sentLate(tx, delayMs)), ...rest);
    },
  });
  return { ...base, db };
}

/** `target` with every query built through it sent `delayMs` late. */
function sentLate<T extends object>(target: T, delayMs: number): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "then") {
        return (resolve: (value: unknown) => void, reject: (reason: unknown) => void) =>
          sleep(delayMs).then(() => value.call(object, resolve, reject));
      }
      return (...args: unknown[]) => {
        const result = value.apply(object, args);
        return result && typeof result === "object" ? sentLate(result, delayMs) : result;
      };
    },
  });
}
