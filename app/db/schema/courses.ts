import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { admins, authUser } from "./auth";
import { createdAt, optionalRef, primaryId, updatedAt } from "./columns";
import { courseCategories, courseChangeActions, courseLevels } from "./values";

// ---------------------------------------------------------------------------
// Courses: the catalogue, with every field a course page shows
// ---------------------------------------------------------------------------

export const courseCategory = pgEnum("course_category", courseCategories);
export const courseLevel = pgEnum("course_level", courseLevels);

export type CourseModule = { title: string; description: string; topics: string[] };
/** A WebP rendition of a course image, for `srcset`. */
export type ImageVariant = { width: number; url: string };
export type CourseFaq = { question: string; answer: string };

export const courses = pgTable(
  "courses",
  {
    id: primaryId(),
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
    createdBy: optionalRef("created_by", () => authUser.id),
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

export const courseChangeAction = pgEnum("course_change_action", courseChangeActions);

/** `{ field: { from, to } }` for updates and toggles; `{ course: { from, to: null } }` for deletes. */
export type CourseChangeSet = Record<string, { from: unknown; to: unknown }>;

export const courseChanges = pgTable(
  "course_changes",
  {
    id: primaryId(),
    // No foreign key: the history of a deleted course stays readable.
    courseId: uuid("course_id").notNull(),
    courseTitle: text("course_title").notNull(),
    action: courseChangeAction("action").notNull(),
    changes: jsonb("changes").$type<CourseChangeSet>().notNull().default({}),
    actorId: optionalRef("actor_id", () => admins.id),
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("course_changes_course_created_at_idx").on(t.courseId, t.createdAt.desc().nullsFirst()),
  ],
);
export type Course = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;
export type CourseChange = typeof courseChanges.$inferSelect;
