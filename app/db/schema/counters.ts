import { date, integer, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { moment, optionalRef, requiredRef } from "./columns";
import { courses } from "./courses";
import { messageFormType } from "./messages";

// ---------------------------------------------------------------------------
// Rate limits: fixed-window counters shared by every app process
// ---------------------------------------------------------------------------

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: moment("window_started_at").notNull(),
});

// ---------------------------------------------------------------------------
// 'Chat on WhatsApp' clicks: one row per course per Lagos day (course null: the footer's
// button), so staff see which courses draw chats without anyone being tracked
// ---------------------------------------------------------------------------

export const whatsappClicks = pgTable(
  "whatsapp_clicks",
  {
    day: date("day", { mode: "string" }).notNull(),
    courseId: optionalRef("course_id", () => courses.id, "cascade"),
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
    courseId: requiredRef("course_id", () => courses.id, "cascade"),
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
    hour: moment("hour").notNull(),
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
