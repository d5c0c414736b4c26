// Money off an application's price (decision 0075): discount codes staff create and applicants
// enter, and scholarships staff grant. Both are applied by payment-plans.ts's priceBuildUp.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { admins } from "./auth";
import { createdAt, moment, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import { intakes } from "./intakes";

/** A code, percent or Naira off, for every intake or the ones in discount_code_intakes. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: primaryId(),
    /** As staff typed it, upper case; entered in any case. */
    code: text("code").notNull(),
    percent: integer("percent"),
    amount: bigint("amount_kobo", { mode: "number" }),
    /** False: only the intakes listed in discount_code_intakes. */
    allIntakes: boolean("all_intakes").notNull().default(true),
    /** Lagos calendar dates, both days included; none: no bound. */
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    /** How many applications may use it in all; none: no limit. */
    useLimit: integer("use_limit"),
    /** How many of one person's applications (by e-mail address) may use it. */
    perPersonLimit: integer("per_person_limit").notNull().default(1),
    deactivatedAt: moment("deactivated_at"),
    createdBy: optionalRef("created_by", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_unique").on(sql`upper(${t.code})`),
    check("discount_codes_one_reduction", sql`(${t.percent} IS NULL) <> (${t.amount} IS NULL)`),
    check(
      "discount_codes_percent_range",
      sql`${t.percent} IS NULL OR ${t.percent} BETWEEN 1 AND 100`,
    ),
    check("discount_codes_amount_positive", sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check("discount_codes_use_limit_positive", sql`${t.useLimit} IS NULL OR ${t.useLimit} > 0`),
    check("discount_codes_per_person_positive", sql`${t.perPersonLimit} > 0`),
    check(
      "discount_codes_dates_in_order",
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

/** The intakes a code is for, when it is not for all of them. */
export const discountCodeIntakes = pgTable(
  "discount_code_intakes",
  {
    codeId: requiredRef("code_id", () => discountCodes.id, "cascade"),
    intakeId: requiredRef("intake_id", () => intakes.id, "cascade"),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.intakeId] })],
);

/**
 * The code on an application: one at most (its key). Entered, it prices what the applicant is
 * shown; redeemed (a use counted) when it prices a schedule, under the code's row lock.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    applicationId: requiredRef("application_id", () => applications.id, "cascade").primaryKey(),
    codeId: requiredRef("code_id", () => discountCodes.id, "restrict"),
    /** The applicant's address, lower case: the per-person limit counts by it. */
    email: text("email").notNull(),
    /** When the code was entered. */
    createdAt: createdAt(),
    redeemedAt: moment("redeemed_at"),
  },
  (t) => [
    index("discount_redemptions_code_idx").on(t.codeId).where(sql`${t.redeemedAt} IS NOT NULL`),
  ],
);

/** A scholarship staff granted on an application: percent or Naira off, with why. */
export const scholarships = pgTable(
  "scholarships",
  {
    applicationId: requiredRef("application_id", () => applications.id, "cascade").primaryKey(),
    percent: integer("percent"),
    amount: bigint("amount_kobo", { mode: "number" }),
    /** For staff only: never shown to the applicant. */
    reason: text("reason").notNull(),
    grantedBy: optionalRef("granted_by", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("scholarships_one_reduction", sql`(${t.percent} IS NULL) <> (${t.amount} IS NULL)`),
    check(
      "scholarships_percent_range",
      sql`${t.percent} IS NULL OR ${t.percent} BETWEEN 1 AND 100`,
    ),
    check("scholarships_amount_positive", sql`${t.amount} IS NULL OR ${t.amount} > 0`),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
export type Scholarship = typeof scholarships.$inferSelect;
