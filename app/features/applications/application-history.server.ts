import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import {
  type Application,
  type ApplicationEventKind,
  applicationEvents,
  courses,
  intakes,
} from "~/db/schema";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { env } from "~/lib/infra/env.server";
import type { ApplicationForEmail, EmailText } from "./application-emails.server";

/** Who did something to an application: an admin, the applicant, or the system (a job). */
export type ApplicationActor =
  | { kind: "staff"; adminId: string }
  | { kind: "applicant" }
  | { kind: "system" };

export const applicantActor: ApplicationActor = { kind: "applicant" };
export const systemActor: ApplicationActor = { kind: "system" };

/** Adds one entry to an application's timeline, with the e-mail it sent if any. */
export async function recordEvent(
  tx: Transaction,
  applicationId: string,
  kind: ApplicationEventKind,
  actor: ApplicationActor,
  extra: { detail?: Record<string, string | null>; emailId?: string } = {},
) {
  await tx.insert(applicationEvents).values({
    applicationId,
    kind,
    actorKind: actor.kind,
    actorId: actor.kind === "staff" ? actor.adminId : null,
    detail: extra.detail ?? null,
    emailId: extra.emailId ?? null,
  });
}

/** What an application's e-mails name of its intake, from `intakes` joined to `courses`. */
export const emailIntakeColumns = {
  courseTitle: courses.title,
  intakeLabel: intakes.label,
  startsOn: intakes.startsOn,
};

/** An application with what its e-mails name: the course and the intake. */
export async function forEmail(tx: Transaction, application: Application) {
  const [intake] = await tx
    .select(emailIntakeColumns)
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(eq(intakes.id, application.intakeId));
  if (!intake) throw new Error("An application's intake is missing");
  return { ...application, ...intake } satisfies ApplicationForEmail;
}

/** Queues an e-mail to the applicant and records it in the timeline under `kind`. */
export async function emailApplicant(
  tx: Transaction,
  application: Pick<Application, "id" | "email">,
  email: EmailText,
  kind: ApplicationEventKind,
  actor: ApplicationActor,
  detail?: Record<string, string | null>,
  /** What is attached when it is sent: a payment's receipt, or a certificate. */
  attached?: { paymentId: string } | { certificateId: string },
) {
  const emailId = await queueEmail(tx, {
    kind: !attached ? "application" : "paymentId" in attached ? "payment" : "certificate",
    to: [application.email],
    ...email,
    replyTo: env().REPLY_TO,
    ...attached,
  });
  await recordEvent(tx, application.id, kind, actor, { emailId, detail });
}
