import { and, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { jobQueues } from "~/db/job-queue.server";
import { type OutgoingEmail, type OutgoingEmailKind, outgoingEmails } from "~/db/schema";
import { logger } from "./infra/logger.server";
import { enqueueJob, type QueueWorker, type RetryPolicy, untilWritten } from "./jobs.server";
import { sendMail } from "./mail.server";

export type EmailToQueue = {
  kind: OutgoingEmailKind;
  to: string[];
  subject: string;
  text: string;
  /** The visitor's message the e-mail is about, if any. */
  messageId?: string;
  /** Where answers go instead of MAIL_FROM (`Reply-To`). */
  replyTo?: string;
};

type SendEmailJob = { id: string };

/**
 * Records an e-mail to send and enqueues its delivery, both in the caller's transaction: the
 * e-mail exists exactly when what caused it was stored, whatever happens to the process after.
 */
export async function queueEmail(tx: Transaction, email: EmailToQueue): Promise<string> {
  const [row] = await tx
    .insert(outgoingEmails)
    .values({
      kind: email.kind,
      recipients: email.to,
      subject: email.subject,
      body: email.text,
      messageId: email.messageId ?? null,
      replyTo: email.replyTo ?? null,
    })
    .returning({ id: outgoingEmails.id });
  if (!row) throw new Error("The e-mail was not recorded");
  await enqueueJob(tx, jobQueues.sendEmail, { id: row.id } satisfies SendEmailJob);
  return row.id;
}

/**
 * When the queue will next try each of these e-mails (those waiting for a first try or a
 * retry; one being tried right now has none).
 */
export async function nextEmailTries(ids: string[]): Promise<Map<string, Date>> {
  if (!ids.length) return new Map();
  const result = await db().execute(sql`
    select data->>'id' as id, min(start_after) as next_try_at
    from pgboss.job
    where name = ${jobQueues.sendEmail} and state in ('created', 'retry')
      and data->>'id' in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    group by data->>'id'
  `);
  const rows = result.rows as { id: string; next_try_at: Date | string }[];
  return new Map(rows.map((row) => [row.id, new Date(row.next_try_at)]));
}

/** Queues a failed e-mail again (one try more, then the usual retries). False if it had not failed. */
export async function requeueFailedEmail(id: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(outgoingEmails)
      .set({ status: "queued" })
      .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, "failed")))
      .returning({ id: outgoingEmails.id });
    if (!row) return false;
    await enqueueJob(tx, jobQueues.sendEmail, { id } satisfies SendEmailJob);
    return true;
  });
}

/**
 * Nine tries in all: the retries wait 30-60 s, then twice as long each time, so an e-mail is
 * given up (and shown as failed) after two to four hours of refusals.
 */
export const emailRetryPolicy: RetryPolicy = {
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

/** An e-mail the mail server accepted, as what it was about needs to know. */
export type SentEmail = Pick<OutgoingEmail, "id" | "kind" | "messageId"> & { sentAt: Date };

/**
 * What follows a delivery, in the transaction that marks the e-mail sent (a reply makes its
 * message replied only then).
 */
export type AfterSent = (tx: Transaction, email: SentEmail) => Promise<void>;

async function deliver({ id }: SendEmailJob, stopped: AbortSignal, afterSent?: AfterSent) {
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
async function giveUp({ id }: SendEmailJob) {
  await db()
    .update(outgoingEmails)
    .set({
      status: "failed",
      lastError: sql`coalesce(${outgoingEmails.lastError}, 'The last try did not finish')`,
    })
    .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, "queued")));
  logger.error({ emailId: id }, "An e-mail failed every try and was given up");
}

/** The workers of the e-mail queues, for the job queue to run. */
export function emailWorkers({
  policy = emailRetryPolicy,
  afterSent,
}: {
  policy?: RetryPolicy;
  afterSent?: AfterSent;
} = {}): QueueWorker<SendEmailJob>[] {
  return [
    { queue: jobQueues.sendEmail, policy, run: (job, stopped) => deliver(job, stopped, afterSent) },
    { queue: jobQueues.sendEmailFailed, run: giveUp },
  ];
}
