import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { admins } from "./auth";
import { createdAt, moment, newestFirst, optionalRef, primaryId, updatedAt } from "./columns";
import { messageFormTypes, messagePriorities, messageStatuses } from "./values";

// ---------------------------------------------------------------------------
// Messages: what visitors send through the contact and inquiry forms, and how staff handle it
// ---------------------------------------------------------------------------

export const messageFormType = pgEnum("message_form_type", messageFormTypes);
export const messageStatus = pgEnum("message_status", messageStatuses);
export const messagePriority = pgEnum("message_priority", messagePriorities);

export const messageReferenceSequence = pgSequence("message_reference_seq");

export const messages = pgTable(
  "messages",
  {
    id: primaryId(),
    formType: messageFormType("form_type").notNull(),
    fullName: text("full_name").notNull(),
    /** The visitor's address; null for a WhatsApp conversation, known by its phone. */
    email: text("email"),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message"),
    inquiryType: text("inquiry_type"),
    courseInterest: text("course_interest"),
    contactMethod: text("contact_method"),
    consentGiven: boolean("consent_given").notNull().default(false),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    status: messageStatus("status").notNull().default("unread"),
    priority: messagePriority("priority").notNull().default("normal"),
    assignedTo: optionalRef("assigned_to", () => admins.id),
    adminNotes: text("admin_notes"),
    readBy: optionalRef("read_by", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readAt: moment("read_at"),
    /** The first reply: stamped once, by a reply sent from the portal or one recorded by hand. */
    repliedAt: moment("replied_at"),
    /** The short number shown to the visitor as 'LTA-0001234'; from a sequence, never reused. */
    reference: integer("reference").notNull().default(sql`nextval('message_reference_seq')`),
    /** When the 20-hour reminder went out: set once, so a repeated reminder job sends nothing. */
    remindedAt: moment("reminded_at"),
    /**
     * When the 24-hour clock started: the message's arrival (a trigger sets it on insert), then
     * each visitor answer to a conversation staff had answered (migration 0021).
     */
    waitingSince: moment("waiting_since").notNull().defaultNow(),
    /**
     * The unguessable part of the conversation's reply address (`replies+<token>@…`), which
     * threads the visitor's answers back here. Not a credential: it only lets mail join this
     * conversation, and it is in every reply the visitor gets.
     */
    replyToken: text("reply_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    unique("messages_reference_unique").on(t.reference),
    unique("messages_reply_token_unique").on(t.replyToken),
    // Messages still waiting for a reply (status unread or read), oldest first: the overdue
    // tab, the due-soon filter and the dashboard's clock figures read only this small index.
    // Migration 0008 also creates messages_unanswered_first_idx, an expression index drizzle-kit
    // cannot declare here, for the sort 'oldest unanswered first' (reply-clock.server.ts).
    index("messages_awaiting_reply_waiting_since_idx")
      .on(t.waitingSince, t.id)
      .where(sql`${t.status} in ('unread', 'read')`),
    // The reports' time to first reply (reports.server.ts): replied messages by arrival, and
    // those still unanswered, each read from its index alone.
    index("messages_replied_created_at_idx")
      .on(t.createdAt, t.repliedAt)
      .where(sql`${t.repliedAt} is not null`),
    index("messages_unanswered_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('unread', 'read') and ${t.repliedAt} is null`),
    // Each list order is (created_at, id), so pages are stable and read straight off an index.
    index("messages_created_at_id_idx").on(...newestFirst(t)),
    index("messages_status_created_at_id_idx").on(t.status, ...newestFirst(t)),
    index("messages_form_type_created_at_id_idx").on(t.formType, ...newestFirst(t)),
    index("messages_priority_created_at_id_idx").on(t.priority, ...newestFirst(t)),
    index("messages_assigned_to_created_at_id_idx").on(t.assignedTo, ...newestFirst(t)),
    // A sender's other messages (sender-messages.server.ts): the query's expressions must stay
    // identical to these, or PostgreSQL cannot use the indexes.
    index("messages_email_lower_idx").on(sql`lower(${t.email})`),
    index("messages_phone_digits_idx").on(
      sql`right(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), 10)`,
    ),
  ],
);

/**
 * How many messages have each status, kept exact by statement-level triggers (migration
 * 0003), so the inbox's figures cost one tiny read however many messages there are.
 */
export const messageStatusCounts = pgTable("message_status_counts", {
  status: messageStatus("status").primaryKey(),
  total: integer("total").notNull().default(0),
});
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
