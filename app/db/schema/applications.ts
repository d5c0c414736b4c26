import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { admins } from "./auth";
import {
  createdAt,
  moment,
  newestFirst,
  optionalRef,
  primaryId,
  requiredRef,
  updatedAt,
} from "./columns";
import { intakes, paymentPlanKind } from "./intakes";
import { applicationStatuses } from "./values";

// ---------------------------------------------------------------------------
// Applications: a person's request for a place in an intake, and what became of it
// ---------------------------------------------------------------------------

export type ApplicationStatus = (typeof applicationStatuses)[number];

/** An intake's prices as a place agreed to them, in kobo (the early bird by its last date). */
export type AgreedPricing = {
  price: number;
  earlyBirdPrice: number | null;
  earlyBirdEndsOn: string | null;
  payInFullDiscount: number | null;
};
export const applicationStatus = pgEnum("application_status", applicationStatuses);

export const applicationReferenceSequence = pgSequence("application_reference_seq");

export const applications = pgTable(
  "applications",
  {
    id: primaryId(),
    /** Shown as 'LTA-A-001234'; from a sequence, never reused. */
    reference: integer("reference").notNull().default(sql`nextval('application_reference_seq')`),
    // Restrict: an intake people applied to is cancelled, never deleted with their applications.
    intakeId: requiredRef("intake_id", () => intakes.id, "restrict"),
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
    offerExpiresAt: moment("offer_expires_at"),
    offerRemindedAt: moment("offer_reminded_at"),
    /** When the applicant accepted the offer: it decides the price (the early bird). */
    acceptedAt: moment("accepted_at"),
    /** The plan the applicant chose to pay by; its instalments are in `instalments`. */
    paymentPlan: paymentPlanKind("payment_plan"),
    /**
     * The intake's prices when the place was first priced (its first plan): what the place
     * costs from then on, whatever staff later set for the intake's next applicants.
     */
    agreedPricing: jsonb("agreed_pricing").$type<AgreedPricing>(),
    /** The place in line: waitlisted applications are offered in this order. */
    waitlistedAt: moment("waitlisted_at"),
    assignedTo: optionalRef("assigned_to", () => admins.id),
    adminNotes: text("admin_notes"),
    /** The first answer (staff's decision, or an automatic offer): the 24-hour clock stops. */
    answeredAt: moment("answered_at"),
    viewedAt: moment("viewed_at"),
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
    applicationId: requiredRef("application_id", () => applications.id, "cascade"),
    createdAt: createdAt(),
    replacedAt: moment("replaced_at"),
  },
  (t) => [index("application_links_application_idx").on(t.applicationId)],
);
export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
