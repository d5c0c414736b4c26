import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import { type OutgoingEmail, outgoingEmails } from "~/db/schema";
import { defineJob, type JobRun, type RetryPolicy } from "~/features/jobs/define-job.server";
import { untilWritten } from "~/features/jobs/job-queue.server";
import { domainOfMailbox } from "~/lib/forms/email-address";
import { uuidSchema } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { type MailAttachment, sendMail } from "./mail-transport.server";

/**
 * Nine tries in all: the retries wait 30-60 s, then twice as long each time, so an e-mail is
 * given up (and shown as failed) after two to four hours of refusals.
 */
const emailRetryPolicy: RetryPolicy = {
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

type MailFailure = Error & { code?: unknown; responseCode?: unknown };

/** A 5xx answer: the server refuses for good (unknown mailbox, bad credentials); retrying won't help. */
const isPermanent = (error: MailFailure) =>
  typeof error.responseCode === "number" && error.responseCode >= 500 && error.responseCode < 600;

/**
 * What staff are shown of a failure: nodemailer's message, which names the server's answer and
 * at most the recipients, who are listed beside it anyway.
 */
const failureText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a server's answer is outside text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .slice(0, 500);

/** Every e-mail but a staff member's reply to a visitor is sent by the site on its own. */
const isAutomatic = (email: Pick<OutgoingEmail, "kind">) => email.kind !== "reply";

/**
 * Where a staff reply's bounces go: its Reply-To when that is on INBOUND_REPLY_ADDRESS's domain
 * (the conversation's reply address, replies+token@…, read by the app), rather than MAIL_FROM,
 * often a no-reply address nobody reads. Other e-mails keep MAIL_FROM.
 */
function bounceAddressOf(email: Pick<OutgoingEmail, "kind" | "replyTo">) {
  const inbound = env().INBOUND_REPLY_ADDRESS;
  if (isAutomatic(email) || !inbound || !email.replyTo?.includes("@")) return undefined;
  return domainOfMailbox(email.replyTo) === domainOfMailbox(inbound) ? email.replyTo : undefined;
}

/** An e-mail the mail server accepted, as what it was about needs to know. */
export type SentEmail = Pick<OutgoingEmail, "id" | "kind" | "messageId"> & { sentAt: Date };

/**
 * What follows a delivery, in the transaction that marks the e-mail sent (a reply makes its
 * message replied only then).
 */
export type AfterSent = (tx: Transaction, email: SentEmail) => Promise<void>;

/**
 * The files an e-mail carries, made when it is sent from what the database holds (a payment's
 * receipt), so that a retry sends the same files and nothing large waits in the queue.
 */
export type AttachmentsOf = (email: OutgoingEmail) => Promise<MailAttachment[]>;

export type SendEmailHooks = { afterSent?: AfterSent; attachmentsOf?: AttachmentsOf };

async function deliver(id: string, stopped: AbortSignal, hooks: SendEmailHooks) {
  const { afterSent, attachmentsOf } = hooks;
  const [email] = await db().select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
  // Sent already (a repeated job) or deleted with its message: nothing to do.
  if (email?.status !== "queued") return;
  try {
    await sendMail({
      id,
      to: email.recipients,
      subject: email.subject,
      text: email.body,
      replyTo: email.replyTo ?? undefined,
      attachments: attachmentsOf ? await attachmentsOf(email) : undefined,
      automatic: isAutomatic(email),
      envelopeFrom: bounceAddressOf(email),
    });
  } catch (caught) {
    const error = caught as MailFailure;
    const permanent = isPermanent(error);
    const lastError = failureText(error);
    await db()
      .update(outgoingEmails)
      .set({
        attempts: sql`${outgoingEmails.attempts} + 1`,
        lastError,
        ...(permanent ? { status: "failed" as const } : {}),
      })
      .where(eq(outgoingEmails.id, id));
    // The log gets codes only: the server's answer may quote an address.
    logger.warn(
      { emailId: id, kind: email.kind, code: error.code, responseCode: error.responseCode },
      permanent ? "An e-mail was refused for good" : "Sending an e-mail failed; it will be retried",
    );
    if (permanent) return;
    throw new Error(lastError);
  }
  // The mail server has it: from here on, only recording that may be tried again, never the
  // sending (a try that ended here would send it again). A retry after a commit whose answer
  // was lost finds the e-mail sent already and changes nothing.
  const sentAt = new Date();
  await untilWritten(
    "Recording a sent e-mail",
    () =>
      db().transaction(async (tx) => {
        const [sent] = await tx
          .update(outgoingEmails)
          .set({ status: "sent", sentAt, attempts: sql`${outgoingEmails.attempts} + 1` })
          .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, "queued")))
          .returning({
            id: outgoingEmails.id,
            kind: outgoingEmails.kind,
            messageId: outgoingEmails.messageId,
          });
        if (sent) await afterSent?.(tx, { ...sent, sentAt });
      }),
    stopped,
  );
}

/** Every try failed, or the last one never finished (the process died): shown as failed. */
async function giveUp(id: string) {
  await db()
    .update(outgoingEmails)
    .set({
      status: "failed",
      lastError: sql`coalesce(${outgoingEmails.lastError}, 'The last try did not finish')`,
    })
    .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, "queued")));
  logger.error({ emailId: id }, "An e-mail failed every try and was given up");
}

/**
 * Delivers one recorded e-mail (`outgoing_emails`); the row is enqueued with `queueEmail`.
 * `afterSent` is what the e-mail was about doing its part once it is delivered (given in the
 * registry, so this feature needs to know none of them).
 */
export const sendEmailJob = defineJob({
  name: "send-email",
  payload: z.object({ id: uuidSchema() }),
  retry: emailRetryPolicy,
  run: ({ id }, { stopped, hooks }: JobRun<SendEmailHooks>) => deliver(id, stopped, hooks),
  giveUp: ({ id }) => giveUp(id),
});
