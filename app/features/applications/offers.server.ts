import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import { type Application, applications } from "~/db/schema";
import { defineJob } from "~/features/jobs/define-job.server";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { HOUR_MS } from "~/features/reply-clock/reply-clock";
import { uuidSchema } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import {
  admissionsAlertEmail,
  offerEmail,
  offerExpiredEmail,
  offerReminderEmail,
} from "./application-emails.server";
import {
  type ApplicationActor,
  emailApplicant,
  forEmail,
  systemActor,
} from "./application-history.server";
import { OFFER_REMINDER_HOURS } from "./application-rules";
import { issueApplicationLink } from "./application-token.server";
import { admissionsHref } from "./list-url";
import { defaultOfferDeadline, lockIntake } from "./places.server";

/**
 * Offers a place to an application (its intake already locked by the caller): holds the place
 * until `expiresAt`, e-mails the offer, and schedules the reminder and the expiry.
 */
export async function offerPlace(
  tx: Transaction,
  application: Application,
  expiresAt: Date,
  actor: ApplicationActor,
) {
  const [offered] = await tx
    .update(applications)
    .set({
      status: "offered",
      offerExpiresAt: expiresAt,
      offerRemindedAt: null,
      waitlistedAt: null,
      answeredAt: application.answeredAt ?? sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(applications.id, application.id))
    .returning();
  if (!offered) throw new Error("The offer was not saved");
  await emailApplicant(
    tx,
    offered,
    offerEmail(await forEmail(tx, offered), await issueApplicationLink(tx, offered.id)),
    "offered",
    actor,
    { from: application.status, until: expiresAt.toISOString() },
  );
  await scheduleOfferJobs(tx, offered);
  return offered;
}

/**
 * After a place was freed in an intake (its row locked by the caller): in a first-come intake
 * the first in line is offered each free place at once; in a reviewed one, staff are told that
 * someone is waiting for it. Answers whether anyone was waiting for a free place.
 */
export async function fillFreePlaces(tx: Transaction, intakeId: string, now = new Date()) {
  const intake = await lockIntake(tx, intakeId);
  if (!intake || intake.status === "cancelled") return false;
  let free = intake.seats - intake.placesTaken;
  if (free <= 0) return false;
  const waiting = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.intakeId, intakeId), eq(applications.status, "waitlisted")))
    .orderBy(asc(applications.waitlistedAt), asc(applications.reference))
    .limit(intake.admissionMode === "first-come" ? free : 1)
    .for("update");
  if (!waiting.length) return false;
  if (intake.admissionMode === "reviewed") {
    await alertStaffOfFreePlace(tx, waiting[0] as Application);
    return true;
  }
  for (const application of waiting) {
    if (free-- <= 0) break;
    await offerPlace(tx, application, defaultOfferDeadline(now), systemActor);
  }
  return true;
}

/**
 * After staff changed an intake (more seats, first-come from now on): in a first-come intake its
 * free places go to the waitlist as they would after a decline. A reviewed intake's staff just
 * made the change, so nobody is alerted.
 */
export async function offerFreePlaces(intakeId: string) {
  await db().transaction(async (tx) => {
    const intake = await lockIntake(tx, intakeId);
    if (intake?.admissionMode === "first-come") await fillFreePlaces(tx, intakeId);
  });
}

async function alertStaffOfFreePlace(tx: Transaction, firstInLine: Application) {
  const { NOTIFY_EMAILS: recipients, publicUrl } = env();
  if (!recipients.length) return;
  const link = `${publicUrl}${admissionsHref({ intake: firstInLine.intakeId, status: "waitlisted" })}`;
  await queueEmail(tx, {
    kind: "staff-alert",
    to: recipients,
    ...admissionsAlertEmail(await forEmail(tx, firstInLine), "place-free", link),
  });
}

/**
 * Schedules an offer's reminder (24 hours before its deadline) and its expiry, in the
 * transaction that makes or moves the offer. Each job checks the application when it runs, so
 * one made obsolete (accepted, declined, the deadline moved on) does nothing.
 */
export async function scheduleOfferJobs(
  tx: Transaction,
  offer: Pick<Application, "id" | "offerExpiresAt">,
) {
  if (!offer.offerExpiresAt) return;
  const deadline = offer.offerExpiresAt.getTime();
  const payload = { id: offer.id, deadline: offer.offerExpiresAt.toISOString() };
  await offerReminderJob.enqueue(tx, payload, {
    startAfter: new Date(deadline - OFFER_REMINDER_HOURS * HOUR_MS),
  });
  await offerExpiryJob.enqueue(tx, payload, { startAfter: new Date(deadline) });
}

type OfferJob = { id: string; deadline: string };

/**
 * Reminds the applicant once, if the offer is still open with the deadline it was scheduled
 * for and that deadline is still ahead when the job runs (a queue that ran late, or a stopped
 * worker, must not remind of an offer that has ended). The stamp is taken in the statement that
 * checks it: a repeated job sends nothing.
 */
export async function remindOffer({ id, deadline }: OfferJob, now = new Date()) {
  await db().transaction(async (tx) => {
    const [offer] = await tx
      .update(applications)
      .set({ offerRemindedAt: sql`now()` })
      .where(
        and(
          eq(applications.id, id),
          eq(applications.status, "offered"),
          eq(applications.offerExpiresAt, new Date(deadline)),
          gt(applications.offerExpiresAt, now),
          isNull(applications.offerRemindedAt),
        ),
      )
      .returning();
    if (!offer) return;
    await emailApplicant(
      tx,
      offer,
      offerReminderEmail(await forEmail(tx, offer), await issueApplicationLink(tx, id)),
      "offer-reminded",
      systemActor,
    );
  });
}

/**
 * Ends an offer whose deadline has passed: the place goes back (the database's count drops)
 * and, in the same transaction, to the next in line.
 */
export async function expireOffer({ id }: OfferJob, now = new Date()) {
  await db().transaction(async (tx) => {
    const [current] = await tx
      .select({ intakeId: applications.intakeId })
      .from(applications)
      .where(eq(applications.id, id));
    if (!current) return;
    // A cancelled intake's applicants were told so: no offer of it ends, nor goes to anyone.
    if ((await lockIntake(tx, current.intakeId))?.status === "cancelled") return;
    const [expired] = await tx
      .update(applications)
      .set({ status: "expired", updatedAt: sql`now()` })
      .where(
        and(
          eq(applications.id, id),
          eq(applications.status, "offered"),
          lte(applications.offerExpiresAt, now),
        ),
      )
      .returning();
    if (!expired) return;
    const passedOn = await fillFreePlaces(tx, expired.intakeId, now);
    await emailApplicant(
      tx,
      expired,
      offerExpiredEmail(await forEmail(tx, expired), await issueApplicationLink(tx, id), passedOn),
      "expired",
      systemActor,
    );
  });
}

const offerJobPayload = z.object({ id: uuidSchema(), deadline: z.iso.datetime() });
const offerJobRetry = {
  retryLimit: 6,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

export const offerReminderJob = defineJob({
  name: "application-offer-reminder",
  payload: offerJobPayload,
  retry: offerJobRetry,
  run: (payload) => remindOffer(payload),
});

export const offerExpiryJob = defineJob({
  name: "application-offer-expiry",
  payload: offerJobPayload,
  retry: offerJobRetry,
  run: (payload) => expireOffer(payload),
});
