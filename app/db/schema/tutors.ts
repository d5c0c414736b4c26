import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { createdAt, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import type { ImageVariant } from "./courses";
import { intakes } from "./intakes";

/**
 * The academy's tutors as the public pages introduce them. A photo is stored like a course
 * image (its original and square WebP renditions); a tutor who leaves is made inactive, not
 * deleted, so that what the site showed stays explainable.
 */
export const tutors = pgTable(
  "tutors",
  {
    id: primaryId(),
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
    createdBy: optionalRef("created_by", () => authUser.id),
  },
  (t) => [index("tutors_active_name_idx").on(t.isActive, t.name)],
);

/** Who teaches an intake, in the order the course page introduces them. */
export const intakeTutors = pgTable(
  "intake_tutors",
  {
    intakeId: requiredRef("intake_id", () => intakes.id, "cascade"),
    tutorId: requiredRef("tutor_id", () => tutors.id, "cascade"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.intakeId, t.tutorId] }),
    index("intake_tutors_tutor_idx").on(t.tutorId),
  ],
);
export type Tutor = typeof tutors.$inferSelect;
export type NewTutor = typeof tutors.$inferInsert;
