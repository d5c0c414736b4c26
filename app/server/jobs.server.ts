import { replyDelivered } from "~/features/messages/inbox/replies.server";
import { replyReminderWorker } from "~/features/messages/inbox/reply-reminders.server";
import { type RetryPolicy, type StopOptions, startJobQueue, stopJobQueue } from "~/lib/jobs.server";
import { emailRetryPolicy, emailWorkers } from "~/lib/outgoing-mail.server";

export type StartJobsOptions = {
  /** How often an idle worker asks for a job (pg-boss allows 0.5 at least). */
  pollingIntervalSeconds?: number;
  /** Overrides of the e-mail retry policy (tests use short delays). */
  emailRetry?: RetryPolicy;
};

/**
 * Starts working on background jobs in this process: the e-mail queue's delivery (a delivered
 * reply answers its message) and its give-up handler, and the messages' 20-hour reminders. Jobs are enqueued whether or not a
 * process works on them.
 */
export function startJobs({ pollingIntervalSeconds, emailRetry }: StartJobsOptions = {}) {
  return startJobQueue(
    [
      ...emailWorkers({
        policy: { ...emailRetryPolicy, ...emailRetry },
        afterSent: replyDelivered,
      }),
      replyReminderWorker,
    ],
    { pollingIntervalSeconds },
  );
}

/**
 * Stops taking jobs; running ones finish within `timeoutMs` (graceful) or go back to the queue
 * for another process or the next start.
 */
export function stopJobs(options: StopOptions = {}) {
  return stopJobQueue(options);
}
