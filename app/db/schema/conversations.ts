import { boolean, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { moment, primaryId, requiredRef } from "./columns";
import { messages } from "./messages";
import type { inboundEmailKinds } from "./values";

// ---------------------------------------------------------------------------
// Inbound e-mail: every mail received (IMAP or the SMTP listener) that joined a conversation,
// stored once per Message-ID before the source is told it is safe (decision 0048)
// ---------------------------------------------------------------------------

export type InboundEmailKind = (typeof inboundEmailKinds)[number];

export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: primaryId(),
    /** The conversation it joined (a new mail starts one: an 'email' message). */
    messageId: requiredRef("message_id", () => messages.id, "cascade"),
    /** The Message-ID header, or a digest of the mail when it has none: a redelivery is a no-op. */
    rfcMessageId: text("rfc_message_id").notNull(),
    kind: text("kind").$type<InboundEmailKind>().notNull(),
    fromAddress: text("from_address").notNull(),
    fromName: text("from_name"),
    subject: text("subject"),
    /** What the visitor wrote this time, without the quoted history. */
    newText: text("new_text").notNull(),
    /** The whole mail as text (HTML turned into text, never kept as markup). */
    fullText: text("full_text").notNull(),
    /** Attachments not kept (too large, refused type), each with the reason staff are shown. */
    refusedFiles: jsonb("refused_files")
      .$type<{ name: string; reason: string }[]>()
      .notNull()
      .default([]),
    /** When a staff reply first answered this visitor answer (its response time). */
    answeredAt: moment("answered_at"),
    /** Whether it restarted the conversation's 24-hour clock (the conversation had been answered). */
    restartedClock: boolean("restarted_clock").notNull().default(false),
    receivedAt: moment("received_at").notNull().defaultNow(),
  },
  (t) => [
    unique("inbound_emails_rfc_message_id_unique").on(t.rfcMessageId),
    index("inbound_emails_message_id_idx").on(t.messageId, t.receivedAt),
    // The newest answer (the portal's live updates) and the reply times of a period.
    index("inbound_emails_received_at_idx").on(t.receivedAt),
  ],
);

/** Files that came with an inbound e-mail, kept in the private `mail-attachments` bucket. */
export const inboundAttachments = pgTable(
  "inbound_attachments",
  {
    id: primaryId(),
    inboundEmailId: requiredRef("inbound_email_id", () => inboundEmails.id, "cascade"),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [index("inbound_attachments_inbound_email_id_idx").on(t.inboundEmailId)],
);
export type InboundEmail = typeof inboundEmails.$inferSelect;
