import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  admins,
  inboundEmails,
  type messagePriorities,
  messageStatusCounts,
  type messageStatuses,
  messages,
} from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { startOfLagosDay } from "~/lib/format/dates";
import { compareText } from "~/lib/text/compare-text";
import { containsPattern } from "~/lib/text/sql-text";
import type { MessageFormType } from "../form-types";
import { INBOX_PAGE_SIZE, type InboxQuery, inboxMessages } from "../list-url";
import { parseReference } from "../reference";
import { answeredOrClosed, dueSoon, overdue } from "../reply-clock.server";
import { lockAssignees, queueAssignmentEmails } from "./assignment-emails.server";
import { asActor } from "./message-actor.server";

export type MessageStatus = (typeof messageStatuses)[number];
export type MessagePriority = (typeof messagePriorities)[number];

/** A time to the microsecond, as fixed-width text (a JavaScript Date keeps milliseconds). */
const utcKey = (column: typeof messages.createdAt | typeof messages.waitingSince) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
export const createdAtKey = utcKey(messages.createdAt);

/** The database's clock: every stamp of one change is the time that change was applied. */
const databaseNow = sql<Date>`now()`;

/**
 * A message's updated_at: the clock as its row is written. A change that waited for another
 * admin's to commit is written after it, while its now() (when its transaction began) may be
 * before it, and updated_at would then fall before that change's replied_at.
 */
export const rowWrittenAt = sql<Date>`clock_timestamp()`;

/** Must match the trigram index of migration 0003 exactly, or the index is not used. */
// A WhatsApp conversation has no address: null would blank the whole text.
const messageSearchText = sql`(${messages.fullName} || ' ' || coalesce(${messages.email}, '') || ' ' || coalesce(${messages.subject}, '') || ' ' || coalesce(${messages.message}, ''))`;

/**
 * Beyond this many matches, a filtered or searched list says "1,000+" instead of counting
 * every row (50 pages; narrow the filters to reach older ones). Unfiltered and status-only
 * lists are counted exactly from the per-status counters.
 */
export const COUNT_CAP = 1_000;

/**
 * The WHERE clause of a list state. Tabs and filters combine with AND. `countableStatus` is set
 * when the state is at most one status filter, so the per-status counters can answer the total.
 */
function inboxConditions(query: InboxQuery, actor: Pick<Admin, "id">) {
  const statuses = new Set<MessageStatus>();
  if (query.tab === "unread") statuses.add("unread");
  if (query.status) statuses.add(query.status);
  const formTypes = new Set<string>();
  if (query.tab === "inquiry" || query.tab === "contact") formTypes.add(query.tab);
  if (query.formType) formTypes.add(query.formType);

  const conditions: SQL[] = [...statuses].map((status) => eq(messages.status, status));
  for (const formType of formTypes)
    conditions.push(eq(messages.formType, formType as MessageFormType));
  if (query.tab === "assigned") conditions.push(eq(messages.assignedTo, actor.id));
  if (query.tab === "overdue" || query.clock === "overdue") conditions.push(overdue);
  if (query.clock === "due-soon") conditions.push(dueSoon);
  if (query.priority) conditions.push(eq(messages.priority, query.priority));
  if (query.q) {
    const textMatches = sql`${messageSearchText} ilike ${containsPattern(query.q)}`;
    const reference = parseReference(query.q);
    conditions.push(
      reference === null
        ? textMatches
        : (or(eq(messages.reference, reference), textMatches) as SQL),
    );
  }

  const onlyStatus = conditions.length === statuses.size && statuses.size <= 1;
  return {
    where: conditions.length ? and(...conditions) : undefined,
    countableStatus: onlyStatus ? ([...statuses][0] ?? ("all" as const)) : null,
  };
}

async function statusCounts(): Promise<Record<MessageStatus, number>> {
  const rows = await db().select().from(messageStatusCounts);
  const counts = { unread: 0, read: 0, replied: 0, archived: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

const listColumns = {
  id: messages.id,
  formType: messages.formType,
  fullName: messages.fullName,
  email: messages.email,
  subject: messages.subject,
  inquiryType: messages.inquiryType,
  courseInterest: messages.courseInterest,
  preview: sql<string>`left(coalesce(${messages.message}, ''), 140)`,
  status: messages.status,
  priority: messages.priority,
  createdAt: messages.createdAt,
  waitingSince: messages.waitingSince,
  assignedTo: messages.assignedTo,
  assignedName: admins.name,
};

function listRows() {
  return db()
    .select(listColumns)
    .from(messages)
    .leftJoin(admins, eq(admins.id, messages.assignedTo));
}

type Ordered = { key: string; clockKey?: string; id: string; answered: boolean };
const oldestFirst = (a: Ordered, b: Ordered) =>
  compareText(a.key, b.key) || compareText(a.id, b.id);
const listComparators: Record<InboxQuery["sort"], (a: Ordered, b: Ordered) => number> = {
  newest: (a, b) => oldestFirst(b, a),
  oldest: oldestFirst,
  // Waiting longest first: by when each one's clock started (a reopened conversation's answer).
  unanswered: (a, b) =>
    Number(a.answered) - Number(b.answered) ||
    compareText(a.clockKey ?? a.key, b.clockKey ?? b.key) ||
    compareText(a.id, b.id),
};

const listOrders: Record<InboxQuery["sort"], SQL[]> = {
  newest: [desc(messages.createdAt), desc(messages.id)],
  oldest: [asc(messages.createdAt), asc(messages.id)],
  unanswered: [asc(answeredOrClosed), asc(messages.waitingSince), asc(messages.id)],
};

/** A page read in list order straight off the (filter, created_at, id) indexes. */
function pageInOrder(query: InboxQuery, where: SQL | undefined, page: number) {
  return listRows()
    .where(where)
    .orderBy(...listOrders[query.sort])
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
}

function pagination(requested: number, total: number, capped: boolean) {
  const totalPages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  return {
    page: Math.min(requested, totalPages),
    limit: INBOX_PAGE_SIZE,
    total,
    totalPages,
    capped,
  };
}

/**
 * The inbox list. Filters, search, sort and paging are done by the database.
 *
 * Unfiltered and status-only lists are dense: the per-status counters give their total and an
 * index walk their page. Other lists first collect their matches (at most COUNT_CAP + 1, in no
 * order, so PostgreSQL can intersect the trigram and filter indexes). When that is all of
 * them, the page is cut from those: an index walk could read the whole table when matches are
 * rare. Past the cap, matches are dense enough for the index walk.
 */
export async function listMessages(query: InboxQuery, actor: Pick<Admin, "id">) {
  const { where, countableStatus } = inboxConditions(query, actor);

  if (countableStatus) {
    const counts = await statusCounts();
    const total =
      countableStatus === "all"
        ? Object.values(counts).reduce((sum, value) => sum + value, 0)
        : counts[countableStatus];
    const info = pagination(query.page, total, false);
    return { messages: await pageInOrder(query, where, info.page), pagination: info };
  }

  const matches = await db()
    .select({
      id: messages.id,
      key: createdAtKey,
      // Only the sort by waiting time needs when each clock started.
      ...(query.sort === "unanswered" ? { clockKey: utcKey(messages.waitingSince) } : {}),
      answered: answeredOrClosed.mapWith(Boolean),
    })
    .from(messages)
    .where(where)
    .limit(COUNT_CAP + 1);
  if (matches.length > COUNT_CAP) {
    const info = pagination(query.page, COUNT_CAP, true);
    return { messages: await pageInOrder(query, where, info.page), pagination: info };
  }
  matches.sort(listComparators[query.sort]);
  const info = pagination(query.page, matches.length, false);
  const ids = matches
    .slice((info.page - 1) * INBOX_PAGE_SIZE, info.page * INBOX_PAGE_SIZE)
    .map((match) => match.id);
  const rows = ids.length ? await listRows().where(inArray(messages.id, ids)) : [];
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return { messages: rows, pagination: info };
}

export type InboxListItem = Awaited<ReturnType<typeof listMessages>>["messages"][number];

/**
 * How many messages are in each status (from the per-status counters), their
 * total, and how many arrived today (since midnight in Lagos). The one count of "unread" and
 * "today" for the bell, the dashboard, the inbox and its live updates.
 */
export async function messageStats(now: Date = new Date()) {
  const [counts, [today]] = await Promise.all([
    statusCounts(),
    db()
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(sql`${messages.createdAt} >= ${startOfLagosDay(now).toISOString()}::timestamptz`),
  ]);
  return {
    total: counts.unread + counts.read + counts.replied + counts.archived,
    unread: counts.unread,
    read: counts.read,
    replied: counts.replied,
    archived: counts.archived,
    today: today?.total ?? 0,
  };
}

const assignee = alias(admins, "assignee");
const reader = alias(admins, "reader");

/** One message with the names of the admins it is assigned to and was read by. */
export async function getMessage(id: string) {
  const [row] = await db()
    .select({
      message: messages,
      assignee: { id: assignee.id, name: assignee.name, email: assignee.email },
      readerName: reader.name,
    })
    .from(messages)
    .leftJoin(assignee, eq(assignee.id, messages.assignedTo))
    .leftJoin(reader, eq(reader.id, messages.readBy))
    .where(eq(messages.id, id))
    .limit(1);
  if (!row) return null;
  return {
    ...row.message,
    assignee: row.assignee?.id ? row.assignee : null,
    readerName: row.readerName,
  };
}

export type InboxMessage = NonNullable<Awaited<ReturnType<typeof getMessage>>>;

/** Opening an unread message marks it read by this admin. */
export async function markOpened(actor: Pick<Admin, "id">, id: string) {
  await asActor(actor, (tx) =>
    tx
      .update(messages)
      .set({ status: "read", readAt: databaseNow, readBy: actor.id, updatedAt: rowWrittenAt })
      .where(and(eq(messages.id, id), eq(messages.status, "unread"))),
  );
}

async function updateOne(tx: Transaction, id: string, set: Partial<typeof messages.$inferInsert>) {
  const [row] = await tx
    .update(messages)
    .set({ ...set, updatedAt: rowWrittenAt })
    .where(eq(messages.id, id))
    .returning({ id: messages.id });
  if (!row) throw new UserFacingError(inboxMessages.notFound, 404);
}

/** Stamps the first reply: later replies leave replied_at as it was. */
export const firstReplyStamp = sql`coalesce(${messages.repliedAt}, now())`;

/**
 * Sets a status in one statement: read stamps read_at (and who, if nobody had), replied
 * stamps replied_at if no reply had, every change stamps updated_at. Two admins at once never
 * half-apply.
 */
export async function updateMessageStatus(
  actor: Pick<Admin, "id">,
  id: string,
  status: MessageStatus,
) {
  await asActor(actor, (tx) =>
    updateOne(tx, id, {
      status,
      ...(status === "read"
        ? {
            readAt: sql`coalesce(${messages.readAt}, now())`,
            readBy: sql`coalesce(${messages.readBy}, ${actor.id}::uuid)`,
          }
        : {}),
      ...(status === "replied" ? { repliedAt: firstReplyStamp } : {}),
    } as Partial<typeof messages.$inferInsert>),
  );
}

export async function updateMessagePriority(
  actor: Pick<Admin, "id">,
  id: string,
  priority: MessagePriority,
) {
  await asActor(actor, (tx) => updateOne(tx, id, { priority }));
}

async function assertActiveAdmin(tx: Transaction, adminId: string) {
  const [admin] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, adminId), eq(admins.isActive, true)))
    .limit(1);
  if (!admin) throw new UserFacingError(inboxMessages.inactiveAssignee, 400, "assignedTo");
}

/** Assigns to an active admin (e-mailed, unless they took it themselves), or unassigns with null. */
export async function assignMessage(actor: Pick<Admin, "id">, id: string, adminId: string | null) {
  await asActor(actor, async (tx) => {
    if (adminId) await assertActiveAdmin(tx, adminId);
    const before = await lockAssignees(tx, [id]);
    await updateOne(tx, id, { assignedTo: adminId });
    await queueAssignmentEmails(tx, actor, adminId, before);
  });
}

export async function updateMessageNotes(actor: Pick<Admin, "id">, id: string, notes: string) {
  await asActor(actor, (tx) => updateOne(tx, id, { adminNotes: notes || null }));
}

export async function deleteMessage(id: string) {
  const [row] = await db()
    .delete(messages)
    .where(eq(messages.id, id))
    .returning({ id: messages.id });
  if (!row) throw new UserFacingError(inboxMessages.notFound, 404);
}

export type BulkAction = "read" | "archive" | "assign" | "delete";

/** Bulk actions on selected messages; returns how many were changed. */
export async function bulkUpdateMessages(
  actor: Pick<Admin, "id">,
  ids: string[],
  action: BulkAction,
  adminId: string | null = null,
): Promise<number> {
  if (!ids.length) throw new UserFacingError(inboxMessages.noneSelected, 400);
  const selected = inArray(messages.id, ids);
  const changed = await asActor(actor, async (tx): Promise<{ id: string }[]> => {
    if (action === "delete")
      return tx.delete(messages).where(selected).returning({ id: messages.id });
    if (action === "assign") {
      if (adminId) await assertActiveAdmin(tx, adminId);
      const before = await lockAssignees(tx, ids);
      const assigned = await tx
        .update(messages)
        .set({ assignedTo: adminId, updatedAt: rowWrittenAt })
        .where(selected)
        .returning({ id: messages.id });
      await queueAssignmentEmails(tx, actor, adminId, before);
      return assigned;
    }
    if (action === "archive")
      return tx
        .update(messages)
        .set({ status: "archived", updatedAt: rowWrittenAt })
        .where(selected)
        .returning({ id: messages.id });
    return tx
      .update(messages)
      .set({ status: "read", readAt: databaseNow, readBy: actor.id, updatedAt: rowWrittenAt })
      .where(and(selected, eq(messages.status, "unread")))
      .returning({ id: messages.id });
  });
  return changed.length;
}

/**
 * What the live-updates stream watches: the unread figure, the newest message and the newest
 * mail received in a conversation.
 */
export async function inboxPulse() {
  const [{ unread }, [latest], [answer]] = await Promise.all([
    messageStats(),
    db().select({ id: messages.id }).from(messages).orderBy(desc(messages.createdAt)).limit(1),
    // A visitor's answer brings a conversation back as surely as a new message.
    db()
      .select({ id: inboundEmails.id })
      .from(inboundEmails)
      .orderBy(desc(inboundEmails.receivedAt))
      .limit(1),
  ]);
  return { unread, latestId: latest?.id ?? null, latestAnswerId: answer?.id ?? null };
}

/** Every message of a list state, oldest first in batches, for the CSV export. */
export async function* messagesForExport(
  query: InboxQuery,
  actor: Pick<Admin, "id">,
  batchSize = 1000,
) {
  const { where } = inboxConditions(query, actor);
  let after: { key: string; id: string } | null = null;
  for (;;) {
    // The cursor keeps microseconds: messages stored in one millisecond are all exported.
    const cursor: SQL | undefined = after
      ? sql`(${messages.createdAt}, ${messages.id}) < (${after.key}::timestamp at time zone 'UTC', ${after.id}::uuid)`
      : undefined;
    const rows: {
      message: typeof messages.$inferSelect;
      assignedName: string | null;
      key: string;
    }[] = await db()
      .select({ message: messages, assignedName: admins.name, key: createdAtKey })
      .from(messages)
      .leftJoin(admins, eq(admins.id, messages.assignedTo))
      .where(and(where, cursor))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(batchSize);
    if (!rows.length) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { key: last.key, id: last.message.id };
  }
}
