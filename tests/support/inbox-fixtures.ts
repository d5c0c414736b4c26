import { asc, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  type Message,
  messageStatusCounts,
  messageStatuses,
  messages,
  type NewMessage,
} from "~/db/schema";
import type { InboxQuery } from "~/features/messages/list-url";

/** The inbox list's query when the URL sets none of it, written out. */
export const INBOX_DEFAULTS: InboxQuery = {
  tab: "all",
  formType: "",
  status: "",
  priority: "",
  clock: "",
  q: "",
  sort: "newest",
  page: 1,
};

let counter = 0;

/** A message row with the required columns filled in (a unique name and e-mail). */
export function messageRow(overrides: Partial<NewMessage> = {}): NewMessage {
  counter += 1;
  return {
    formType: "contact",
    fullName: `Sender ${counter}`,
    email: `sender.${counter}@mail.test`,
    subject: "General Question",
    message: `Message body ${counter}`,
    ...overrides,
  };
}

/** Inserts rows in one statement and returns them in the order given. */
export async function insertMessages(rows: Partial<NewMessage>[]): Promise<Message[]> {
  if (!rows.length) return [];
  return db().insert(messages).values(rows.map(messageRow)).returning();
}

export async function insertMessage(row: Partial<NewMessage> = {}): Promise<Message> {
  const [inserted] = await insertMessages([row]);
  if (!inserted) throw new Error("The message was not inserted");
  return inserted;
}

/** A created_at value with microseconds, which a JavaScript Date cannot hold. */
export const preciseTimestamp = (iso: string) => sql`${iso}::timestamptz` as unknown as Date;

export async function findMessage(id: string): Promise<Message> {
  const [row] = await db().select().from(messages).where(sql`${messages.id} = ${id}`);
  if (!row) throw new Error(`Message ${id} not found`);
  return row;
}

type StatusTotals = Record<(typeof messageStatuses)[number], number>;

const zeroTotals = (): StatusTotals => ({ unread: 0, read: 0, replied: 0, archived: 0 });

/** The trigger-maintained counters, one entry per status. */
export async function counterTotals(): Promise<StatusTotals> {
  const totals = zeroTotals();
  for (const row of await db().select().from(messageStatusCounts)) totals[row.status] = row.total;
  return totals;
}

/** `select status, count(*) from messages group by status`, one entry per status. */
export async function actualTotals(): Promise<StatusTotals> {
  const totals = zeroTotals();
  const rows = await db()
    .select({ status: messages.status, total: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .groupBy(messages.status)
    .orderBy(asc(messages.status));
  for (const row of rows) totals[row.status] = row.total;
  return totals;
}

export const allStatuses = messageStatuses;

/** A tiny RFC 4180 parser: rows of cells (quoted cells unquoted, doubled quotes undone). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index++;
    } else cell += char;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Reads a stream's text until `done(text)` holds or the time runs out. */
export async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  done: (text: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!done(text)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0)
      throw new Error(`Timed out reading the stream; got: ${JSON.stringify(text)}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), remaining);
    });
    const next = await Promise.race([reader.read(), timeout]);
    clearTimeout(timer);
    if (next === "timeout") continue;
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  return text;
}

/**
 * Polls `check` until it returns a value (not undefined) or the time runs out. The bound is
 * only how long a failure takes to report: a passing check returns at once. It is generous
 * (below the 30 s test timeout) because the whole suite loads two cores (sharp renders photos
 * while pg-boss polls), and a
 * delivery that missed a 10 s bound there failed every later test of its file with it.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 20_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
