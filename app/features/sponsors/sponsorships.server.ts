import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { href } from "react-router";
import { db, type Transaction } from "~/db/client.server";
import {
  applications,
  courses,
  intakes,
  sponsoredSeats,
  sponsorInvoicePayments,
  sponsors,
  sponsorships,
} from "~/db/schema";
import { fillFreePlaces } from "~/features/applications/offers.server";
import { lockIntake } from "~/features/applications/places.server";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { invoiceTotal, markInvoicePaid } from "~/features/sponsored-seats/invoice-payments.server";
import { newSeatCode } from "~/features/sponsored-seats/seat-codes";
import { sponsorMessages as messages } from "~/features/sponsored-seats/sponsor-messages";
import { UserFacingError } from "~/lib/errors";
import { koboFromNaira } from "~/lib/format/money";
import { isUuid } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import { invoiceEmail, seatInvitationEmail } from "./sponsor-emails.server";
import { isSponsorToken, sponsorPageUrl } from "./sponsor-link.server";
import type { SponsorshipForm } from "./sponsor-schema";

// Sponsored seats (decision 0081): staff sell seats in an intake to a sponsor on one invoice,
// name the people seats are for, give unused seats back, and record an invoice paid by transfer.

/** Seats can be sold in an intake that takes applicants, or is being prepared to. */
const seatSellingStatuses = ["open", "draft"] as const;
const sellsSeats = (status: string) => seatSellingStatuses.some((selling) => selling === status);

/** The intake's apply page, where a seat's code is entered. */
const applyUrlOf = (intakeId: string) =>
  `${env().publicUrl}${href("/apply/:intakeId", { intakeId })}`;

const intakeFacts = (row: { courseTitle: string; label: string; startsOn: string }) => ({
  courseTitle: row.courseTitle,
  intakeLabel: row.label,
  startsOn: row.startsOn,
});

/**
 * Sells `seats` seats in an intake: the sponsor (found again by billing address, its details
 * brought up to date), the invoice, a code per seat, and the invoice e-mailed with the private
 * page. Refused, on the seats field, when the intake has fewer free places: each open seat
 * holds one (and the intake's CHECK refuses overselling should two sales race).
 */
export async function createSponsorship(input: SponsorshipForm, actorId: string | null) {
  return db().transaction(async (tx) => {
    const [intake] = await tx
      .select({
        id: intakes.id,
        status: intakes.status,
        seats: intakes.seats,
        placesTaken: intakes.placesTaken,
        price: intakes.price,
        label: intakes.label,
        startsOn: intakes.startsOn,
        courseTitle: courses.title,
      })
      .from(intakes)
      .innerJoin(courses, eq(courses.id, intakes.courseId))
      .where(eq(intakes.id, input.intakeId))
      .for("update", { of: intakes });
    if (!intake || !sellsSeats(intake.status))
      throw new UserFacingError(messages.intakeNotOpen, 409, "intakeId");
    const free = intake.seats - intake.placesTaken;
    if (free < input.seats) throw new UserFacingError(messages.notEnoughPlaces(free), 409, "seats");
    const billingEmail = input.billingEmail.toLowerCase();
    const sponsorValues = {
      name: input.sponsorName,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
    };
    const [sponsor] = await tx
      .insert(sponsors)
      .values({ ...sponsorValues, billingEmail })
      .onConflictDoUpdate({ target: sponsors.billingEmail, set: sponsorValues })
      .returning();
    if (!sponsor) throw new Error("The sponsor was not stored");
    const seatPrice = input.seatPrice ? koboFromNaira(input.seatPrice) : intake.price;
    const [sponsorship] = await tx
      .insert(sponsorships)
      .values({
        sponsorId: sponsor.id,
        intakeId: intake.id,
        seats: input.seats,
        seatPrice,
        createdBy: actorId,
      })
      .returning();
    if (!sponsorship) throw new Error("The sponsorship was not stored");
    await tx.insert(sponsoredSeats).values(
      Array.from({ length: input.seats }, (_, index) => ({
        sponsorshipId: sponsorship.id,
        number: index + 1,
        code: newSeatCode(),
      })),
    );
    await queueEmail(tx, {
      kind: "sponsor",
      to: [billingEmail],
      ...invoiceEmail({
        contactName: sponsor.contactName,
        sponsorName: sponsor.name,
        invoiceNumber: sponsorship.invoiceNumber,
        seats: sponsorship.seats,
        totalKobo: invoiceTotal(sponsorship),
        intake: intakeFacts(intake),
        pageUrl: sponsorPageUrl(sponsorship.id, sponsorship.linkVersion),
        applyUrl: applyUrlOf(intake.id),
      }),
    });
    return sponsorship;
  });
}

const seatCount = (status: "open" | "used" | "released") =>
  sql<number>`count(*) filter (where ${sponsoredSeats.status} = ${status})`.mapWith(Number);

/** Every sponsorship, newest first, with its seats counted by what became of them. */
export async function listSponsorships() {
  const rows = await db()
    .select({
      id: sponsorships.id,
      sponsorName: sponsors.name,
      courseTitle: courses.title,
      intakeLabel: intakes.label,
      startsOn: intakes.startsOn,
      seats: sponsorships.seats,
      seatPrice: sponsorships.seatPrice,
      invoiceNumber: sponsorships.invoiceNumber,
      paidAt: sponsorships.paidAt,
      open: seatCount("open"),
      used: seatCount("used"),
      released: seatCount("released"),
    })
    .from(sponsorships)
    .innerJoin(sponsors, eq(sponsors.id, sponsorships.sponsorId))
    .innerJoin(intakes, eq(intakes.id, sponsorships.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .leftJoin(sponsoredSeats, eq(sponsoredSeats.sponsorshipId, sponsorships.id))
    .groupBy(sponsorships.id, sponsors.id, intakes.id, courses.id)
    .orderBy(desc(sponsorships.createdAt), desc(sponsorships.id));
  return rows.map((row) => ({ ...row, total: invoiceTotal(row) }));
}

export type SponsorshipRow = Awaited<ReturnType<typeof listSponsorships>>[number];

/** A sponsorship with its sponsor and intake; null when there is none. */
export async function sponsorshipRow(reader: Pick<Transaction, "select">, sponsorshipId: string) {
  if (!isUuid(sponsorshipId)) return null;
  const [row] = await reader
    .select({
      sponsorship: sponsorships,
      sponsor: sponsors,
      intake: {
        id: intakes.id,
        status: intakes.status,
        label: intakes.label,
        startsOn: intakes.startsOn,
        endsOn: intakes.endsOn,
        courseTitle: courses.title,
      },
    })
    .from(sponsorships)
    .innerJoin(sponsors, eq(sponsors.id, sponsorships.sponsorId))
    .innerJoin(intakes, eq(intakes.id, sponsorships.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(eq(sponsorships.id, sponsorshipId));
  return row ?? null;
}

/** One sponsorship with its sponsor, intake, seats (and who used each) and online payments. */
export async function sponsorshipOf(sponsorshipId: string) {
  const row = await sponsorshipRow(db(), sponsorshipId);
  if (!row) return null;
  const seats = await db()
    .select({
      id: sponsoredSeats.id,
      number: sponsoredSeats.number,
      code: sponsoredSeats.code,
      status: sponsoredSeats.status,
      assignedName: sponsoredSeats.assignedName,
      assignedEmail: sponsoredSeats.assignedEmail,
      usedAt: sponsoredSeats.usedAt,
      applicationId: sponsoredSeats.applicationId,
      studentName: applications.fullName,
      studentStatus: applications.status,
    })
    .from(sponsoredSeats)
    .leftJoin(applications, eq(applications.id, sponsoredSeats.applicationId))
    .where(eq(sponsoredSeats.sponsorshipId, sponsorshipId))
    .orderBy(asc(sponsoredSeats.number));
  const onlinePayments = await db()
    .select({
      reference: sponsorInvoicePayments.reference,
      amount: sponsorInvoicePayments.amount,
      status: sponsorInvoicePayments.status,
      flag: sponsorInvoicePayments.flag,
      paidAt: sponsorInvoicePayments.paidAt,
      createdAt: sponsorInvoicePayments.createdAt,
    })
    .from(sponsorInvoicePayments)
    .where(eq(sponsorInvoicePayments.sponsorshipId, sponsorshipId))
    .orderBy(desc(sponsorInvoicePayments.createdAt));
  return { ...row, seats, onlinePayments, total: invoiceTotal(row.sponsorship) };
}

export type SponsorshipDetail = NonNullable<Awaited<ReturnType<typeof sponsorshipOf>>>;
export type SeatRow = SponsorshipDetail["seats"][number];

/** The sponsorship's row locked, refused when there is none. */
async function lockSponsorship(tx: Transaction, sponsorshipId: string) {
  if (!isUuid(sponsorshipId)) throw new UserFacingError(messages.notFound, 404);
  const [row] = await tx
    .select()
    .from(sponsorships)
    .where(eq(sponsorships.id, sponsorshipId))
    .for("update");
  if (!row) throw new UserFacingError(messages.notFound, 404);
  return row;
}

/**
 * Keeps an unused seat for a named person, whose address alone may then redeem its code, and
 * e-mails them the code with the intake's apply page. Naming another person replaces them.
 */
export async function assignSeat(
  sponsorshipId: string,
  input: { seatId: string; fullName: string; email: string },
) {
  await db().transaction(async (tx) => {
    await lockSponsorship(tx, sponsorshipId);
    const [seat] = await tx
      .update(sponsoredSeats)
      .set({ assignedName: input.fullName, assignedEmail: input.email.toLowerCase() })
      .where(
        and(
          eq(sponsoredSeats.id, input.seatId),
          eq(sponsoredSeats.sponsorshipId, sponsorshipId),
          eq(sponsoredSeats.status, "open"),
        ),
      )
      .returning();
    if (!seat) throw new UserFacingError(messages.seatNotOpen, 409);
    const facts = await sponsorshipRow(tx, sponsorshipId);
    if (!facts) throw new UserFacingError(messages.notFound, 404);
    await queueEmail(tx, {
      kind: "sponsor",
      to: [input.email],
      ...seatInvitationEmail({
        fullName: input.fullName,
        sponsorName: facts.sponsor.name,
        code: seat.code,
        intake: intakeFacts(facts.intake),
        applyUrl: applyUrlOf(facts.intake.id),
      }),
    });
  });
}

/**
 * Gives unused seats back to the intake: their places free (and go to its waitlist as any freed
 * place does), their codes open nothing. The intake's row is locked first, as the apply form
 * locks it before a seat, so the two never wait on each other.
 */
export async function releaseSeats(
  sponsorshipId: string,
  seatIds: readonly string[],
  actorId: string,
) {
  return db().transaction(async (tx) => {
    const sponsorship = await lockSponsorship(tx, sponsorshipId);
    await lockIntake(tx, sponsorship.intakeId);
    const released = await tx
      .update(sponsoredSeats)
      .set({ status: "released", releasedAt: sql`now()`, releasedBy: actorId })
      .where(
        and(
          eq(sponsoredSeats.sponsorshipId, sponsorshipId),
          inArray(sponsoredSeats.id, [...new Set(seatIds)]),
          eq(sponsoredSeats.status, "open"),
        ),
      )
      .returning({ id: sponsoredSeats.id });
    if (released.length === 0) throw new UserFacingError(messages.noSeatToRelease, 409, "seatIds");
    await fillFreePlaces(tx, sponsorship.intakeId);
    return released.length;
  });
}

/** Staff record the invoice paid by bank transfer. */
export async function recordInvoicePaid(sponsorshipId: string, paidBy: string, actorId: string) {
  await db().transaction(async (tx) => {
    await lockSponsorship(tx, sponsorshipId);
    if (!(await markInvoicePaid(tx, sponsorshipId, paidBy, new Date(), actorId)))
      throw new UserFacingError(messages.alreadyPaid, 409);
  });
}

/** Revokes the sponsor's private link: the next version signs a new one. */
export async function replaceSponsorLink(sponsorshipId: string) {
  if (!isUuid(sponsorshipId)) throw new UserFacingError(messages.notFound, 404);
  const [row] = await db()
    .update(sponsorships)
    .set({ linkVersion: sql`${sponsorships.linkVersion} + 1` })
    .where(eq(sponsorships.id, sponsorshipId))
    .returning({ id: sponsorships.id });
  if (!row) throw new UserFacingError(messages.notFound, 404);
}

/** The intakes seats can be sold in (open or being prepared), soonest first, with free places. */
export async function seatIntakeChoices() {
  return db()
    .select({
      id: intakes.id,
      courseTitle: courses.title,
      label: intakes.label,
      startsOn: intakes.startsOn,
      free: sql<number>`${intakes.seats} - ${intakes.placesTaken}`.mapWith(Number),
    })
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(inArray(intakes.status, [...seatSellingStatuses]))
    .orderBy(asc(intakes.startsOn), asc(courses.title));
}

/** Whether `token` opens the sponsorship's private page: its link at the current version. */
export async function opensSponsorPage(sponsorshipId: string, token: string) {
  if (!isUuid(sponsorshipId)) return false;
  const [row] = await db()
    .select({ linkVersion: sponsorships.linkVersion })
    .from(sponsorships)
    .where(eq(sponsorships.id, sponsorshipId));
  return row ? isSponsorToken(sponsorshipId, row.linkVersion, token) : false;
}
