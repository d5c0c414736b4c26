import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { admins } from "./auth";
import { createdAt, moment, optionalRef, primaryId, requiredRef, updatedAt } from "./columns";
import { intakes } from "./intakes";
import type { invoicePaymentStatuses, sponsoredSeatStatuses } from "./values";

// ---------------------------------------------------------------------------
// Sponsored seats (decision 0081): an employer buys seats in an intake on one invoice; each seat
// is a code an applicant redeems to enrol with nothing to pay.
// ---------------------------------------------------------------------------

export type SponsoredSeatStatus = (typeof sponsoredSeatStatuses)[number];
export type InvoicePaymentStatus = (typeof invoicePaymentStatuses)[number];

/** An employer that pays for seats: one per billing address. */
export const sponsors = pgTable(
  "sponsors",
  {
    id: primaryId(),
    name: text("name").notNull(),
    contactName: text("contact_name").notNull(),
    /** E.164, or none. */
    contactPhone: text("contact_phone"),
    /** Where invoices go, lower case. */
    billingEmail: text("billing_email").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sponsors_billing_email_unique").on(t.billingEmail)],
);

export const sponsorInvoiceSequence = pgSequence("sponsor_invoice_seq");

/** Seats one sponsor bought in one intake, and the invoice for them. */
export const sponsorships = pgTable(
  "sponsorships",
  {
    id: primaryId(),
    sponsorId: requiredRef("sponsor_id", () => sponsors.id, "restrict"),
    intakeId: requiredRef("intake_id", () => intakes.id, "restrict"),
    /** How many seats the invoice is for; released seats stay on it. */
    seats: integer("seats").notNull(),
    seatPrice: bigint("seat_price_kobo", { mode: "number" }).notNull(),
    /** Printed as 'LTA-INV-000123'; from a sequence, never reused. */
    invoiceNumber: integer("invoice_number").notNull().default(sql`nextval('sponsor_invoice_seq')`),
    /** When the invoice was paid in full; none: not yet. */
    paidAt: moment("paid_at"),
    /** How: 'Paystack', or staff's words for a bank transfer they saw arrive. */
    paidBy: text("paid_by"),
    /** Who recorded a bank transfer; none when Paystack paid it. */
    paidRecordedBy: optionalRef("paid_recorded_by", () => admins.id),
    /** Raised to revoke the sponsor's private link (it is signed with this version). */
    linkVersion: integer("link_version").notNull().default(0),
    createdBy: optionalRef("created_by", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("sponsorships_invoice_number_unique").on(t.invoiceNumber),
    index("sponsorships_intake_idx").on(t.intakeId),
    check("sponsorships_seats_range", sql`${t.seats} BETWEEN 1 AND 500`),
    check("sponsorships_seat_price_positive", sql`${t.seatPrice} > 0`),
    check("sponsorships_paid_has_how", sql`(${t.paidAt} IS NULL) = (${t.paidBy} IS NULL)`),
  ],
);

/**
 * One seat: its code, and what became of it. An open seat holds a place in its intake (the
 * trigger sponsored_seats_count_places, migration 0033, keeps intakes.places_taken), so the
 * intake's CHECK refuses selling more seats than are free; used, the applicant's own place
 * takes over; released, the place is the intake's again.
 */
export const sponsoredSeats = pgTable(
  "sponsored_seats",
  {
    id: primaryId(),
    // Restrict: an open seat holds a place, which only its own update (the trigger) gives back.
    sponsorshipId: requiredRef("sponsorship_id", () => sponsorships.id, "restrict"),
    /** 1 to the sponsorship's seats, as the sponsor's page lists them. */
    number: integer("number").notNull(),
    /** 'SEAT-7K2M-9QX4': entered in any case on the apply form. */
    code: text("code").notNull(),
    status: text("status").$type<SponsoredSeatStatus>().notNull().default("open"),
    /** Staff named the person the seat is for: only their address may redeem it. */
    assignedName: text("assigned_name"),
    assignedEmail: text("assigned_email"),
    applicationId: optionalRef("application_id", () => applications.id),
    usedAt: moment("used_at"),
    releasedAt: moment("released_at"),
    releasedBy: optionalRef("released_by", () => admins.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sponsored_seats_code_unique").on(t.code),
    unique("sponsored_seats_number_unique").on(t.sponsorshipId, t.number),
    uniqueIndex("sponsored_seats_application_unique").on(t.applicationId),
    check("sponsored_seats_status", sql`${t.status} IN ('open', 'used', 'released')`),
    check(
      "sponsored_seats_used_has_application",
      sql`${t.status} <> 'used' OR ${t.usedAt} IS NOT NULL`,
    ),
    check(
      "sponsored_seats_assigned_whole",
      sql`(${t.assignedName} IS NULL) = (${t.assignedEmail} IS NULL)`,
    ),
  ],
);

/** One try to pay an invoice online (a Paystack checkout), found again by its reference. */
export const sponsorInvoicePayments = pgTable(
  "sponsor_invoice_payments",
  {
    id: primaryId(),
    /** Ours: 'LTA-I-7K2M9QX4TB'. */
    reference: text("reference").notNull(),
    sponsorshipId: requiredRef("sponsorship_id", () => sponsorships.id, "cascade"),
    amount: bigint("amount_kobo", { mode: "number" }).notNull(),
    status: text("status").$type<InvoicePaymentStatus>().notNull().default("started"),
    /** Why a paid try did not pay the invoice (flagged), for staff to give the money back. */
    flag: text("flag"),
    checkoutUrl: text("checkout_url"),
    gatewayId: text("gateway_id"),
    paidAt: moment("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sponsor_invoice_payments_reference_unique").on(t.reference),
    index("sponsor_invoice_payments_sponsorship_idx").on(t.sponsorshipId),
    check("sponsor_invoice_payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

export type Sponsor = typeof sponsors.$inferSelect;
export type Sponsorship = typeof sponsorships.$inferSelect;
export type SponsoredSeat = typeof sponsoredSeats.$inferSelect;
