import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { admins, authUser } from "./auth";
import { createdAt, moment, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import { type CourseChangeSet, courses } from "./courses";
import {
  admissionModes,
  intakeChangeActions,
  intakeModes,
  intakeStatuses,
  paymentPlanKinds,
} from "./values";

// ---------------------------------------------------------------------------
// Intakes: a course's dated cohorts, each with its seats, enrolment window and price
// ---------------------------------------------------------------------------

export const intakeMode = pgEnum("intake_mode", intakeModes);
export const intakeStatus = pgEnum("intake_status", intakeStatuses);
export const admissionMode = pgEnum("admission_mode", admissionModes);

export const paymentPlanKind = pgEnum("payment_plan_kind", paymentPlanKinds);

export const intakes = pgTable(
  "intakes",
  {
    id: primaryId(),
    courseId: requiredRef("course_id", () => courses.id, "cascade"),
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
    enrolmentOpensAt: moment("enrolment_opens_at"),
    enrolmentClosesAt: moment("enrolment_closes_at").notNull(),
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
    /** A certificate needs at least this share of the sessions attended; none: no condition. */
    certificateMinAttendance: integer("certificate_min_attendance").default(80),
    /** A certificate needs the whole price paid. */
    certificateRequiresPaid: boolean("certificate_requires_paid").notNull().default(true),
    /** A certificate needs a final project marked passed by staff. */
    certificateRequiresProject: boolean("certificate_requires_project").notNull().default(false),
    /**
     * Offers not yet expired + accepted + enrolled applications, kept by a trigger on
     * applications (migration 0018); the CHECK below is what makes overselling impossible.
     */
    placesTaken: integer("places_taken").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: optionalRef("created_by", () => authUser.id),
  },
  (t) => [
    index("intakes_course_starts_on_idx").on(t.courseId, t.startsOn),
    check(
      "intakes_places_within_seats",
      sql`${t.placesTaken} >= 0 AND ${t.placesTaken} <= ${t.seats}`,
    ),
    check("intakes_ends_after_start", sql`${t.endsOn} >= ${t.startsOn}`),
    check("intakes_seats_positive", sql`${t.seats} > 0`),
    check(
      "intakes_certificate_attendance_percent",
      sql`${t.certificateMinAttendance} IS NULL OR ${t.certificateMinAttendance} BETWEEN 1 AND 100`,
    ),
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

export const intakeChangeAction = pgEnum("intake_change_action", intakeChangeActions);

/** Who changed which intake, when, and what: the course history's rules, per intake. */
export const intakeChanges = pgTable(
  "intake_changes",
  {
    id: primaryId(),
    // No foreign key: the history of a deleted course's intakes stays readable.
    intakeId: uuid("intake_id").notNull(),
    courseId: uuid("course_id").notNull(),
    intakeLabel: text("intake_label").notNull(),
    action: intakeChangeAction("action").notNull(),
    changes: jsonb("changes").$type<CourseChangeSet>().notNull().default({}),
    actorId: optionalRef("actor_id", () => admins.id),
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("intake_changes_intake_created_at_idx").on(t.intakeId, t.createdAt.desc().nullsFirst()),
  ],
);

export type Intake = typeof intakes.$inferSelect;
export type NewIntake = typeof intakes.$inferInsert;
