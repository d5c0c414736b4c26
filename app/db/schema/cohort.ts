import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { createdAt, moment, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import { intakes } from "./intakes";
import { tutors } from "./tutors";
import {
  attendanceMarks,
  calendarOwnerKinds,
  classSessionStatuses,
  sessionReminderKinds,
} from "./values";

// ---------------------------------------------------------------------------
// The running cohort: an intake's dated sessions, their register, reminders and calendar keys
// ---------------------------------------------------------------------------

export const classSessionStatus = pgEnum("class_session_status", classSessionStatuses);

/** One dated class of an intake, made from a pattern and then edited one by one. */
export const classSessions = pgTable(
  "class_sessions",
  {
    id: primaryId(),
    intakeId: requiredRef("intake_id", () => intakes.id, "cascade"),
    title: text("title").notNull(),
    startsAt: moment("starts_at").notNull(),
    endsAt: moment("ends_at").notNull(),
    /** A room and address; none for an online-only session. */
    place: text("place"),
    /** An https link to the online class. */
    onlineUrl: text("online_url"),
    tutorId: optionalRef("tutor_id", () => tutors.id),
    status: classSessionStatus("status").notNull().default("scheduled"),
    /** Why it moved or was cancelled, in the students' words ('Public holiday'). */
    notice: text("notice"),
    /** iCalendar's SEQUENCE: raised on every change a calendar shows. */
    sequence: integer("sequence").notNull().default(0),
    /** When the register was first taken; none: not yet. */
    registerTakenAt: moment("register_taken_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("class_sessions_intake_starts_idx").on(t.intakeId, t.startsAt),
    index("class_sessions_starts_idx").on(t.startsAt),
    index("class_sessions_tutor_starts_idx").on(t.tutorId, t.startsAt),
    check("class_sessions_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** What an intake's students are told before class: set with its timetable. */
export const timetableSettings = pgTable(
  "timetable_settings",
  {
    intakeId: uuid("intake_id")
      .primaryKey()
      .references(() => intakes.id, { onDelete: "cascade" }),
    /** Hours before each session its reminder goes; none: no per-session reminder. */
    reminderHoursBefore: integer("reminder_hours_before").default(3),
    /** What to bring to the first session, in the day-before reminder and on the student's page. */
    firstSessionNote: text("first_session_note"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "timetable_settings_reminder_hours",
      sql`${t.reminderHoursBefore} IS NULL OR ${t.reminderHoursBefore} BETWEEN 1 AND 72`,
    ),
  ],
);

export const attendanceMark = pgEnum("attendance_mark", attendanceMarks);

/** A student's mark for one session; a session's register is these rows. */
export const attendance = pgTable(
  "attendance",
  {
    sessionId: requiredRef("session_id", () => classSessions.id, "cascade"),
    applicationId: requiredRef("application_id", () => applications.id, "cascade"),
    mark: attendanceMark("mark").notNull(),
    /** Who marked it last, as the register shows it. */
    markedBy: text("marked_by").notNull(),
    markedAt: moment("marked_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.applicationId] }),
    index("attendance_application_idx").on(t.applicationId),
  ],
);

export const sessionReminderKind = pgEnum("session_reminder_kind", sessionReminderKinds);

/** A reminder sent: the key makes each one go once, however many processes sweep. */
export const sessionReminders = pgTable(
  "session_reminders",
  {
    sessionId: requiredRef("session_id", () => classSessions.id, "cascade"),
    applicationId: requiredRef("application_id", () => applications.id, "cascade"),
    kind: sessionReminderKind("kind").notNull(),
    sentAt: moment("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.applicationId, t.kind] })],
);

export const calendarOwnerKind = pgEnum("calendar_owner_kind", calendarOwnerKinds);

/**
 * The version of a student's or tutor's private links (calendar feed, tutor page): the links
 * are signed with it, so raising it revokes them (decision 0070). No row: version 0.
 */
export const calendarKeys = pgTable(
  "calendar_keys",
  {
    ownerKind: calendarOwnerKind("owner_kind").notNull(),
    ownerId: uuid("owner_id").notNull(),
    version: integer("version").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId] })],
);

export type ClassSession = typeof classSessions.$inferSelect;
export type NewClassSession = typeof classSessions.$inferInsert;
export type AttendanceMark = (typeof attendanceMarks)[number];
