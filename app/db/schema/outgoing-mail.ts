import { type AnyPgColumn, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { certificates } from "./certificates";
import { createdAt, moment, newestFirst, optionalRef, primaryId } from "./columns";
import { messages } from "./messages";
import { payments } from "./payments";
import { type outgoingEmailKinds, outgoingEmailStatuses } from "./values";

// ---------------------------------------------------------------------------
// Outgoing e-mail: the record of every e-mail the app must send, written in the same transaction
// as what causes it; the job queue (pg-boss, schema "pgboss") delivers it with retries
// ---------------------------------------------------------------------------

export type OutgoingEmailKind = (typeof outgoingEmailKinds)[number];
export const outgoingEmailStatus = pgEnum("outgoing_email_status", outgoingEmailStatuses);

export const outgoingEmails = pgTable(
  "outgoing_emails",
  {
    id: primaryId(),
    // Text, not an enum: later kinds (acknowledgements, reminders) need no enum migration.
    kind: text("kind").$type<OutgoingEmailKind>().notNull(),
    recipients: text("recipients").array().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Where answers go, when not to the sender (a reply to a visitor: REPLY_TO). */
    replyTo: text("reply_to"),
    status: outgoingEmailStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // The visitor's message an e-mail is about; deleting the message deletes its e-mails.
    messageId: optionalRef("message_id", () => messages.id, "cascade"),
    /** When the visitor's mail server sent the e-mail back as undeliverable (a bounce). */
    bouncedAt: moment("bounced_at"),
    /** The payment a receipt e-mail is for: its PDF is attached when the e-mail is sent. */
    paymentId: uuid("payment_id").references((): AnyPgColumn => payments.id, {
      onDelete: "set null",
    }),
    /** The certificate an e-mail carries: its PDF is attached when the e-mail is sent. */
    certificateId: uuid("certificate_id").references((): AnyPgColumn => certificates.id),
    createdAt: createdAt(),
    sentAt: moment("sent_at"),
  },
  (t) => [
    index("outgoing_emails_created_at_id_idx").on(...newestFirst(t)),
    index("outgoing_emails_message_id_idx").on(t.messageId),
  ],
);
export type OutgoingEmail = typeof outgoingEmails.$inferSelect;
