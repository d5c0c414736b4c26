import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { admins } from "./auth";
import { moment, optionalRef, primaryId, requiredRef } from "./columns";
import { messages } from "./messages";
import type { whatsappDeliveryStatuses, whatsappDirections } from "./values";

// ---------------------------------------------------------------------------
// WhatsApp (the Cloud API): every message in a WhatsApp conversation, each stored once by
// Meta's id (wamid) however often its webhook delivers it, and the delivery statuses Meta reports
// for ours, kept apart so that a status arriving before its message is never lost
// ---------------------------------------------------------------------------

export type WhatsappDirection = (typeof whatsappDirections)[number];
export type WhatsappDeliveryStatus = (typeof whatsappDeliveryStatuses)[number];

/** What a visitor's message carried besides text, as staff are shown it. */
export type WhatsappContent = {
  /** Meta's type: text, image, document, audio, video, sticker, location, … */
  type: string;
  /** A place the visitor shared. */
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  /** The file kept in private storage. */
  file?: { key: string; name: string; contentType: string; size: number };
  /** Why the file was not kept (too large, a refused type, Meta's link failed). */
  refusedFile?: { name: string; reason: string };
  /** An approved template we sent: its name, language and filled parameters. */
  template?: { name: string; language: string; parameters: string[] };
};

export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: primaryId(),
    /** The conversation (a 'whatsapp' message) it belongs to. */
    messageId: requiredRef("message_id", () => messages.id, "cascade"),
    /** Meta's id; null only for a send Meta refused (it never got one). */
    wamid: text("wamid"),
    direction: text("direction").$type<WhatsappDirection>().notNull(),
    /** The text, caption, or the template's text as sent; '' for a file without a caption. */
    body: text("body").notNull().default(""),
    content: jsonb("content").$type<WhatsappContent>().notNull(),
    /** The wamid of the message this one replies to (WhatsApp's 'reply' context). */
    contextWamid: text("context_wamid"),
    /** Who sent it from the portal (outbound). */
    actorId: optionalRef("actor_id", () => admins.id),
    /** Meta's refusal of a send: its error code and title, shown on the message. */
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    /** When it was written: Meta's timestamp for a visitor's message, our send's for ours. */
    sentAt: moment("sent_at").notNull(),
    /** When a staff reply first answered this visitor message (its response time). */
    answeredAt: moment("answered_at"),
    /** Whether it restarted the conversation's 24-hour clock (the conversation had been answered). */
    restartedClock: boolean("restarted_clock").notNull().default(false),
    storedAt: moment("stored_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    unique("whatsapp_messages_wamid_unique").on(t.wamid),
    index("whatsapp_messages_message_id_idx").on(t.messageId, t.sentAt),
  ],
);

/** Meta's delivery statuses of our messages: one row per message and status, in any order. */
export const whatsappStatuses = pgTable(
  "whatsapp_statuses",
  {
    wamid: text("wamid").notNull(),
    status: text("status").$type<WhatsappDeliveryStatus>().notNull(),
    at: moment("at").notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
  },
  (t) => [unique("whatsapp_statuses_wamid_status_unique").on(t.wamid, t.status)],
);

export type WhatsappMessage = typeof whatsappMessages.$inferSelect;
export type NewWhatsappMessage = typeof whatsappMessages.$inferInsert;
