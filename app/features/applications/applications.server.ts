import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type Application,
  type ApplicationEventKind,
  type ApplicationStatus,
  applicationEvents,
  applicationStatuses,
  applications,
  courses,
  type Intake,
  intakes,
} from "~/db/schema";
import { enterCode } from "~/features/discounts/discount-codes.server";
import { agreedPricingOf } from "~/features/intakes/payment-plans";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { isSeatCode, readSeatCode } from "~/features/sponsored-seats/seat-codes";
import {
  linkSeatToApplication,
  lockSeatToUse,
  takeSeat,
} from "~/features/sponsored-seats/seats.server";
import { isUniqueViolation, UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import {
  admissionsAlertEmail,
  applicantStepEmail,
  applicationLinksEmail,
  applicationReceivedEmail,
} from "./application-emails.server";
import {
  applicantActor,
  emailApplicant,
  forEmail,
  recordEvent,
  systemActor,
} from "./application-history.server";
import { applicationMessages } from "./application-messages";
import { selectApplications } from "./application-query.server";
import { type ApplicantMove, applicantMoves, holdsPlace, mayMove } from "./application-rules";
import type { ApplicationInput } from "./application-schema";
import {
  applicationIdOfToken,
  issueApplicationLink,
  replaceApplicationLinks,
} from "./application-token.server";
import { moneyKept } from "./intake-cancellation.server";
import { admissionsHref } from "./list-url";
import { fillFreePlaces, scheduleOfferJobs } from "./offers.server";
import { defaultOfferDeadline, hasFreePlace, lockIntake, waitlistPlace } from "./places.server";

/** Where a request came from, kept with the application like a message's. */
export type ApplicationOrigin = { ipAddress: string | null; userAgent: string | null };

/** Why an intake takes no application now; null when it does. */
export function intakeRefusal(
  intake: Pick<Intake, "status" | "startsOn" | "enrolmentOpensAt" | "enrolmentClosesAt">,
  now: Date,
): string | null {
  if (intake.status === "cancelled") return applicationMessages.cancelled;
  if (intake.status === "closed") return applicationMessages.closed;
  if (intake.status !== "open") return applicationMessages.notOpen;
  if (intake.enrolmentOpensAt && intake.enrolmentOpensAt > now)
    return applicationMessages.notYetOpen;
  if (intake.enrolmentClosesAt <= now || intake.startsOn <= lagosToday(now))
    return applicationMessages.closed;
  return null;
}

/** The intake an apply page is about, with its course; null when there is none to show. */
export async function findIntakeToApply(intakeId: string) {
  if (!isUuid(intakeId)) return null;
  const [row] = await db()
    .select({ intake: intakes, course: { title: courses.title, slug: courses.slug } })
    .from(intakes)
    .innerJoin(courses, and(eq(courses.id, intakes.courseId), eq(courses.isActive, true)))
    .where(and(eq(intakes.id, intakeId), sql`${intakes.status} <> 'draft'`));
  return row ?? null;
}

async function isActiveCourse(tx: Transaction, courseId: string) {
  const [course] = await tx
    .select({ isActive: courses.isActive })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course?.isActive === true;
}

/** What the applicant is told at once: the reference and what happens next. */
export type ApplyOutcome = {
  reference: number;
  status: Application["status"];
  offerExpiresAt: Date | null;
  waitlistPlace: number | null;
};

/**
 * Stores an application, in one transaction with everything it causes. The intake's row is
 * locked first, so applications to one intake are taken one at a time in every process: in a
 * first-come intake the first ones get the free places, the rest join the waitlist in the
 * order they arrived. A second live application from the same address is refused.
 */
export async function applyForIntake(
  intakeId: string,
  input: ApplicationInput,
  origin: ApplicationOrigin,
  now = new Date(),
): Promise<ApplyOutcome> {
  if (!isUuid(intakeId)) throw new UserFacingError(applicationMessages.notOpen, 404);
  try {
    return await db().transaction(async (tx) => {
      const intake = await lockIntake(tx, intakeId);
      if (!intake || !(await isActiveCourse(tx, intake.courseId)))
        throw new UserFacingError(applicationMessages.notOpen, 404);
      const refusal = intakeRefusal(intake, now);
      if (refusal) throw new UserFacingError(refusal, 409);
      if (input.discountCode && isSeatCode(input.discountCode))
        return await enrolWithSeat(tx, intake, input, origin, input.discountCode, now);
      const free = hasFreePlace(intake);
      const offered = free && intake.admissionMode === "first-come";
      const [stored] = await tx
        .insert(applications)
        .values({
          intakeId,
          ...answersOf(input),
          status: offered ? "offered" : free ? "new" : "waitlisted",
          offerExpiresAt: offered ? defaultOfferDeadline(now) : null,
          waitlistedAt: free ? null : sql`clock_timestamp()`,
          answeredAt: free ? (offered ? now : null) : now,
          ...origin,
        })
        .returning();
      if (!stored) throw new Error("The application was not stored");
      await recordEvent(tx, stored.id, "applied", applicantActor);
      // A code that cannot be used refuses the whole application: the form keeps what was typed.
      if (input.discountCode) {
        const code = await enterCode(tx, stored, input.discountCode, now, "discountCode");
        await recordEvent(tx, stored.id, "code-entered", applicantActor, {
          detail: { code: code.code },
        });
      }
      if (stored.status !== "new")
        await recordEvent(
          tx,
          stored.id,
          stored.status === "offered" ? "offered" : "waitlisted",
          systemActor,
        );
      if (offered) await scheduleOfferJobs(tx, stored);
      return await confirmApplication(tx, stored);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new UserFacingError(applicationMessages.alreadyApplied, 409, "email");
    throw error;
  }
}

/** What the applicant answered on the form, as the application keeps it. */
const answersOf = (input: ApplicationInput) => ({
  fullName: input.fullName,
  email: input.email,
  phone: input.phone,
  experienceLevel: input.experienceLevel,
  goals: input.goals,
  heardFrom: input.heardFrom,
  consentGiven: true,
});

/** The applicant's e-mail with their private link, staff's alert, and what the page says. */
async function confirmApplication(tx: Transaction, stored: Application): Promise<ApplyOutcome> {
  const place = await waitlistPlace(tx, stored);
  const email = applicationReceivedEmail(
    await forEmail(tx, stored),
    await issueApplicationLink(tx, stored.id),
    place,
  );
  await emailApplicant(tx, stored, email, "email", systemActor, { subject: email.subject });
  await alertStaffOfApplication(tx, stored);
  return {
    reference: stored.reference,
    status: stored.status,
    offerExpiresAt: stored.offerExpiresAt,
    waitlistPlace: place,
  };
}

/**
 * An application with a sponsor's seat code (decision 0081): the seat is the place, already
 * paid for, so the applicant is enrolled at once with nothing to pay. The seat stops holding
 * its place before the application takes it, so a full intake still enrols its seat holders.
 */
async function enrolWithSeat(
  tx: Transaction,
  intake: Intake,
  input: ApplicationInput,
  origin: ApplicationOrigin,
  typedCode: string,
  now: Date,
) {
  const seat = await lockSeatToUse(
    tx,
    readSeatCode(typedCode),
    intake.id,
    input.email,
    "discountCode",
  );
  await takeSeat(tx, seat.id);
  const [stored] = await tx
    .insert(applications)
    .values({
      intakeId: intake.id,
      ...answersOf(input),
      status: "enrolled",
      acceptedAt: now,
      paymentPlan: "full",
      agreedPricing: agreedPricingOf(intake),
      answeredAt: now,
      ...origin,
    })
    .returning();
  if (!stored) throw new Error("The application was not stored");
  await linkSeatToApplication(tx, seat.id, stored.id);
  await recordEvent(tx, stored.id, "applied", applicantActor);
  await recordEvent(tx, stored.id, "enrolled", systemActor, {
    detail: { by: `sponsored seat ${seat.code}` },
  });
  return confirmApplication(tx, stored);
}

async function alertStaffOfApplication(tx: Transaction, application: Application) {
  const { NOTIFY_EMAILS: recipients, publicUrl } = env();
  if (!recipients.length) return;
  const link = `${publicUrl}${admissionsHref({}, application.id)}`;
  await queueEmail(tx, {
    kind: "staff-alert",
    to: recipients,
    ...admissionsAlertEmail(await forEmail(tx, application), "new", link),
  });
}

/** The events that gave an application its next status, the steps 'My application' lists. */
const statusChangeKinds: ApplicationEventKind[] = [
  "applied",
  "intake-cancelled",
  "transferred",
  ...applicationStatuses.filter(
    (status): status is Exclude<ApplicationStatus, "new"> => status !== "new",
  ),
];

/** 'My application' as its private link opens it; null for a link that opens none. */
export async function findApplicationByToken(token: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const id = await applicationIdOfToken(tx, token);
    if (!id) return null;
    const [row] = await selectApplications(tx, {
      application: applications,
      intake: intakes,
      course: { title: courses.title, slug: courses.slug },
    }).where(eq(applications.id, id));
    if (!row) return null;
    const history = await tx
      .select({
        kind: applicationEvents.kind,
        actorKind: applicationEvents.actorKind,
        createdAt: applicationEvents.createdAt,
      })
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, id),
          inArray(applicationEvents.kind, statusChangeKinds),
        ),
      )
      .orderBy(asc(applicationEvents.createdAt));
    const { application, intake, course } = row;
    const withdrawal = history.findLast((step) => step.kind === "withdrawn");
    return {
      reference: application.reference,
      fullName: application.fullName,
      status: application.status,
      offerExpiresAt: application.offerExpiresAt,
      offerOpen:
        intake.status !== "cancelled" &&
        application.status === "offered" &&
        !!application.offerExpiresAt &&
        application.offerExpiresAt > now,
      waitlistPlace: intake.status === "cancelled" ? null : await waitlistPlace(tx, application),
      intake: {
        label: intake.label,
        startsOn: intake.startsOn,
        endsOn: intake.endsOn,
        classTimes: intake.classTimes,
        mode: intake.mode,
        location: intake.location,
        price: intake.price,
        earlyBirdPrice: intake.earlyBirdPrice,
        earlyBirdEndsOn: intake.earlyBirdEndsOn,
        payInFullDiscount: intake.payInFullDiscount,
        paymentPlans: intake.paymentPlans,
        status: intake.status,
      },
      withdrawnBy: application.status === "withdrawn" ? (withdrawal?.actorKind ?? null) : null,
      intakeCancelled:
        intake.status === "cancelled"
          ? {
              reason: intake.cancelReason ?? "",
              kept: (await moneyKept(tx, [id])).get(id) ?? 0,
            }
          : null,
      course,
      history,
    };
  });
}

export type MyApplication = NonNullable<Awaited<ReturnType<typeof findApplicationByToken>>>;

const applicantSteps = { accept: "accepted", decline: "declined", withdraw: "withdrawn" } as const;

/**
 * The applicant's own step from 'My application': accept an offer before its deadline, decline
 * it, or withdraw. A place given back goes to the next in line in the same transaction.
 */
export async function takeApplicantStep(token: string, move: ApplicantMove, now = new Date()) {
  await db().transaction(async (tx) => {
    const id = await applicationIdOfToken(tx, token);
    if (!id) throw new UserFacingError(applicationMessages.linkUnknown, 404);
    const [current] = await tx
      .select({ intakeId: applications.intakeId })
      .from(applications)
      .where(eq(applications.id, id));
    if (!current) throw new UserFacingError(applicationMessages.linkUnknown, 404);
    if ((await lockIntake(tx, current.intakeId))?.status === "cancelled")
      throw new UserFacingError(applicationMessages.intakeCancelled, 409);
    const [before] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, id))
      .for("update");
    if (!before || !mayMove(applicantMoves, move, before.status))
      throw new UserFacingError(applicationMessages.moveNotAllowed, 409);
    if (move === "accept" && (!before.offerExpiresAt || before.offerExpiresAt <= now))
      throw new UserFacingError(applicationMessages.offerEnded, 409);
    const step = applicantSteps[move];
    const [after] = await tx
      .update(applications)
      .set({ status: step, updatedAt: sql`now()`, ...(step === "accepted" && { acceptedAt: now }) })
      .where(eq(applications.id, id))
      .returning();
    if (!after) throw new Error("The step was not saved");
    await emailApplicant(
      tx,
      after,
      applicantStepEmail(await forEmail(tx, after), step, await issueApplicationLink(tx, id)),
      step,
      applicantActor,
      { from: before.status },
    );
    if (holdsPlace(before.status) && !holdsPlace(after.status))
      await fillFreePlaces(tx, after.intakeId, now);
  });
}

/**
 * 'Find my application': e-mails fresh links to every application of the address, replacing
 * every link sent before, and tells the visitor the same whether or not there are any.
 */
export async function sendApplicationLinks(email: string) {
  await db().transaction(async (tx) => {
    const found = await selectApplications(tx, {
      id: applications.id,
      reference: applications.reference,
      fullName: applications.fullName,
      courseTitle: courses.title,
    })
      .where(sql`lower(${applications.email}) = lower(${email})`)
      .orderBy(desc(applications.createdAt))
      .limit(10);
    const [latest] = found;
    if (!latest) return;
    const links = [];
    for (const item of found) {
      // The e-mail says 'Links sent before no longer work': a leaked link is shut this way.
      await replaceApplicationLinks(tx, item.id);
      links.push({ ...item, link: await issueApplicationLink(tx, item.id) });
    }
    const emailId = await queueEmail(tx, {
      kind: "application",
      to: [email],
      ...applicationLinksEmail(latest.fullName, links),
      replyTo: env().REPLY_TO,
    });
    for (const item of found)
      await recordEvent(tx, item.id, "link-sent", applicantActor, { emailId });
  });
}
