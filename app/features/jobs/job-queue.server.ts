import { setTimeout as delay } from "node:timers/promises";
import PgBoss from "pg-boss";
import { currentDatabase, type DatabaseHandle } from "~/db/client.server";
import type { ExecuteSql } from "~/db/job-queue.server";
import { LAGOS_TIME_ZONE } from "~/lib/format/dates";
import { logger } from "~/lib/infra/logger.server";
import { type Job, MalformedJobError, type RetryPolicy } from "./define-job.server";

type Running = { handle: DatabaseHandle; boss: PgBoss; stopped: AbortController };

/**
 * Runs `write` until the database takes it, waiting 0.5 s, then twice as long up to 5 s, between
 * tries: what a job has done (an e-mail handed to the mail server, the job's end) is recorded
 * once the database answers again, rather than lost and done twice, or left to expire minutes
 * later. Gives up (throws) only once `stopped` aborts.
 */
export async function untilWritten<T>(
  what: string,
  write: () => Promise<T>,
  stopped: AbortSignal,
): Promise<T> {
  for (let wait = 500; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await write();
    } catch (error) {
      if (stopped.aborted) throw error;
      if (wait === 500)
        logger.warn({ err: error }, `${what} failed; trying again until it is recorded`);
      await delay(wait, undefined, { signal: stopped }).catch(() => {
        throw error;
      });
    }
  }
}

// On globalThis like the database handle, so the dev server's reloads never start a second one.
const holder = globalThis as typeof globalThis & { __academyJobs?: Running };

/**
 * Creates the queues of `jobs` that do not exist yet (a dead-letter queue before the queue that
 * uses it), with each job's retry policy: before the first job is enqueued, so a process that
 * never works on jobs can enqueue too. Safe when several processes start at once.
 */
export async function installQueues(executeSql: ExecuteSql, jobs: readonly Job[]) {
  const boss = new PgBoss({
    db: { executeSql },
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  try {
    for (const job of jobs) {
      if (job.deadLetter && !(await boss.getQueue(job.deadLetter)))
        await boss.createQueue(job.deadLetter, { name: job.deadLetter });
      if (!(await boss.getQueue(job.name)))
        await boss.createQueue(job.name, {
          name: job.name,
          ...queuePolicy(job.retry),
          ...(job.deadLetter ? { deadLetter: job.deadLetter } : {}),
        });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** The policy's fields that are set (pg-boss refuses one given as undefined). */
const queuePolicy = ({ retryLimit, retryDelay, retryBackoff, expireInSeconds }: RetryPolicy) =>
  Object.fromEntries(
    Object.entries({ retryLimit, retryDelay, retryBackoff, expireInSeconds }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as RetryPolicy;

/** One queue a process works on: a job's own queue, or its dead-letter queue. */
type Worker = {
  queue: string;
  /** Applied to the queue at start, for the jobs enqueued from then on. */
  retry?: RetryPolicy;
  run: (data: unknown, stopped: AbortSignal) => Promise<void>;
};

const workersOf = (job: Job): Worker[] => [
  { queue: job.name, retry: job.retry, run: job.work },
  ...(job.deadLetter && job.giveUp ? [{ queue: job.deadLetter, run: job.giveUp }] : []),
];

/**
 * Works on the queues of `jobs` in this process (any number of processes may: each job goes to
 * one). Idempotent while the same database is open.
 */
export async function startJobQueue(
  jobs: readonly Job[],
  { pollingIntervalSeconds = 2 }: { pollingIntervalSeconds?: number } = {},
) {
  const handle = currentDatabase();
  if (!handle) throw new Error("The database has not been opened (call openDatabase first)");
  if (holder.__academyJobs?.handle === handle) return;
  // Another database was opened (tests): its workers stop first.
  await stopJobQueue({ graceful: false });
  const boss = new PgBoss({
    db: { executeSql: settlingSafely(handle.executeSql) },
    migrate: false,
    pollingIntervalSeconds,
  });
  boss.on("error", (error) => logger.error({ err: error }, "The job queue failed"));
  await boss.start();
  const stopped = new AbortController();
  // Our own ends of jobs, unlike pg-boss's, fail loudly, so that untilWritten tries them again.
  const settle = { db: { executeSql: handle.executeSql } };
  for (const worker of jobs.flatMap(workersOf)) {
    if (worker.retry)
      await boss.updateQueue(worker.queue, { name: worker.queue, ...queuePolicy(worker.retry) });
    // A batch per poll, so a burst drains in minutes rather than one job a poll. Each job's end
    // is recorded as soon as it ran, so no job waits for the batch: a failed one is failed
    // (retried by its policy) and the batch goes on; pg-boss's own end of the batch then finds
    // nothing left to do. A full batch is followed by the next at once, not after the polling
    // interval: a burst of 2,000 e-mails drains as fast as they are sent.
    let workerId: string | undefined;
    workerId = await boss.work(
      worker.queue,
      { pollingIntervalSeconds, batchSize: JOBS_PER_POLL },
      async (batch) => {
        if (batch.length === JOBS_PER_POLL && workerId) boss.notifyWorker(workerId);
        for (const job of batch) {
          // A handler that throws at once fails its job like one that rejects, never the batch.
          const failure = await Promise.resolve()
            .then(() => worker.run(job.data, stopped.signal))
            .then(
              () => undefined,
              (error: unknown) => failed(worker.queue, job.id, error),
            );
          await untilWritten(
            "Recording a job's end",
            () =>
              failure
                ? boss.fail(worker.queue, job.id, failure, settle)
                : boss.complete(worker.queue, job.id, {}, settle),
            stopped.signal,
          );
        }
      },
    );
  }
  // A sweep's schedule, kept by pg-boss in its own table: writing it again changes nothing.
  for (const job of jobs)
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: LAGOS_TIME_ZONE });
  holder.__academyJobs = { handle, boss, stopped };
}

/** A job whose data is malformed is logged: no retry will mend it. */
function failed(queue: string, jobId: string, error: unknown) {
  if (error instanceof MalformedJobError)
    logger.error({ queue, jobId, err: error }, "A job's data is malformed; the job fails");
  return { message: errorText(error) };
}

/** How many jobs a worker takes at each poll. */
const JOBS_PER_POLL = 20;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** pg-boss's statements that mark a job done or failed after its handler ran (plans.js). */
const settlesJob = (text: string) => /SET completed_on = now\(\)|WITH deleted_jobs AS/.test(text);

/**
 * pg-boss 10 does not await marking a job done or failed after its handler (manager.js,
 * `onFetch`), so a database error there (an outage, a full pool) is an unhandled rejection
 * that stops the process. Here it is logged instead: each job's end was recorded already
 * (startJobQueue), so pg-boss's repeat of it has nothing to do. The answer stands for "no job
 * changed", the shape pg-boss reads.
 */
function settlingSafely(executeSql: DatabaseHandle["executeSql"]): DatabaseHandle["executeSql"] {
  return (text, values) => {
    const result = executeSql(text, values);
    if (!settlesJob(text)) return result;
    return result.catch((error) => {
      logger.error({ err: error }, "The job queue could not mark a job done; it will expire");
      return { rows: [{ count: "0" }] };
    });
  };
}

export type StopOptions = {
  /** Let jobs that are running finish (up to `timeoutMs`); false: return them to the queue now. */
  graceful?: boolean;
  timeoutMs?: number;
};

/**
 * Stops taking jobs. Jobs still running after the grace period are failed, which returns them
 * to the queue for another try (by this or another process).
 */
export async function stopJobQueue({ graceful = true, timeoutMs = 10_000 }: StopOptions = {}) {
  const running = holder.__academyJobs;
  if (!running) return;
  holder.__academyJobs = undefined;
  running.stopped.abort();
  await running.boss.stop({ graceful, timeout: timeoutMs, close: false, wait: true });
}
