import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { admins } from "./auth";
import { inboundEmails } from "./conversations";
import { messages } from "./messages";
import { outgoingEmails } from "./outgoing-mail";

// ---------------------------------------------------------------------------
// A message's history: who did what to it and when. Changes of status, priority, assignee and
// notes are written by a trigger (migration 0008), so no path can forget one; replies,
// reminders and acknowledgements are written by the code that sends them.
// ---------------------------------------------------------------------------

export const messageEventKinds = [
  "status",
  "priority",
  "assigned",
  "notes",
  "reply-sent",
  "replied-whatsapp",
  "replied-email",
  "acknowledgement-sent",
  "reminder-sent",
  "visitor-answered",
  "auto-reply",
  "reply-bounced",
] as const;
export type MessageEventKind = (typeof messageEventKinds)[number];

export const messageEvents = pgTable(
  "message_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MessageEventKind>().notNull(),
    /** The admin who did it; null for the system (a reminder) or an admin since deleted. */
    actorId: uuid("actor_id").references(() => admins.id, { onDelete: "set null" }),
    /** A change's old and new value (`from`, `to`): status, priority or assignee id. */
    detail: jsonb("detail").$type<{ from?: string | null; to?: string | null; by?: string }>(),
    /** The e-mail an event sent (a reply, a reminder), with its delivery status. */
    emailId: uuid("email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    /** The e-mail received that the event records (a visitor's answer, an auto-reply, a bounce). */
    inboundEmailId: uuid("inbound_email_id").references((): AnyPgColumn => inboundEmails.id, {
      onDelete: "cascade",
    }),
    // The time of the statement, not of its transaction (now()): a reply and the status change
    // it causes are one transaction, and the history must show them in the order they happened.
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("message_events_message_id_created_at_idx").on(t.messageId, t.createdAt)],
);
export type MessageEvent = typeof messageEvents.$inferSelect;
