import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { admins } from "./auth";
import { createdAt, moment, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import { intakes } from "./intakes";

// ---------------------------------------------------------------------------
// Certificates: issued once per eligible student, verified by anyone by serial, never deleted
// ---------------------------------------------------------------------------

/**
 * A certificate holds every field it prints, copied when it is issued: a later change of the
 * course's title or the signatory does not change a certificate already in someone's hands, and
 * its PDF is the same bytes whenever it is made. Revoked or replaced, it stays, so its serial
 * still verifies (as revoked, or 'replaced by' the new one).
 */
export const certificates = pgTable(
  "certificates",
  {
    id: primaryId(),
    /** 'LTA-C-7K3M9QXF2D': random, never in sequence (certificate-serial.ts). */
    serial: text("serial").notNull().unique(),
    applicationId: requiredRef("application_id", () => applications.id, "restrict"),
    intakeId: requiredRef("intake_id", () => intakes.id, "restrict"),
    /** The name as the student confirmed it; null once their data is erased on request. */
    holderName: text("holder_name"),
    holderErasedAt: moment("holder_erased_at"),
    courseTitle: text("course_title").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    hours: integer("hours").notNull(),
    signatoryName: text("signatory_name").notNull(),
    signatoryTitle: text("signatory_title").notNull(),
    issuedAt: moment("issued_at").notNull().defaultNow(),
    issuedBy: optionalRef("issued_by", () => admins.id),
    revokedAt: moment("revoked_at"),
    /** For staff only: the verify page shows the date, never the reason. */
    revokedReason: text("revoked_reason"),
    revokedBy: optionalRef("revoked_by", () => admins.id),
    /** Set first when a certificate is reissued, so the new one can be inserted in force. */
    replacedAt: moment("replaced_at"),
    replacedById: uuid("replaced_by_id").references((): AnyPgColumn => certificates.id),
  },
  (t) => [
    // One certificate in force per student: issuing twice, even at the same moment, adds none.
    uniqueIndex("certificates_one_in_force")
      .on(t.applicationId)
      .where(sql`${t.revokedAt} is null and ${t.replacedAt} is null`),
    index("certificates_intake_idx").on(t.intakeId),
    check("certificates_hours_positive", sql`${t.hours} > 0`),
    check(
      "certificates_revoked_with_reason",
      sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`,
    ),
  ],
);

export type Certificate = typeof certificates.$inferSelect;

/**
 * What a student's certificate waits on besides attendance and money: the spelling of their
 * name, confirmed on their page, and, where the intake asks for it, a final project staff
 * marked passed.
 */
export const certificateReadiness = pgTable("certificate_readiness", {
  applicationId: uuid("application_id")
    .primaryKey()
    .references(() => applications.id, { onDelete: "cascade" }),
  confirmedName: text("confirmed_name"),
  nameConfirmedAt: moment("name_confirmed_at"),
  projectPassed: boolean("project_passed"),
  projectMarkedBy: optionalRef("project_marked_by", () => admins.id),
  projectMarkedAt: moment("project_marked_at"),
  updatedAt: updatedAt(),
});

/** Who signs the certificates, set by a super admin in Settings; one row. */
export const certificateSignatory = pgTable(
  "certificate_signatory",
  {
    id: boolean("id").primaryKey().default(true),
    name: text("name").notNull(),
    title: text("title").notNull(),
    updatedBy: optionalRef("updated_by", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("certificate_signatory_single_row", sql`${t.id}`)],
);
