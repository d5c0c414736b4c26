import { setTimeout as delay } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { currentDatabase, type DatabaseHandle, type Transaction } from "~/db/client.server";
import type { ExecuteSql, JobQueue } from "~/db/job-queue.server";
import { logger } from "./infra/logger.server";

/** pg-boss's SQL (`$1` placeholders) as Drizzle SQL, so that it runs inside a Drizzle transaction. */
function drizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let end = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(end, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
    end = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(end)));
  return sql.join(chunks);
}

const inTransaction = (tx: Transaction): { executeSql: ExecuteSql } => ({
  executeSql: (text, values = []) => tx.execute(drizzleSql(text, values)),
});

// Enqueuing needs no running queue: every send names the transaction it writes in.
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error("A job is enqueued inside a transaction")),
  },
});

export type EnqueueOptions = {
  /** Not before this time (a delayed or scheduled job). */
  startAfter?: Date;
  /** At most one waiting job with this key in the queue: a second send is dropped. */
  singletonKey?: string;
};

/**
 * Adds a job in the caller's transaction, so it exists exactly when what caused it does.
 * Returns the job's id, or null when a job with the same `singletonKey` is already waiting.
 */
export function enqueueJob(
  tx: Transaction,
  queue: JobQueue,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  return sender.send(queue, data, { ...options, db: inTransaction(tx) });
}

export type RetryPolicy = Pick<PgBoss.Queue, "retryLimit" | "retryDelay" | "retryBackoff"> & {
  /** A try that runs longer than this is failed (and retried), e.g. after a crash. */
  expireInSeconds?: number;
};

export type QueueWorker<Data extends object> = {
  queue: JobQueue;
  /** Applied to the queue at start, for the jobs enqueued from then on. */
  policy?: RetryPolicy;
  /**
   * Throws to fail this try: the job is retried by its queue's policy. `stopped` aborts when
   * the queue stops working in this process (for `untilWritten`).
   */
  run: (data: Data, stopped: AbortSignal) => Promise<void>;
};

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
 * Works on the queues in this process (any number of processes may: each job goes to one).
 * Idempotent while the same database is open.
 */
export async function startJobQueue(
  // biome-ignore lint/suspicious/noExplicitAny: each worker names its own job data
  workers: QueueWorker<any>[],
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
  for (const worker of workers) {
    if (worker.policy)
      await boss.updateQueue(worker.queue, { name: worker.queue, ...worker.policy });
    // A batch per poll, so a burst drains in minutes rather than one job a poll. Each job's end
    // is recorded as soon as it ran, so no job waits for the batch: a failed one is failed
    // (retried by its policy) and the batch goes on; pg-boss's own end of the batch then finds
    // nothing left to do.
    await boss.work(
      worker.queue,
      { pollingIntervalSeconds, batchSize: JOBS_PER_POLL },
      async (jobs) => {
        for (const job of jobs) {
          const failure = await worker.run(job.data as object, stopped.signal).then(
            () => undefined,
            (error: unknown) => ({ message: errorText(error) }),
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
  holder.__academyJobs = { handle, boss, stopped };
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
