import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { admins } from "./auth";
import { moment, optionalRef, primaryId, requiredRef } from "./columns";
import { inboundEmails } from "./conversations";
import { messages } from "./messages";
import { outgoingEmails } from "./outgoing-mail";
import type { messageEventKinds } from "./values";
import { whatsappMessages } from "./whatsapp";

// ---------------------------------------------------------------------------
// A message's history: who did what to it and when. Changes of status, priority, assignee and
// notes are written by a trigger (migration 0008), so no path can forget one; replies,
// reminders and acknowledgements are written by the code that sends them.
// ---------------------------------------------------------------------------

export type MessageEventKind = (typeof messageEventKinds)[number];

export const messageEvents = pgTable(
  "message_events",
  {
    id: primaryId(),
    messageId: requiredRef("message_id", () => messages.id, "cascade"),
    kind: text("kind").$type<MessageEventKind>().notNull(),
    /** The admin who did it; null for the system (a reminder) or an admin since deleted. */
    actorId: optionalRef("actor_id", () => admins.id),
    /** A change's old and new value (`from`, `to`): status, priority or assignee id. */
    detail: jsonb("detail").$type<{ from?: string | null; to?: string | null; by?: string }>(),
    /** The e-mail an event sent (a reply, a reminder), with its delivery status. */
    emailId: optionalRef("email_id", () => outgoingEmails.id),
    /** The e-mail received that the event records (a visitor's answer, an auto-reply, a bounce). */
    inboundEmailId: uuid("inbound_email_id").references((): AnyPgColumn => inboundEmails.id, {
      onDelete: "cascade",
    }),
    /** The WhatsApp message the event records (one received, or one sent from the portal). */
    whatsappMessageId: uuid("whatsapp_message_id").references(
      (): AnyPgColumn => whatsappMessages.id,
      { onDelete: "cascade" },
    ),
    // The time of the statement, not of its transaction (now()): a reply and the status change
    // it causes are one transaction, and the history must show them in the order they happened.
    createdAt: moment("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("message_events_message_id_created_at_idx").on(t.messageId, t.createdAt)],
);
export type MessageEvent = typeof messageEvents.$inferSelect;
export type NewMessageEvent = typeof messageEvents.$inferInsert;
