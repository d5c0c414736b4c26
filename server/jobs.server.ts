import type { DatabaseHandle } from "~/db/client.server";
import { offerExpiryJob, offerReminderJob } from "~/features/applications/offers.server";
import { certificateAttachments } from "~/features/certificates/certificate-files.server";
import { sessionReminderJob } from "~/features/cohort/session-reminders.server";
import type { Job, RetryPolicy } from "~/features/jobs/define-job.server";
import {
  installQueues,
  type StopOptions,
  startJobQueue,
  stopJobQueue,
} from "~/features/jobs/job-queue.server";
import { answerWithdrawn, replyDelivered } from "~/features/messages/inbox/replies.server";
import { replyReminderJob } from "~/features/messages/reply-reminders.server";
import { whatsappEventJob } from "~/features/messages/whatsapp/whatsapp-webhook.server";
import { sendEmailJob } from "~/features/outgoing-mail/send-email-job.server";
import { instalmentReminderJob } from "~/features/payments/instalment-reminders.server";
import { paymentCheckJob } from "~/features/payments/payments.server";
import { receiptAttachments } from "~/features/payments/receipts/receipts.server";
import { refundCheckJob } from "~/features/payments/refunds.server";
import { accountTransferJob } from "~/features/payments/transfer-accounts/account-transfers.server";
import { transferAccountSweepJob } from "~/features/payments/transfer-accounts/transfer-accounts.server";
import { invoiceCheckJob } from "~/features/sponsored-seats/invoice-payments.server";

/**
 * Every background job the application has, each declared in its feature with `defineJob`,
 * and the hooks one feature gives another's job. A new job is added here: its queue is then
 * created at start-up and every app process works on it.
 */
const backgroundJobs: readonly Job[] = [
  // A delivered reply answers its message; a payment's e-mail carries its receipt, a
  // certificate's e-mail the certificate.
  sendEmailJob.withHooks({
    afterSent: replyDelivered,
    attachmentsOf: async (email) => [
      ...(await receiptAttachments(email)),
      ...(await certificateAttachments(email)),
    ],
  }),
  replyReminderJob,
  offerReminderJob,
  offerExpiryJob,
  paymentCheckJob,
  refundCheckJob,
  accountTransferJob,
  transferAccountSweepJob,
  invoiceCheckJob,
  instalmentReminderJob,
  sessionReminderJob,
  // A WhatsApp reply Meta reports failed no longer answers its conversation.
  whatsappEventJob.withHooks({ replyFailed: answerWithdrawn }),
];

/**
 * Creates the jobs' queues that do not exist yet: right after the database opens, before
 * anything is enqueued.
 */
export function installJobs(handle: Pick<DatabaseHandle, "executeSql">) {
  return installQueues(handle.executeSql, backgroundJobs);
}

export type StartJobsOptions = {
  /** How often an idle worker asks for a job (pg-boss allows 0.5 at least). */
  pollingIntervalSeconds?: number;
  /** Overrides of the e-mail retry policy (tests use short delays). */
  emailRetry?: RetryPolicy;
};

/**
 * Starts working on background jobs in this process. Jobs are enqueued whether or not a
 * process works on them.
 */
export function startJobs({ pollingIntervalSeconds, emailRetry }: StartJobsOptions = {}) {
  const jobs = backgroundJobs.map((job) =>
    job.name === sendEmailJob.name && emailRetry ? job.withRetry(emailRetry) : job,
  );
  return startJobQueue(jobs, { pollingIntervalSeconds });
}

/**
 * Stops taking jobs; running ones finish within `timeoutMs` (graceful) or go back to the queue
 * for another process or the next start.
 */
export function stopJobs(options: StopOptions = {}) {
  return stopJobQueue(options);
}
