import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * A list's order, newest first: (created_at, id) descending, so pages are stable and read
 * straight off an index. NULLS FIRST is what PostgreSQL's DESC means by default.
 */
const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Authentication (Better Auth's core tables; ids are UUIDs: a signed-in user's id must be one)
// ---------------------------------------------------------------------------

export const authUser = pgTable("auth_user", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSession = pgTable(
  "auth_session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_session_user_id_idx").on(t.userId)],
);

export const authAccount = pgTable(
  "auth_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_account_user_id_idx").on(t.userId)],
);

export const authVerification = pgTable(
  "auth_verification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verification_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------------------
// Admins: the staff who sign in to the portal, each tied to one sign-in account
// ---------------------------------------------------------------------------

export const adminRoles = ["admin", "super_admin"] as const;
export const adminRole = pgEnum("admin_role", adminRoles);

export const admins = pgTable(
  "admins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => authUser.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    role: adminRole("role").notNull().default("admin"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admins_email_lower_idx").on(sql`lower(${t.email})`),
    index("admins_created_at_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Courses: the catalogue, with every field a course page shows
// ---------------------------------------------------------------------------

export const courseCategories = ["Design", "Marketing", "Data Science", "Programming"] as const;
export const courseLevels = ["Beginner", "Intermediate", "Advanced"] as const;
export const courseCategory = pgEnum("course_category", courseCategories);
export const courseLevel = pgEnum("course_level", courseLevels);

export type CourseModule = { title: string; description: string; topics: string[] };
/** A WebP rendition of a course image, for `srcset`. */
export type ImageVariant = { width: number; url: string };
export type CourseFaq = { question: string; answer: string };

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: courseCategory("category").notNull().default("Programming"),
    icon: text("icon").notNull().default("BookOpen"),
    image: text("image"),
    imageVariants: jsonb("image_variants").$type<ImageVariant[]>().notNull().default([]),
    brochureUrl: text("brochure_url"),
    /** Size of the brochure in bytes, shown on its download button ('PDF, 1.2 MB'). */
    brochureBytes: integer("brochure_bytes"),
    /** A 1200x630 JPEG made from the course image for link previews (WhatsApp shows no WebP). */
    shareImage: text("share_image"),
    duration: text("duration"),
    level: courseLevel("level").notNull().default("Beginner"),
    difficulty: text("difficulty").default("Beginner"),
    /** Money is whole kobo everywhere (the unit Paystack uses); pages show Naira. */
    price: bigint("price_kobo", { mode: "number" }).notNull().default(0),
    originalPrice: bigint("original_price_kobo", { mode: "number" }).notNull().default(0),
    rating: real("rating").notNull().default(0),
    lessons: integer("lessons").notNull().default(0),
    certification: text("certification"),
    language: text("language").notNull().default("English"),
    subtitles: text("subtitles").array().notNull().default(sql`ARRAY['English']::text[]`),
    schedule: text("schedule"),
    format: text("format").default("Available in-person and online"),
    classSize: text("class_size"),
    location: text("location").default("Lagos, Nigeria"),
    deliveryMethod: text("delivery_method"),
    learningOutcomes: text("learning_outcomes").array().notNull().default(sql`'{}'`),
    prerequisites: text("prerequisites").array().notNull().default(sql`'{}'`),
    skills: text("skills").array().notNull().default(sql`'{}'`),
    modules: jsonb("modules").$type<CourseModule[]>().notNull().default([]),
    faqs: jsonb("faqs").$type<CourseFaq[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid("created_by").references(() => authUser.id, { onDelete: "set null" }),
  },
  (t) => [
    index("courses_active_created_at_idx").on(t.isActive, t.createdAt),
    index("courses_category_idx").on(t.category),
    check("courses_price_non_negative", sql`${t.price} >= 0 AND ${t.originalPrice} >= 0`),
    check("courses_rating_range", sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check("courses_lessons_non_negative", sql`${t.lessons} >= 0`),
  ],
);

/**
 * One row whose number goes up with every statement that changes `courses` (a trigger, migration
 * 0012). Every public page shows course data, so each app process keeps its rendered public pages
 * under this number and knows, with one tiny read, when another process has changed a course.
 */
export const publicContentVersion = pgTable(
  "public_content_version",
  {
    id: boolean("id").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("public_content_version_one_row", sql`${t.id}`)],
);

// ---------------------------------------------------------------------------
// Course audit log: who changed which course, when, and what changed
// ---------------------------------------------------------------------------

export const courseChangeActions = [
  "created",
  "updated",
  "activated",
  "deactivated",
  "deleted",
] as const;
export const courseChangeAction = pgEnum("course_change_action", courseChangeActions);

/** `{ field: { from, to } }` for updates and toggles; `{ course: { from, to: null } }` for deletes. */
export type CourseChangeSet = Record<string, { from: unknown; to: unknown }>;

export const courseChanges = pgTable(
  "course_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key: the history of a deleted course stays readable.
    courseId: uuid("course_id").notNull(),
    courseTitle: text("course_title").notNull(),
    action: courseChangeAction("action").notNull(),
    changes: jsonb("changes").$type<CourseChangeSet>().notNull().default({}),
    actorId: uuid("actor_id").references(() => admins.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("course_changes_course_created_at_idx").on(t.courseId, t.createdAt.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------------------
// Intakes: a course's dated cohorts, each with its seats, enrolment window and price
// ---------------------------------------------------------------------------

export const intakeModes = ["in-person", "online", "both"] as const;
export const intakeMode = pgEnum("intake_mode", intakeModes);
export const intakeStatuses = ["draft", "open", "closed", "cancelled"] as const;
export const intakeStatus = pgEnum("intake_status", intakeStatuses);
/** 'first-come': a place is offered on applying while seats remain; 'reviewed': staff decide. */
export const admissionModes = ["reviewed", "first-come"] as const;
export const admissionMode = pgEnum("admission_mode", admissionModes);

export const paymentPlanKinds = ["full", "two-instalments", "monthly"] as const;
export const paymentPlanKind = pgEnum("payment_plan_kind", paymentPlanKinds);

export const intakes = pgTable(
  "intakes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** 'January 2027 · weekday evenings'. */
    label: text("label").notNull(),
    /** Calendar dates in Lagos. */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    /** The class times in words: 'Mon, Wed, Thu 6-9 pm'. */
    classTimes: text("class_times"),
    mode: intakeMode("mode").notNull().default("both"),
    location: text("location"),
    seats: integer("seats").notNull(),
    /** Enrolment opens when the intake is open and this instant has passed (none: at once). */
    enrolmentOpensAt: timestamp("enrolment_opens_at", { withTimezone: true }),
    enrolmentClosesAt: timestamp("enrolment_closes_at", { withTimezone: true }).notNull(),
    /** Whole kobo, like every amount (decision 0040); a new intake starts at the course's. */
    price: bigint("price_kobo", { mode: "number" }).notNull(),
    earlyBirdPrice: bigint("early_bird_price_kobo", { mode: "number" }),
    /** The last Lagos date the early-bird price applies. */
    earlyBirdEndsOn: date("early_bird_ends_on", { mode: "string" }),
    status: intakeStatus("status").notNull().default("draft"),
    cancelReason: text("cancel_reason"),
    admissionMode: admissionMode("admission_mode").notNull().default("reviewed"),
    /** The plans an applicant may choose from (app/features/payments/payment-plans.ts). */
    paymentPlans: paymentPlanKind("payment_plans")
      .array()
      .notNull()
      .default(sql`'{full}'::payment_plan_kind[]`),
    /** Kobo off the price for whoever pays in full; none: no discount. */
    payInFullDiscount: bigint("pay_in_full_discount_kobo", { mode: "number" }),
    /**
     * Offers not yet expired + accepted + enrolled applications, kept by a trigger on
     * applications (migration 0018); the CHECK below is what makes overselling impossible.
     */
    placesTaken: integer("places_taken").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid("created_by").references(() => authUser.id, { onDelete: "set null" }),
  },
  (t) => [
    index("intakes_course_starts_on_idx").on(t.courseId, t.startsOn),
    check(
      "intakes_places_within_seats",
      sql`${t.placesTaken} >= 0 AND ${t.placesTaken} <= ${t.seats}`,
    ),
    check("intakes_ends_after_start", sql`${t.endsOn} >= ${t.startsOn}`),
    check("intakes_seats_positive", sql`${t.seats} > 0`),
    check("intakes_price_non_negative", sql`${t.price} >= 0`),
    check(
      "intakes_early_bird_complete",
      sql`(${t.earlyBirdPrice} IS NULL) = (${t.earlyBirdEndsOn} IS NULL)`,
    ),
    check(
      "intakes_early_bird_below_price",
      sql`${t.earlyBirdPrice} IS NULL OR (${t.earlyBirdPrice} >= 0 AND ${t.earlyBirdPrice} < ${t.price})`,
    ),
    check(
      "intakes_cancel_reason",
      sql`(${t.status} = 'cancelled') = (${t.cancelReason} IS NOT NULL)`,
    ),
  ],
);

export const intakeChangeActions = ["created", "updated", "cancelled"] as const;
export const intakeChangeAction = pgEnum("intake_change_action", intakeChangeActions);

/** Who changed which intake, when, and what: the course history's rules, per intake. */
export const intakeChanges = pgTable(
  "intake_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key: the history of a deleted course's intakes stays readable.
    intakeId: uuid("intake_id").notNull(),
    courseId: uuid("course_id").notNull(),
    intakeLabel: text("intake_label").notNull(),
    action: intakeChangeAction("action").notNull(),
    changes: jsonb("changes").$type<CourseChangeSet>().notNull().default({}),
    actorId: uuid("actor_id").references(() => admins.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("intake_changes_intake_created_at_idx").on(t.intakeId, t.createdAt.desc().nullsFirst()),
  ],
);

export type Intake = typeof intakes.$inferSelect;
export type NewIntake = typeof intakes.$inferInsert;

// ---------------------------------------------------------------------------
// Messages: what visitors send through the contact and inquiry forms, and how staff handle it
// ---------------------------------------------------------------------------

export const messageFormTypes = ["contact", "inquiry", "email"] as const;
export const messageStatuses = ["unread", "read", "replied", "archived"] as const;
export const messagePriorities = ["low", "normal", "high", "urgent"] as const;
export const messageFormType = pgEnum("message_form_type", messageFormTypes);
export const messageStatus = pgEnum("message_status", messageStatuses);
export const messagePriority = pgEnum("message_priority", messagePriorities);

export const messageReferenceSequence = pgSequence("message_reference_seq");

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formType: messageFormType("form_type").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
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
    assignedTo: uuid("assigned_to").references(() => admins.id, { onDelete: "set null" }),
    adminNotes: text("admin_notes"),
    readBy: uuid("read_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The first reply: stamped once, by a reply sent from the portal or one recorded by hand. */
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** The short number shown to the visitor as 'LTA-0001234'; from a sequence, never reused. */
    reference: integer("reference").notNull().default(sql`nextval('message_reference_seq')`),
    /** When the 20-hour reminder went out: set once, so a repeated reminder job sends nothing. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /**
     * When the 24-hour clock started: the message's arrival (a trigger sets it on insert), then
     * each visitor answer to a conversation staff had answered (migration 0021).
     */
    waitingSince: timestamp("waiting_since", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
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

// ---------------------------------------------------------------------------
// Rate limits: fixed-window counters shared by every app process
// ---------------------------------------------------------------------------

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// 'Chat on WhatsApp' clicks: one row per course per Lagos day (course null: the footer's
// button), so staff see which courses draw chats without anyone being tracked
// ---------------------------------------------------------------------------

export const whatsappClicks = pgTable(
  "whatsapp_clicks",
  {
    day: date("day", { mode: "string" }).notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [unique("whatsapp_clicks_day_course_unique").on(t.day, t.courseId).nullsNotDistinct()],
);

// ---------------------------------------------------------------------------
// Report counts: small tables of counts, never a row per visitor or per message
// ---------------------------------------------------------------------------

/** Views of each course page per Lagos day, by people (not bots); nothing about the visitor. */
export const coursePageViews = pgTable(
  "course_page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.courseId] })],
);

/**
 * Messages received per hour and form. Kept by the trigger message_counts_record (migration
 * 0011) on every insert, delete and change of a message, so reports read hours, not messages.
 */
export const messageHourlyCounts = pgTable(
  "message_hourly_counts",
  {
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    formType: messageFormType("form_type").notNull(),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.formType] })],
);

/** Inquiries per Lagos day by type, contact method and course named; kept by the same trigger. */
export const inquiryDailyCounts = pgTable(
  "inquiry_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    inquiryType: text("inquiry_type"),
    contactMethod: text("contact_method"),
    courseInterest: text("course_interest"),
    inquiries: integer("inquiries").notNull().default(0),
  },
  (t) => [
    unique("inquiry_daily_counts_unique")
      .on(t.day, t.inquiryType, t.contactMethod, t.courseInterest)
      .nullsNotDistinct(),
  ],
);

// ---------------------------------------------------------------------------
// Outgoing e-mail: the record of every e-mail the app must send, written in the same transaction
// as what causes it; the job queue (pg-boss, schema "pgboss") delivers it with retries
// ---------------------------------------------------------------------------

export const outgoingEmailStatuses = ["queued", "sent", "failed"] as const;
export const outgoingEmailKinds = [
  "staff-alert",
  "password-reset",
  "sign-in-link",
  "reply",
  "acknowledgement",
  "assignment",
  "reminder",
  "application",
  "payment",
  "answer-alert",
] as const;
export type OutgoingEmailKind = (typeof outgoingEmailKinds)[number];
export const outgoingEmailStatus = pgEnum("outgoing_email_status", outgoingEmailStatuses);

export const outgoingEmails = pgTable(
  "outgoing_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
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
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    /** When the visitor's mail server sent the e-mail back as undeliverable (a bounce). */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    /** The payment a receipt e-mail is for: its PDF is attached when the e-mail is sent. */
    paymentId: uuid("payment_id").references((): AnyPgColumn => payments.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outgoing_emails_created_at_id_idx").on(...newestFirst(t)),
    index("outgoing_emails_message_id_idx").on(t.messageId),
  ],
);

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

// ---------------------------------------------------------------------------
// Inbound e-mail: every mail received (IMAP or the SMTP listener) that joined a conversation,
// stored once per Message-ID before the source is told it is safe (decision 0048)
// ---------------------------------------------------------------------------

/** 'too-large': a visitor's mail over the size limit, kept as its headers and a note only. */
export const inboundEmailKinds = ["visitor", "auto-reply", "bounce", "too-large"] as const;
export type InboundEmailKind = (typeof inboundEmailKinds)[number];

export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The conversation it joined (a new mail starts one: an 'email' message). */
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
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
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    /** Whether it restarted the conversation's 24-hour clock (the conversation had been answered). */
    restartedClock: boolean("restarted_clock").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
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
    id: uuid("id").primaryKey().defaultRandom(),
    inboundEmailId: uuid("inbound_email_id")
      .notNull()
      .references(() => inboundEmails.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [index("inbound_attachments_inbound_email_id_idx").on(t.inboundEmailId)],
);

// ---------------------------------------------------------------------------
// Saved replies: reusable answers staff insert into an e-mail or WhatsApp reply
// ---------------------------------------------------------------------------

export const savedReplies = pgTable(
  "saved_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: uuid("created_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Unique whatever the case: 'Fees' and 'fees' would be two entries staff cannot tell apart.
  (t) => [uniqueIndex("saved_replies_title_lower_idx").on(sql`lower(${t.title})`)],
);

/**
 * The academy's tutors as the public pages introduce them. A photo is stored like a course
 * image (its original and square WebP renditions); a tutor who leaves is made inactive, not
 * deleted, so that what the site showed stays explainable.
 */
export const tutors = pgTable(
  "tutors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** What they do at the academy, e.g. 'Lead tutor, Data'. */
    role: text("role").notNull(),
    bio: text("bio").notNull().default(""),
    photo: text("photo"),
    photoVariants: jsonb("photo_variants").$type<ImageVariant[]>().notNull().default([]),
    /** A LinkedIn or portfolio page: an https URL. */
    link: text("link"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid("created_by").references(() => authUser.id, { onDelete: "set null" }),
  },
  (t) => [index("tutors_active_name_idx").on(t.isActive, t.name)],
);

/** Who teaches an intake, in the order the course page introduces them. */
export const intakeTutors = pgTable(
  "intake_tutors",
  {
    intakeId: uuid("intake_id")
      .notNull()
      .references(() => intakes.id, { onDelete: "cascade" }),
    tutorId: uuid("tutor_id")
      .notNull()
      .references(() => tutors.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.intakeId, t.tutorId] }),
    index("intake_tutors_tutor_idx").on(t.tutorId),
  ],
);

// ---------------------------------------------------------------------------
// Applications: a person's request for a place in an intake, and what became of it
// ---------------------------------------------------------------------------

export const applicationStatuses = [
  "new",
  "offered",
  "accepted",
  "enrolled",
  "waitlisted",
  "declined",
  "withdrawn",
  "expired",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatus = pgEnum("application_status", applicationStatuses);

export const applicationReferenceSequence = pgSequence("application_reference_seq");

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shown as 'LTA-A-001234'; from a sequence, never reused. */
    reference: integer("reference").notNull().default(sql`nextval('application_reference_seq')`),
    // Restrict: an intake people applied to is cancelled, never deleted with their applications.
    intakeId: uuid("intake_id")
      .notNull()
      .references(() => intakes.id, { onDelete: "restrict" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    /** E.164, '+2348031234567'. */
    phone: text("phone").notNull(),
    experienceLevel: text("experience_level").notNull(),
    goals: text("goals").notNull(),
    heardFrom: text("heard_from").notNull(),
    consentGiven: boolean("consent_given").notNull().default(false),
    status: applicationStatus("status").notNull(),
    /** Until when an offer holds its place; set while offered. */
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    offerRemindedAt: timestamp("offer_reminded_at", { withTimezone: true }),
    /** When the applicant accepted the offer: it decides the price (the early bird). */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The plan the applicant chose to pay by; its instalments are in `instalments`. */
    paymentPlan: paymentPlanKind("payment_plan"),
    /** The place in line: waitlisted applications are offered in this order. */
    waitlistedAt: timestamp("waitlisted_at", { withTimezone: true }),
    assignedTo: uuid("assigned_to").references(() => admins.id, { onDelete: "set null" }),
    adminNotes: text("admin_notes"),
    /** The first answer (staff's decision, or an automatic offer): the 24-hour clock stops. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("applications_reference_unique").on(t.reference),
    // One live application per address and intake: a second one would take a second place.
    uniqueIndex("applications_one_live_per_intake_idx")
      .on(t.intakeId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('new', 'offered', 'accepted', 'enrolled', 'waitlisted')`),
    check(
      "applications_offer_has_deadline",
      sql`${t.status} <> 'offered' OR ${t.offerExpiresAt} IS NOT NULL`,
    ),
    check(
      "applications_waitlist_has_place",
      sql`${t.status} <> 'waitlisted' OR ${t.waitlistedAt} IS NOT NULL`,
    ),
    index("applications_created_at_id_idx").on(...newestFirst(t)),
    index("applications_status_created_at_id_idx").on(t.status, ...newestFirst(t)),
    index("applications_intake_status_idx").on(t.intakeId, t.status),
    index("applications_waitlist_idx")
      .on(t.intakeId, t.waitlistedAt, t.reference)
      .where(sql`${t.status} = 'waitlisted'`),
    index("applications_awaiting_answer_idx").on(t.createdAt).where(sql`${t.status} = 'new'`),
    // Matched with a person's messages the way the inbox matches a sender's.
    index("applications_email_lower_idx").on(sql`lower(${t.email})`),
    index("applications_phone_digits_idx").on(
      sql`right(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), 10)`,
    ),
  ],
);

/**
 * The private links to 'My application': each e-mail carries its own, and only the SHA-256 of
 * its token is kept, so a copy of the database opens no one's application. 'Find my
 * application' replaces every earlier link (`replaced_at`), which then opens nothing but a page
 * saying so (decision 0054).
 */
export const applicationLinks = pgTable(
  "application_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [index("application_links_application_idx").on(t.applicationId)],
);

export const applicationEventKinds = [
  "applied",
  "viewed",
  "offered",
  "offer-reminded",
  "accepted",
  "declined",
  "waitlisted",
  "enrolled",
  "withdrawn",
  "expired",
  "notes",
  "assigned",
  "link-sent",
  "email",
  "plan-chosen",
  "payment-received",
  "payment-flagged",
  "proof-sent",
  "proof-rejected",
  "due-date-moved",
  "instalment-reminded",
  "refunded",
  "intake-cancelled",
  "transferred",
] as const;
export type ApplicationEventKind = (typeof applicationEventKinds)[number];

/** An application's timeline: every change of status and everything sent, who and when. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ApplicationEventKind>().notNull(),
    /** The admin who did it; null for the applicant, the system or an admin since deleted. */
    actorId: uuid("actor_id").references(() => admins.id, { onDelete: "set null" }),
    /** 'applicant', 'staff' or 'system': who acted when no admin did. */
    actorKind: text("actor_kind").$type<"applicant" | "staff" | "system">().notNull(),
    detail: jsonb("detail").$type<Record<string, string | null>>(),
    emailId: uuid("email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("application_events_application_created_idx").on(t.applicationId, t.createdAt)],
);

/** An accepted place's schedule: what is due when, in whole kobo. */
export const instalments = pgTable(
  "instalments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "restrict" }),
    /** 1 for the first (due on acceptance), then in date order. */
    number: integer("number").notNull(),
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    /** A Lagos calendar date. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The reminders sent for this due date (3 days before, and on the day); a moved date clears them. */
    remindedAheadAt: timestamp("reminded_ahead_at", { withTimezone: true }),
    remindedOnDayAt: timestamp("reminded_on_day_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("instalments_application_number_unique").on(t.applicationId, t.number),
    check("instalments_amount_positive", sql`${t.amount} > 0`),
    index("instalments_unpaid_due_idx").on(t.dueOn).where(sql`${t.paidAt} IS NULL`),
  ],
);

export const paymentMethods = ["paystack", "bank-transfer", "manual"] as const;
export const paymentMethod = pgEnum("payment_method", paymentMethods);
/**
 * started: sent to the gateway, no answer yet; paid: confirmed (verified with the gateway, or by
 * staff); failed / abandoned: the gateway says no money came; flagged: money came that does not
 * match what we asked (amount or currency), for staff to sort out, never counted as paid;
 * proof-sent: a bank transfer whose proof waits for staff to check it; rejected: staff found
 * no such transfer (the reason is kept).
 */
export const paymentStatuses = [
  "started",
  "paid",
  "failed",
  "abandoned",
  "flagged",
  "proof-sent",
  "rejected",
] as const;
export const paymentStatus = pgEnum("payment_status", paymentStatuses);

export const paymentReceiptSequence = pgSequence("payment_receipt_seq");

/** One attempt to pay an instalment, recorded once per reference whatever tells us of it. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Our own, sent to the gateway: 'LTA-P-…'. */
    reference: text("reference").notNull(),
    // Restrict: money received stays on record; erasing a person anonymises their application.
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "restrict" }),
    instalmentId: uuid("instalment_id")
      .notNull()
      .references(() => instalments.id, { onDelete: "restrict" }),
    method: paymentMethod("method").notNull(),
    /** What we asked for, in kobo. */
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("NGN"),
    status: paymentStatus("status").notNull().default("started"),
    /** The gateway's own id of the transaction, once it has told us of it. */
    gatewayId: text("gateway_id"),
    /** What the gateway says was paid, where that differs from what we asked (flagged). */
    receivedAmount: bigint("received_amount_kobo", { mode: "number" }),
    receivedCurrency: text("received_currency"),
    flagReason: text("flag_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Numbered in the order payments are confirmed, never reused: 'LTA-R-000123'. */
    receiptNumber: integer("receipt_number"),
    /** A card payment's checkout page, while it is open: 'Pay now' sends the applicant back to it. */
    checkoutUrl: text("checkout_url"),
    /** The last time the gateway was asked about a started payment. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** A bank transfer's proof: the stored file's key, its name as sent and its type. */
    proofKey: text("proof_key"),
    proofName: text("proof_name"),
    proofType: text("proof_type"),
    /** Why staff rejected a proof, or a staff member's note on a payment they recorded. */
    staffNote: text("staff_note"),
    /** The admin who confirmed, rejected or recorded it; null for the gateway. */
    reviewedBy: uuid("reviewed_by").references(() => admins.id, { onDelete: "set null" }),
    /** The sum of its refunds, in kobo. */
    refundedAmount: bigint("refunded_amount_kobo", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("payments_reference_unique").on(t.reference),
    check(
      "payments_refund_within_amount",
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`,
    ),
    check(
      "payments_proof_has_file",
      sql`${t.status}::text <> 'proof-sent' OR ${t.proofKey} IS NOT NULL`,
    ),
    unique("payments_receipt_number_unique").on(t.receiptNumber),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check(
      "payments_paid_has_receipt",
      sql`${t.status} <> 'paid' OR (${t.paidAt} IS NOT NULL AND ${t.receiptNumber} IS NOT NULL)`,
    ),
    index("payments_application_idx").on(t.applicationId),
    index("payments_started_idx").on(t.createdAt).where(sql`${t.status} = 'started'`),
    index("payments_paid_at_idx").on(t.paidAt).where(sql`${t.status} = 'paid'`),
  ],
);

export const refundMethods = ["paystack", "manual"] as const;
export type RefundMethod = (typeof refundMethods)[number];
/** pending: asked of the gateway, not yet done; processed: the money went back. */
export const refundStatuses = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Money given back, in part or in full, with why and by whom. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    method: text("method").$type<RefundMethod>().notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** The gateway's id of the refund. */
    gatewayId: text("gateway_id"),
    actorId: uuid("actor_id").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    index("refunds_payment_idx").on(t.paymentId),
  ],
);

/**
 * The academy's bank account, shown to applicants who pay by transfer; one row, kept by a
 * super admin in Settings. Without it, bank transfer is not offered.
 */
export const bankAccount = pgTable(
  "bank_account",
  {
    id: boolean("id").primaryKey().default(true),
    bankName: text("bank_name").notNull(),
    accountName: text("account_name").notNull(),
    /** A NUBAN: ten digits. */
    accountNumber: text("account_number").notNull(),
    updatedBy: uuid("updated_by").references(() => admins.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bank_account_single_row", sql`${t.id}`),
    check("bank_account_nuban", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
  ],
);

export type Instalment = typeof instalments.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type BankAccount = typeof bankAccount.$inferSelect;

export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationEvent = typeof applicationEvents.$inferSelect;

export type Course = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type Admin = typeof admins.$inferSelect;
export type CourseChange = typeof courseChanges.$inferSelect;
export type OutgoingEmail = typeof outgoingEmails.$inferSelect;
export type InboundEmail = typeof inboundEmails.$inferSelect;
export type MessageEvent = typeof messageEvents.$inferSelect;
export type SavedReply = typeof savedReplies.$inferSelect;
export type Tutor = typeof tutors.$inferSelect;
export type NewTutor = typeof tutors.$inferInsert;
