import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Admin,
  admins,
  type Message,
  messages,
  outgoingEmails,
  rateLimits,
} from "~/db/schema";
import { formatReference } from "~/features/messages/reference";
import { lagosToday } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { logger } from "~/lib/infra/logger.server";
import { takeFlash } from "~/lib/router/flash.server";
import * as messagesRoute from "~/routes/admin/messages";
import * as inboxEventsRoute from "~/routes/resources/inbox-events";
import * as messagesExportRoute from "~/routes/resources/messages-export";
import {
  cookieAfterDeactivation,
  cookieHeader,
  getRequest,
  loginLocation,
  makeAdmin,
  ORIGIN,
  type Outcome,
  outcomeOf,
  postRequest,
  setCookiesOf,
  signInCookie,
} from "../support/admin-session";
import {
  findMessage,
  INBOX_DEFAULTS,
  insertMessage,
  insertMessages,
  parseCsv,
  preciseTimestamp,
  readUntil,
} from "../support/inbox-fixtures";
import { MESSAGES_CSV_HEADER } from "../support/messages-export";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

type People = { superAdmin: Admin; admin: Admin; inactive: Admin; other: Admin };
let people: People;
/** Sessions of the two active roles, signed in once. */
let cookies: { admin: string; super_admin: string };

beforeAll(async () => {
  people = {
    superAdmin: await makeAdmin({ role: "super_admin", name: "Sade Super" }),
    admin: await makeAdmin({ role: "admin", name: "Ade Admin" }),
    inactive: await makeAdmin({ role: "admin", name: "Ina Inactive" }),
    other: await makeAdmin({ role: "admin", name: "Obi Other" }),
  };
  cookies = {
    admin: await signInCookie(people.admin.email),
    super_admin: await signInCookie(people.superAdmin.email),
  };
});

beforeEach(async () => {
  await database().db.delete(messages);
  await database().db.delete(rateLimits);
  await database().db.update(admins).set({ isActive: true }).where(eq(admins.id, people.other.id));
});

const MESSAGES = "/admin-portal/messages";
const EXPORT = "/admin-portal/messages/export";
const EVENTS = "/admin-portal/events";

const loaderOutcome = (path: string, cookie?: string) =>
  outcomeOf(() => messagesRoute.loader(routeArgs(getRequest(path, { cookie }))));
const actionOutcome = (path: string, entries: [string, string][], cookie?: string) =>
  outcomeOf(() => messagesRoute.action(routeArgs(postRequest(path, entries, { cookie }))));

async function flashOf(outcome: Outcome) {
  const request = new Request(`${ORIGIN}/`, {
    headers: { cookie: cookieHeader(setCookiesOf(outcome)) },
  });
  return (await takeFlash(request)).flash;
}

type LoaderData = Awaited<ReturnType<typeof messagesRoute.loader>>;
function loaderData(outcome: Outcome): LoaderData {
  expect(outcome.kind).toBe("value");
  if (outcome.kind !== "value") throw new Error(`Expected loader data, got ${outcome.kind}`);
  return outcome.data as LoaderData;
}

/** A refusal: its status, its errors by field (`""` for the whole form) and a reply's kept draft. */
function errorOf(outcome: Outcome) {
  if (outcome.kind !== "data") throw new Error(`Expected data(), got ${outcome.kind}`);
  const { result, notice } = outcome.data as ActionReply;
  expect(notice).toBeNull();
  const draft = result.initialValue?.body;
  return {
    status: outcome.status,
    errors: result.error,
    ...(typeof draft === "string" ? { draft } : {}),
  };
}

const MISSING_ID = "5b1e4c3a-0000-4000-8000-00000000abcd";

/** The errors of a refusal of the whole form. */
const refused = (message: string) => ({ "": [message] });

describe("messages loader", () => {
  it("still answers when the list and the figures cannot be read, with their failure texts", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    // The counters answer the unfiltered list's total and the figures: without them both fail.
    await database().db.execute(sql`alter table message_status_counts rename to hidden_counts`);
    try {
      const data = loaderData(await loaderOutcome(MESSAGES, cookies.admin));
      expect(data.list).toEqual({ value: null, error: "Failed to load messages" });
      expect(data.stats).toEqual({ value: null, error: "Failed to load message statistics" });
      expect(data.admins.length).toBeGreaterThan(0);
    } finally {
      await database().db.execute(sql`alter table hidden_counts rename to message_status_counts`);
      logged.mockRestore();
    }
  });

  it("lists the inbox for the URL's state, with stats and the active admins", async () => {
    await database()
      .db.update(admins)
      .set({ isActive: false })
      .where(eq(admins.id, people.other.id));
    const rows = await insertMessages([
      { formType: "inquiry", createdAt: new Date("2026-03-10T09:00:00Z") },
      { formType: "contact", createdAt: new Date("2026-03-10T10:00:00Z"), status: "read" },
      {
        formType: "inquiry",
        createdAt: new Date("2026-03-10T11:00:00Z"),
        assignedTo: people.admin.id,
      },
    ]);
    const data = loaderData(
      await loaderOutcome(`${MESSAGES}?tab=inquiry&sort=oldest`, cookies.admin),
    );
    expect(data.query).toMatchObject({ tab: "inquiry", sort: "oldest", page: 1 });
    expect(data.list.error).toBeNull();
    expect(data.list.value?.messages.map((row) => row.id)).toEqual([rows[0]?.id, rows[2]?.id]);
    expect(data.list.value?.pagination).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(data.stats.value).toMatchObject({ total: 3, unread: 2, read: 1, replied: 0 });
    expect(data.admins).toEqual(
      [people.admin, people.inactive, people.superAdmin]
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(data.message).toBeNull();
    expect(data.confirmDelete).toBe(false);

    const mine = loaderData(await loaderOutcome(`${MESSAGES}?tab=assigned`, cookies.admin));
    expect(mine.list.value?.messages.map((row) => row.id)).toEqual([rows[2]?.id]);
    const theirs = loaderData(await loaderOutcome(`${MESSAGES}?tab=assigned`, cookies.super_admin));
    expect(theirs.list.value?.messages).toEqual([]);
  });

  it("opening an unread message marks it read by the signed-in admin", async () => {
    const row = await insertMessage({ fullName: "Kemi Ade" });
    const before = Date.now();
    const data = loaderData(await loaderOutcome(`${MESSAGES}?id=${row.id}`, cookies.super_admin));
    expect(data.message).toMatchObject({
      id: row.id,
      fullName: "Kemi Ade",
      status: "read",
      readBy: people.superAdmin.id,
      readerName: "Sade Super",
    });
    const stored = await findMessage(row.id);
    expect(stored).toMatchObject({ status: "read", readBy: people.superAdmin.id });
    expect(stored.readAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(data.stats.value).toMatchObject({ unread: 0, read: 1 });
  });

  it("opening a message that is already read, replied or archived changes nothing", async () => {
    const rows = await insertMessages([
      { status: "read", readBy: people.other.id, readAt: new Date("2026-03-10T09:00:00Z") },
      { status: "replied", repliedAt: new Date("2026-03-10T09:00:00Z") },
      { status: "archived" },
    ]);
    for (const row of rows) {
      const data = loaderData(await loaderOutcome(`${MESSAGES}?id=${row.id}`, cookies.admin));
      expect(data.message?.id).toBe(row.id);
      expect(await findMessage(row.id)).toEqual(row);
    }
  });

  it("ignores an id that is no uuid or no message, and asks to confirm a delete only with a message", async () => {
    const row = await insertMessage();
    for (const id of ["not-a-uuid", MISSING_ID, `${row.id}x`]) {
      const data = loaderData(
        await loaderOutcome(`${MESSAGES}?id=${id}&confirm=delete`, cookies.admin),
      );
      expect(data.message).toBeNull();
      expect(data.confirmDelete).toBe(false);
    }
    expect((await findMessage(row.id)).status).toBe("unread");
    const data = loaderData(
      await loaderOutcome(`${MESSAGES}?id=${row.id}&confirm=delete`, cookies.admin),
    );
    expect(data.message?.id).toBe(row.id);
    expect(data.confirmDelete).toBe(true);
  });

  it("falls back to defaults for bad URL values", async () => {
    const data = loaderData(
      await loaderOutcome(
        `${MESSAGES}?tab=starred&status=gone&page=-2&sort=random&clock=yesterday`,
        cookies.admin,
      ),
    );
    expect(data.query).toEqual(INBOX_DEFAULTS);
  });
});

describe("messages action", () => {
  it("changes the status, with its toast and a redirect back to the same list and message", async () => {
    const row = await insertMessage();
    const path = `${MESSAGES}?tab=unread&q=data&page=2&id=${row.id}`;
    const outcome = await actionOutcome(
      path,
      [
        ["intent", "status"],
        ["id", row.id],
        ["status", "replied"],
      ],
      cookies.admin,
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      status: 302,
      location: `${MESSAGES}?tab=unread&q=data&page=2&id=${row.id}`,
    });
    expect(await flashOf(outcome)).toEqual({
      kind: "success",
      message: "Status updated successfully",
    });
    const stored = await findMessage(row.id);
    expect(stored.status).toBe("replied");
    expect(stored.repliedAt).not.toBeNull();
  });

  it("setting read through the action records the signed-in admin as reader", async () => {
    const row = await insertMessage();
    await actionOutcome(
      MESSAGES,
      [
        ["intent", "status"],
        ["id", row.id],
        ["status", "read"],
      ],
      cookies.super_admin,
    );
    expect(await findMessage(row.id)).toMatchObject({
      status: "read",
      readBy: people.superAdmin.id,
    });
  });

  it("changes the priority", async () => {
    const row = await insertMessage();
    const outcome = await actionOutcome(
      `${MESSAGES}?id=${row.id}`,
      [
        ["intent", "priority"],
        ["id", row.id],
        ["priority", "urgent"],
      ],
      cookies.admin,
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      status: 302,
      location: `${MESSAGES}?id=${row.id}`,
    });
    expect(await flashOf(outcome)).toEqual({
      kind: "success",
      message: "Priority updated successfully",
    });
    expect((await findMessage(row.id)).priority).toBe("urgent");
  });

  it("assigns to an active admin, unassigns, and refuses an inactive one", async () => {
    const row = await insertMessage();
    const assign = (assignedTo: string) =>
      actionOutcome(
        `${MESSAGES}?id=${row.id}`,
        [
          ["intent", "assign"],
          ["id", row.id],
          ["assignedTo", assignedTo],
        ],
        cookies.admin,
      );

    const assigned = await assign(people.other.id);
    expect(assigned).toMatchObject({ kind: "redirect", location: `${MESSAGES}?id=${row.id}` });
    expect((await flashOf(assigned))?.message).toBe("Message assigned successfully");
    expect((await findMessage(row.id)).assignedTo).toBe(people.other.id);

    const unassigned = await assign("");
    expect((await flashOf(unassigned))?.message).toBe("Message unassigned");
    expect((await findMessage(row.id)).assignedTo).toBeNull();

    await database()
      .db.update(admins)
      .set({ isActive: false })
      .where(eq(admins.id, people.other.id));
    expect(errorOf(await assign(people.other.id))).toEqual({
      status: 400,
      errors: refused("Messages can only be assigned to an active admin."),
    });
    expect(errorOf(await assign(MISSING_ID))).toEqual({
      status: 400,
      errors: refused("Messages can only be assigned to an active admin."),
    });
    expect((await findMessage(row.id)).assignedTo).toBeNull();
  });

  it("saves notes, and refuses notes over 5,000 characters", async () => {
    const row = await insertMessage();
    const notes = (text: string) =>
      actionOutcome(
        `${MESSAGES}?id=${row.id}`,
        [
          ["intent", "notes"],
          ["id", row.id],
          ["notes", text],
        ],
        cookies.admin,
      );
    const saved = await notes("  Wants the evening cohort.  ");
    expect((await flashOf(saved))?.message).toBe("Notes saved successfully");
    expect((await findMessage(row.id)).adminNotes).toBe("Wants the evening cohort.");
    expect(errorOf(await notes("x".repeat(5001)))).toEqual({
      status: 400,
      errors: { notes: ["Notes must be at most 5,000 characters"] },
    });
    expect((await findMessage(row.id)).adminNotes).toBe("Wants the evening cohort.");
  });

  it("deletes a message and returns to the list without it", async () => {
    const row = await insertMessage();
    const outcome = await actionOutcome(
      `${MESSAGES}?status=unread&id=${row.id}&confirm=delete`,
      [
        ["intent", "delete"],
        ["id", row.id],
      ],
      cookies.admin,
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      status: 302,
      location: `${MESSAGES}?status=unread`,
    });
    expect((await flashOf(outcome))?.message).toBe("Message deleted successfully");
    expect(await database().db.select().from(messages)).toEqual([]);
  });

  it("applies bulk actions to the selected messages", async () => {
    const rows = await insertMessages([{}, {}, {}, { status: "read" }]);
    const ids = rows.map((row) => row.id);
    const bulk = (
      action: string,
      selected: string[],
      extra: [string, string][] = [],
      path = MESSAGES,
    ) =>
      actionOutcome(
        path,
        [
          ["intent", "bulk"],
          ["bulkAction", action],
          ...selected.map((id): [string, string] => ["ids", id]),
          ...extra,
        ],
        cookies.admin,
      );

    const read = await bulk("read", [ids[0] ?? "", ids[1] ?? "", ids[3] ?? ""]);
    expect(read).toMatchObject({ kind: "redirect", location: MESSAGES });
    expect((await flashOf(read))?.message).toBe("2 messages marked read");
    expect((await findMessage(ids[0] ?? "")).readBy).toBe(people.admin.id);

    const assigned = await bulk("assign", ids.slice(0, 2), [["assignedTo", people.other.id]]);
    expect((await flashOf(assigned))?.message).toBe("2 messages assigned");
    expect((await findMessage(ids[1] ?? "")).assignedTo).toBe(people.other.id);

    const archived = await bulk(
      "archive",
      [ids[2] ?? ""],
      [],
      `${MESSAGES}?tab=unread&id=${ids[2]}`,
    );
    expect(archived).toMatchObject({ location: `${MESSAGES}?tab=unread&id=${ids[2]}` });
    expect((await flashOf(archived))?.message).toBe("1 message archived");
    expect((await findMessage(ids[2] ?? "")).status).toBe("archived");

    // Deleting the open message closes it; the list state stays.
    const deleted = await bulk("delete", ids.slice(2), [], `${MESSAGES}?sort=oldest&id=${ids[2]}`);
    expect(deleted).toMatchObject({ kind: "redirect", location: `${MESSAGES}?sort=oldest` });
    expect((await flashOf(deleted))?.message).toBe("2 messages deleted");
    expect((await database().db.select().from(messages)).map((row) => row.id).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
  });

  it("refuses a bulk action without a selection, with too many, or to an inactive admin", async () => {
    const row = await insertMessage();
    expect(
      errorOf(
        await actionOutcome(
          MESSAGES,
          [
            ["intent", "bulk"],
            ["bulkAction", "archive"],
          ],
          cookies.admin,
        ),
      ),
    ).toEqual({ status: 400, errors: refused("Select at least one message first.") });
    const tooMany = Array.from({ length: 101 }, (): [string, string] => ["ids", row.id]);
    expect(
      errorOf(
        await actionOutcome(
          MESSAGES,
          [["intent", "bulk"], ["bulkAction", "archive"], ...tooMany],
          cookies.admin,
        ),
      ).status,
    ).toBe(400);
    await database()
      .db.update(admins)
      .set({ isActive: false })
      .where(eq(admins.id, people.other.id));
    expect(
      errorOf(
        await actionOutcome(
          MESSAGES,
          [
            ["intent", "bulk"],
            ["bulkAction", "assign"],
            ["ids", row.id],
            ["assignedTo", people.other.id],
          ],
          cookies.admin,
        ),
      ),
    ).toEqual({
      status: 400,
      errors: refused("Messages can only be assigned to an active admin."),
    });
    expect(await findMessage(row.id)).toEqual(row);
  });

  it("answers bad input with 400 and the failure text of the intent, changing nothing", async () => {
    const row = await insertMessage();
    const cases: [[string, string][], string][] = [
      [
        [
          ["intent", "status"],
          ["id", row.id],
          ["status", "deleted"],
        ],
        "Failed to update status",
      ],
      [
        [
          ["intent", "status"],
          ["id", "nope"],
          ["status", "read"],
        ],
        "Failed to update status",
      ],
      [
        [
          ["intent", "priority"],
          ["id", row.id],
          ["priority", "critical"],
        ],
        "Failed to update priority",
      ],
      [
        [
          ["intent", "priority"],
          ["id", row.id],
        ],
        "Failed to update priority",
      ],
      [
        [
          ["intent", "assign"],
          ["id", row.id],
          ["assignedTo", "someone"],
        ],
        "Failed to assign message",
      ],
      [
        [
          ["intent", "notes"],
          ["id", "nope"],
          ["notes", "x"],
        ],
        "Failed to add message notes",
      ],
      [
        [
          ["intent", "delete"],
          ["id", "nope"],
        ],
        "Failed to delete message",
      ],
      [
        [
          ["intent", "bulk"],
          ["bulkAction", "explode"],
          ["ids", row.id],
        ],
        "Failed to update the selected messages",
      ],
      [
        [
          ["intent", "bulk"],
          ["bulkAction", "read"],
          ["ids", "nope"],
        ],
        "Failed to update the selected messages",
      ],
      [
        [
          ["intent", "launch"],
          ["id", row.id],
        ],
        "Invalid request",
      ],
      [[["id", row.id]], "Invalid request"],
    ];
    const answers = [];
    for (const [entries] of cases)
      answers.push(errorOf(await actionOutcome(MESSAGES, entries, cookies.admin)));
    expect(answers).toEqual(cases.map(([, error]) => ({ status: 400, errors: refused(error) })));
    expect(await findMessage(row.id)).toEqual(row);
  });

  it.each([
    [
      [
        ["intent", "status"],
        ["status", "read"],
      ],
      "status",
    ],
    [
      [
        ["intent", "priority"],
        ["priority", "low"],
      ],
      "priority",
    ],
    [
      [
        ["intent", "notes"],
        ["notes", "x"],
      ],
      "notes",
    ],
    [[["intent", "delete"]], "delete"],
  ] as [[string, string][], string][])(
    "answers %j on a message that no longer exists with 404",
    async (entries) => {
      expect(
        errorOf(await actionOutcome(MESSAGES, [...entries, ["id", MISSING_ID]], cookies.admin)),
      ).toEqual({ status: 404, errors: refused("This message no longer exists.") });
    },
  );

  it("refuses an empty or over-long reply with its reason, echoing the draft and sending nothing", async () => {
    const message = await insertMessage();
    const longReply = "x".repeat(10_001);
    for (const [body, reason] of [
      ["   ", "Write the reply before sending it"],
      [longReply, "The reply must be at most 10,000 characters"],
      ["Hello\u0000there", "The reply contains hidden characters that are not allowed"],
    ] as const) {
      const outcome = await actionOutcome(
        MESSAGES,
        [
          ["intent", "reply"],
          ["id", message.id],
          ["body", body],
        ],
        cookies.admin,
      );
      expect(errorOf(outcome)).toEqual({ status: 400, errors: { body: [reason] }, draft: body });
    }
    const reply = await actionOutcome(
      MESSAGES,
      [
        ["intent", "reply"],
        ["id", MISSING_ID],
        ["body", "Hello"],
      ],
      cookies.admin,
    );
    expect(errorOf(reply)).toEqual({
      status: 404,
      errors: refused("This message no longer exists."),
      draft: "Hello",
    });
    expect(await database().db.select().from(outgoingEmails)).toEqual([]);
    expect((await findMessage(message.id)).status).toBe("unread");
  });

  it("refuses a write from another site", async () => {
    const row = await insertMessage();
    const request = postRequest(
      MESSAGES,
      { intent: "delete", id: row.id },
      { cookie: cookies.admin, headers: { origin: "https://evil.example" } },
    );
    const outcome = await outcomeOf(() => messagesRoute.action(routeArgs(request)));
    expect(outcome).toMatchObject({ kind: "data", status: 403 });
    expect(await findMessage(row.id)).toEqual(row);
  });
});

describe("CSV export", () => {
  async function exportOutcome(path: string, cookie = cookies.admin) {
    return outcomeOf(() => messagesExportRoute.loader(routeArgs(getRequest(path, { cookie }))));
  }
  /** The body's text after its byte-order mark (which must be there). */
  async function exportText(path: string) {
    const outcome = await exportOutcome(path);
    if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
    const bytes = new Uint8Array(await outcome.response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { response: outcome.response, text: new TextDecoder().decode(bytes.slice(3)) };
  }

  it("is an attachment: a BOM, a header row, and one quoted row per message", async () => {
    const row = await insertMessage({
      formType: "inquiry",
      fullName: 'Ngozi "Ngo" Okafor',
      email: "ngozi@example.com",
      phone: "+234 803 123 4567",
      subject: null,
      inquiryType: "Course Information",
      courseInterest: "Data Science",
      contactMethod: "Phone / WhatsApp",
      message: "Hello,\r\nIs there a weekend class?",
      status: "replied",
      priority: "high",
      assignedTo: people.other.id,
      adminNotes: "Call back",
      createdAt: new Date("2026-03-10T09:15:00.000Z"),
      repliedAt: new Date("2026-03-10T10:00:00.000Z"),
    });
    const { response, text } = await exportText(EXPORT);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="messages-${lagosToday()}.csv"`,
    );
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(MESSAGES_CSV_HEADER);
    expect(rows.slice(1)).toEqual([
      [
        formatReference(row.reference),
        "2026-03-10 10:15",
        "inquiry",
        'Ngozi "Ngo" Okafor',
        "ngozi@example.com",
        '="+234 803 123 4567"',
        "",
        "Course Information",
        "Data Science",
        "Phone / WhatsApp",
        "Hello,\r\nIs there a weekend class?",
        "replied",
        "high",
        "Obi Other",
        "Call back",
        "",
        "2026-03-10 11:00",
      ],
    ]);
  });

  it("writes times in Lagos time: 23:30 UTC is the next day's 00:30", async () => {
    await insertMessage({
      createdAt: new Date("2026-03-10T23:30:00.000Z"),
      readAt: new Date("2026-03-10T22:59:00.000Z"),
      repliedAt: new Date("2026-03-11T07:05:00.000Z"),
    });
    const [, row] = parseCsv((await exportText(EXPORT)).text);
    expect(row?.[1]).toBe("2026-03-11 00:30");
    expect(row?.[15]).toBe("2026-03-10 23:59");
    expect(row?.[16]).toBe("2026-03-11 08:05");
  });

  it("neutralises formulas in a visitor's text", async () => {
    await insertMessage({
      fullName: '=HYPERLINK("http://evil.example","Open")',
      email: "x@evil.example",
      subject: "@SUM(1+1)*cmd|' /C calc'!A0",
      message: "-1+1",
    });
    const { text } = await exportText(EXPORT);
    const [, row] = parseCsv(text);
    expect(row?.[3]).toBe(`'=HYPERLINK("http://evil.example","Open")`);
    expect(row?.[6]).toBe(`'@SUM(1+1)*cmd|' /C calc'!A0`);
    expect(row?.[10]).toBe("'-1+1");
    // No data cell starts with a formula character once unquoted.
    for (const cell of row ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("exports the current filtered list, every page, newest first", async () => {
    const rows = await insertMessages(
      Array.from({ length: 45 }, (_, index) => ({
        formType: index % 3 ? ("inquiry" as const) : ("contact" as const),
        email: `person${index}@mail.test`,
        createdAt: new Date(Date.parse("2026-03-10T08:00:00Z") + index * 60_000),
      })),
    );
    const { text } = await exportText(`${EXPORT}?tab=inquiry&page=2`);
    const emails = parseCsv(text)
      .slice(1)
      .map((row) => row[4]);
    expect(emails).toEqual(
      rows
        .filter((row) => row.formType === "inquiry")
        .reverse()
        .map((row) => row.email),
    );
    expect(emails).toHaveLength(30);
    const searched = parseCsv((await exportText(`${EXPORT}?q=PERSON4`)).text).slice(1);
    expect(searched.map((row) => row[4]).sort()).toEqual(
      ["person4@mail.test", ...Array.from({ length: 5 }, (_, i) => `person4${i}@mail.test`)].sort(),
    );
  });

  it("exports more messages than one batch", async () => {
    await insertMessages(
      Array.from({ length: 1100 }, (_, index) => ({
        createdAt: new Date(Date.parse("2026-03-10T08:00:00Z") + index * 1000),
      })),
    );
    const rows = parseCsv((await exportText(EXPORT)).text);
    expect(rows).toHaveLength(1101);
  });

  it("exports every message of a batch stored at one instant", async () => {
    // Messages written by one statement share created_at (with microseconds).
    await insertMessages(
      Array.from({ length: 1100 }, () => ({
        createdAt: preciseTimestamp("2026-03-10T08:00:00.654321Z"),
      })),
    );
    const rows = parseCsv((await exportText(EXPORT)).text);
    expect(rows.length - 1).toBe(1100);
  });

  it("has only the header row for an empty list", async () => {
    const { text } = await exportText(`${EXPORT}?status=archived`);
    expect(text).toBe(`${MESSAGES_CSV_HEADER.map((name) => `"${name}"`).join(",")}\r\n`);
  });
});

describe("inbox events", () => {
  it("streams a retry line, then a pulse with the unread count and newest message, then more on change", async () => {
    const [older, newest] = await insertMessages([
      { createdAt: new Date("2026-03-10T08:00:00Z") },
      { createdAt: new Date("2026-03-10T09:00:00Z"), status: "read" },
    ]);
    const abort = new AbortController();
    const request = new Request(`${ORIGIN}${EVENTS}`, {
      headers: { cookie: cookies.admin },
      signal: abort.signal,
    });
    const outcome = await outcomeOf(() => inboxEventsRoute.loader(routeArgs(request)));
    if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
    const { response } = outcome;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    // Cache-Control (private, no-store) comes from the server layer for all of /admin-portal.
    const reader = response.body?.getReader();
    if (!reader) throw new Error("No body");
    try {
      const first = await readUntil(
        reader,
        (text) => text.includes("event: pulse\ndata: ") && text.endsWith("\n\n"),
      );
      expect(first.startsWith("retry: ")).toBe(true);
      const events = first.split("\n\n").filter(Boolean);
      expect(events[0]).toMatch(/^retry: \d+$/);
      expect(events[1]?.startsWith("event: pulse\ndata: ")).toBe(true);
      expect(JSON.parse(events[1]?.split("data: ")[1] ?? "")).toEqual({
        unread: 1,
        latestId: newest?.id,
        latestAnswerId: null,
      });

      const arrived = await insertMessage({ createdAt: new Date() });
      const next = await readUntil(
        reader,
        (text) => text.includes("event: pulse") && text.endsWith("\n\n"),
        10_000,
      );
      const pulse = next.split("data: ")[1]?.trim() ?? "";
      expect(JSON.parse(pulse)).toEqual({ unread: 2, latestId: arrived.id, latestAnswerId: null });
      expect(older).toBeTruthy();
    } finally {
      abort.abort();
    }
    const end = await Promise.race([
      reader.read(),
      new Promise((resolve) => setTimeout(() => resolve("still open"), 5000)),
    ]);
    expect(end).toEqual({ done: true, value: undefined });
  });
});

// --- The authorization matrix --------------------------------------------------------------

type Role = "anonymous" | "inactive" | "admin" | "super_admin";
const roles: Role[] = ["anonymous", "inactive", "admin", "super_admin"];

/** The Cookie header for a role; the inactive admin signs in while active, then is switched off. */
async function cookieFor(role: Role): Promise<string | undefined> {
  if (role === "anonymous") return undefined;
  if (role === "admin" || role === "super_admin") return cookies[role];
  return cookieAfterDeactivation(people.inactive);
}

type MatrixCase = {
  name: string;
  method: "GET" | "POST";
  /** Path with search; may use the message's id. */
  path: (message: Message) => string;
  fields?: (message: Message) => [string, string][];
  run: (request: Request) => unknown;
  /** What an allowed call must give and do. */
  allowed: (outcome: Outcome, message: Message, role: Role) => Promise<void>;
};

const adminIdOf = (role: Role) => (role === "admin" ? people.admin.id : people.superAdmin.id);

const redirectWithFlash =
  (location: (message: Message) => string, text: string) =>
  async (outcome: Outcome, message: Message) => {
    expect(outcome).toMatchObject({ kind: "redirect", status: 302, location: location(message) });
    expect((await flashOf(outcome))?.message).toBe(text);
  };

const matrixCases: MatrixCase[] = [
  {
    name: "messages loader",
    method: "GET",
    path: () => `${MESSAGES}?tab=unread`,
    run: (request) => messagesRoute.loader(routeArgs(request)),
    allowed: async (outcome, message) => {
      const data = loaderData(outcome);
      expect(data.list.value?.messages.map((row) => row.id)).toEqual([message.id]);
    },
  },
  {
    name: "messages loader opening a message",
    method: "GET",
    path: (message) => `${MESSAGES}?id=${message.id}`,
    run: (request) => messagesRoute.loader(routeArgs(request)),
    allowed: async (outcome, message, role) => {
      expect(loaderData(outcome).message?.id).toBe(message.id);
      expect(await findMessage(message.id)).toMatchObject({
        status: "read",
        readBy: adminIdOf(role),
      });
    },
  },
  {
    name: "status action",
    method: "POST",
    path: (message) => `${MESSAGES}?id=${message.id}`,
    fields: (message) => [
      ["intent", "status"],
      ["id", message.id],
      ["status", "replied"],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash((m) => `${MESSAGES}?id=${m.id}`, "Status updated successfully")(
        outcome,
        message,
      );
      expect((await findMessage(message.id)).status).toBe("replied");
    },
  },
  {
    name: "priority action",
    method: "POST",
    path: (message) => `${MESSAGES}?id=${message.id}`,
    fields: (message) => [
      ["intent", "priority"],
      ["id", message.id],
      ["priority", "urgent"],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash((m) => `${MESSAGES}?id=${m.id}`, "Priority updated successfully")(
        outcome,
        message,
      );
      expect((await findMessage(message.id)).priority).toBe("urgent");
    },
  },
  {
    name: "assign action",
    method: "POST",
    path: () => MESSAGES,
    fields: (message) => [
      ["intent", "assign"],
      ["id", message.id],
      ["assignedTo", people.other.id],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash(() => MESSAGES, "Message assigned successfully")(outcome, message);
      expect((await findMessage(message.id)).assignedTo).toBe(people.other.id);
    },
  },
  {
    name: "notes action",
    method: "POST",
    path: () => MESSAGES,
    fields: (message) => [
      ["intent", "notes"],
      ["id", message.id],
      ["notes", "Follow up on Friday"],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash(() => MESSAGES, "Notes saved successfully")(outcome, message);
      expect((await findMessage(message.id)).adminNotes).toBe("Follow up on Friday");
    },
  },
  {
    name: "delete action",
    method: "POST",
    path: (message) => `${MESSAGES}?id=${message.id}&confirm=delete`,
    fields: (message) => [
      ["intent", "delete"],
      ["id", message.id],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash(() => MESSAGES, "Message deleted successfully")(outcome, message);
      expect(
        await database().db.select().from(messages).where(eq(messages.id, message.id)),
      ).toEqual([]);
    },
  },
  {
    name: "bulk action",
    method: "POST",
    path: () => MESSAGES,
    fields: (message) => [
      ["intent", "bulk"],
      ["bulkAction", "archive"],
      ["ids", message.id],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash(() => MESSAGES, "1 message archived")(outcome, message);
      expect((await findMessage(message.id)).status).toBe("archived");
    },
  },
  {
    name: "send reply",
    method: "POST",
    path: () => MESSAGES,
    fields: (message) => [
      ["intent", "reply"],
      ["id", message.id],
      ["body", "Hello, the fee is ₦150,000."],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash(
        () => MESSAGES,
        "Reply sending. It counts as the reply once the mail server accepts it.",
      )(outcome, message);
      // Not replied until the mail server accepts it (reply-delivery.test.ts).
      expect((await findMessage(message.id)).repliedAt).toBeNull();
      const sent = await database()
        .db.select()
        .from(outgoingEmails)
        .where(eq(outgoingEmails.messageId, message.id));
      expect(sent.map((email) => [email.kind, email.recipients])).toEqual([
        ["reply", [message.email]],
      ]);
    },
  },
  {
    name: "record reply",
    method: "POST",
    path: () => MESSAGES,
    fields: (message) => [
      ["intent", "record-reply"],
      ["id", message.id],
      ["channel", "email"],
    ],
    run: (request) => messagesRoute.action(routeArgs(request)),
    allowed: async (outcome, message) => {
      await redirectWithFlash(() => MESSAGES, "Recorded: replied by e-mail")(outcome, message);
      expect((await findMessage(message.id)).repliedAt).not.toBeNull();
    },
  },
  {
    name: "export loader",
    method: "GET",
    path: () => `${EXPORT}?tab=unread`,
    run: (request) => messagesExportRoute.loader(routeArgs(request)),
    allowed: async (outcome, message) => {
      expect(outcome).toMatchObject({ kind: "response", status: 200 });
      if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
      expect(outcome.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const text = await outcome.response.text(); // text() drops the byte-order mark
      expect(parseCsv(text)[1]?.[4]).toBe(message.email);
    },
  },
  {
    name: "events loader",
    method: "GET",
    path: () => EVENTS,
    run: (request) => inboxEventsRoute.loader(routeArgs(request)),
    allowed: async (outcome) => {
      expect(outcome).toMatchObject({ kind: "response", status: 200 });
      if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
      expect(outcome.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = outcome.response.body?.getReader();
      if (!reader) throw new Error("No body");
      const text = await readUntil(reader, (seen) => seen.includes("event: pulse"));
      expect(text.startsWith("retry: ")).toBe(true);
      await reader.cancel();
    },
  },
];

describe("authorization matrix", () => {
  const cases = matrixCases.flatMap((matrixCase) => roles.map((role) => ({ ...matrixCase, role })));

  it.each(cases)("$name as $role", async ({ role, method, path, fields, run, allowed }) => {
    const message = await insertMessage({ email: `matrix.${role}@mail.test` });
    const cookie = await cookieFor(role);
    const target = path(message);
    const request =
      method === "GET"
        ? getRequest(target, { cookie })
        : postRequest(target, fields?.(message) ?? [], { cookie });
    const outcome = await outcomeOf(() => run(request));

    if (role === "anonymous" || role === "inactive") {
      expect(outcome).toMatchObject({
        kind: "redirect",
        status: 302,
        location: loginLocation(method, target, role === "inactive" ? "inactive" : undefined),
      });
      // Nothing was read, changed or deleted.
      expect(await findMessage(message.id)).toEqual(message);
      return;
    }
    await allowed(outcome, message, role);
  });
});
