import { and, eq, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db, type Transaction } from "~/db/client.server";
import { type Admin, type Application, admins, applications } from "~/db/schema";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { fillApplicationPlaceholders } from "~/features/saved-replies/placeholders";
import { UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import {
  decisionEmail,
  type EmailText,
  enrolledEmail,
  staffWithdrawnEmail,
  waitlistedEmail,
} from "../application-emails.server";
import {
  type ApplicationActor,
  emailApplicant,
  forEmail,
  recordEvent,
} from "../application-history.server";
import { holdsPlace, mayMove, type StaffMove, staffMoves } from "../application-rules";
import { issueApplicationLink } from "../application-token.server";
import { moneyKept } from "../intake-cancellation.server";
import { admissionsHref } from "../list-url";
import { fillFreePlaces, offerPlace } from "../offers.server";
import { hasFreePlace, lockIntake, waitlistPlace } from "../places.server";
import { applicationReplyContext } from "./application-reply-context.server";

/*
 * Staff's decisions on applications. Authorization: the Students page guards with
 * requireAdmin, and any active admin may run admissions, so these services have no rule of
 * their own; the admin is recorded in each timeline entry.
 */

export const admissionMessages = {
  notFound: "Application not found.",
  intakeCancelled:
    "This intake is cancelled: its places cannot be offered or enrolled. Move a paid place to another intake from the course's Intakes page.",
  moved: "This application has changed since you opened it. Please look again.",
  full: "This intake is full: no place is free to offer. Move someone out first, or add seats to the intake.",
  deadlinePast: "The offer's deadline must be in the future.",
  assigneeGone: "That admin is no longer active.",
  offered: "Place offered.",
  declined: "Application declined.",
  waitlisted: "Moved to the waitlist.",
  enrolled: "Marked as enrolled.",
  withdrawn: "Application withdrawn.",
  notesSaved: "Notes saved.",
  assigned: "Assignee saved.",
} as const;

const staff = (admin: Admin): ApplicationActor => ({ kind: "staff", adminId: admin.id });

/**
 * Opens one application for a staff decision: its intake's row locked first (the order every
 * place-changing transaction keeps), then the application, which must still allow `move`.
 */
async function lockForMove(tx: Transaction, id: string, move: StaffMove) {
  if (!isUuid(id)) throw new UserFacingError(admissionMessages.notFound, 404);
  const [current] = await tx
    .select({ intakeId: applications.intakeId })
    .from(applications)
    .where(eq(applications.id, id));
  if (!current) throw new UserFacingError(admissionMessages.notFound, 404);
  const intake = await lockIntake(tx, current.intakeId);
  const [application] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, id))
    .for("update");
  if (!intake || !application) throw new UserFacingError(admissionMessages.notFound, 404);
  if (!mayMove(staffMoves, move, application.status))
    throw new UserFacingError(admissionMessages.moved, 409);
  if (intake.status === "cancelled" && move !== "withdraw")
    throw new UserFacingError(admissionMessages.intakeCancelled, 409);
  return { intake, application };
}

async function setStatus(
  tx: Transaction,
  application: Application,
  status: Application["status"],
  extra: PgUpdateSetSource<typeof applications> = {},
) {
  const [after] = await tx
    .update(applications)
    .set({
      status,
      answeredAt: application.answeredAt ?? sql`now()`,
      updatedAt: sql`now()`,
      ...extra,
    })
    .where(eq(applications.id, application.id))
    .returning();
  if (!after) throw new Error("The application was not saved");
  return after;
}

/** Offers a place until `expiresAt`, if one is free. */
export async function offerApplication(
  admin: Admin,
  id: string,
  expiresAt: Date,
  now = new Date(),
) {
  if (expiresAt <= now)
    throw new UserFacingError(admissionMessages.deadlinePast, 400, "offerExpiresAt");
  await db().transaction(async (tx) => {
    const { intake, application } = await lockForMove(tx, id, "offer");
    if (!hasFreePlace(intake)) throw new UserFacingError(admissionMessages.full, 409);
    await offerPlace(tx, application, expiresAt, staff(admin));
  });
}

const APPLICATION_LINK = /\{\s*application_link\s*\}/iu;

/**
 * Declines an application with staff's own e-mail (a saved reply or their words), its
 * placeholders filled as it is sent: {application_link} becomes a new private link.
 */
export async function declineApplication(admin: Admin, id: string, email: EmailText) {
  await db().transaction(async (tx) => {
    const { application } = await lockForMove(tx, id, "decline");
    const after = await setStatus(tx, application, "declined", { waitlistedAt: null });
    const wantsLink = APPLICATION_LINK.test(email.subject) || APPLICATION_LINK.test(email.text);
    const context = await applicationReplyContext(
      tx,
      application,
      wantsLink ? await issueApplicationLink(tx, id) : null,
    );
    await emailApplicant(
      tx,
      after,
      decisionEmail(
        await forEmail(tx, after),
        fillApplicationPlaceholders(email.subject, context),
        fillApplicationPlaceholders(email.text, context),
      ),
      "declined",
      staff(admin),
      { from: application.status },
    );
  });
}

/** Puts a new application at the end of its intake's waitlist. */
export async function waitlistApplication(admin: Admin, id: string) {
  await db().transaction(async (tx) => {
    const { application } = await lockForMove(tx, id, "waitlist");
    const after = await setStatus(tx, application, "waitlisted", {
      waitlistedAt: sql`clock_timestamp()`,
    });
    const place = (await waitlistPlace(tx, after)) ?? 0;
    await emailApplicant(
      tx,
      after,
      waitlistedEmail(await forEmail(tx, after), await issueApplicationLink(tx, id), place),
      "waitlisted",
      staff(admin),
      { from: application.status, place: String(place) },
    );
  });
}

/** Marks an offered or accepted applicant enrolled: they are in the class. */
export async function enrolApplication(admin: Admin, id: string) {
  await db().transaction(async (tx) => {
    const { application } = await lockForMove(tx, id, "enrol");
    const after = await setStatus(tx, application, "enrolled");
    await emailApplicant(
      tx,
      after,
      enrolledEmail(await forEmail(tx, after), await issueApplicationLink(tx, id)),
      "enrolled",
      staff(admin),
      { from: application.status },
    );
  });
}

/** Withdraws an application on the applicant's behalf; a place it held goes to the next in line. */
export async function withdrawApplication(admin: Admin, id: string, now = new Date()) {
  await db().transaction(async (tx) => {
    const { application } = await lockForMove(tx, id, "withdraw");
    const after = await setStatus(tx, application, "withdrawn", { waitlistedAt: null });
    const refundDue = (await moneyKept(tx, [id])).get(id) ?? 0;
    await emailApplicant(
      tx,
      after,
      staffWithdrawnEmail(await forEmail(tx, after), refundDue, await issueApplicationLink(tx, id)),
      "withdrawn",
      staff(admin),
      { from: application.status, refundDueKobo: String(refundDue) },
    );
    if (holdsPlace(application.status)) await fillFreePlaces(tx, after.intakeId, now);
  });
}

/** Staff's notes on an application (not shown to the applicant). */
export async function saveApplicationNotes(admin: Admin, id: string, notes: string) {
  if (!isUuid(id)) throw new UserFacingError(admissionMessages.notFound, 404);
  await db().transaction(async (tx) => {
    const [saved] = await tx
      .update(applications)
      .set({ adminNotes: notes || null, updatedAt: sql`now()` })
      .where(eq(applications.id, id))
      .returning({ id: applications.id });
    if (!saved) throw new UserFacingError(admissionMessages.notFound, 404);
    await recordEvent(tx, id, "notes", staff(admin));
  });
}

/** Gives an application to a colleague (or to nobody), who is told by e-mail. */
export async function assignApplication(admin: Admin, id: string, assigneeId: string | null) {
  if (!isUuid(id)) throw new UserFacingError(admissionMessages.notFound, 404);
  await db().transaction(async (tx) => {
    const assignee = assigneeId
      ? (
          await tx
            .select({ id: admins.id, name: admins.name, email: admins.email })
            .from(admins)
            .where(and(eq(admins.id, assigneeId), eq(admins.isActive, true)))
        )[0]
      : null;
    if (assigneeId && !assignee)
      throw new UserFacingError(admissionMessages.assigneeGone, 409, "assignedTo");
    const [before] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, id))
      .for("update");
    if (!before) throw new UserFacingError(admissionMessages.notFound, 404);
    if (before.assignedTo === (assignee?.id ?? null)) return;
    await tx
      .update(applications)
      .set({ assignedTo: assignee?.id ?? null, updatedAt: sql`now()` })
      .where(eq(applications.id, id));
    let emailId: string | undefined;
    if (assignee && assignee.id !== admin.id) {
      const application = await forEmail(tx, before);
      emailId = await queueEmail(tx, {
        kind: "assignment",
        to: [assignee.email],
        subject: `Application assigned to you: ${application.fullName} (${application.courseTitle})`,
        text: [
          `${admin.name} assigned you the application of ${application.fullName} for ${application.courseTitle}, ${application.intakeLabel}.`,
          "",
          `Open it in the portal: ${env().publicUrl}${admissionsHref({}, id)}`,
        ].join("\n"),
      });
    }
    await recordEvent(tx, id, "assigned", staff(admin), {
      detail: { from: before.assignedTo, to: assignee?.id ?? null },
      emailId,
    });
  });
}

/** The first time staff open an application: recorded once, for its timeline. */
export async function markApplicationViewed(admin: Admin, id: string) {
  if (!isUuid(id)) return;
  await db().transaction(async (tx) => {
    const [viewed] = await tx
      .update(applications)
      .set({ viewedAt: sql`now()` })
      .where(and(eq(applications.id, id), isNull(applications.viewedAt)))
      .returning({ id: applications.id });
    if (viewed) await recordEvent(tx, id, "viewed", staff(admin));
  });
}
