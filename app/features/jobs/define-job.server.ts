import * as z from "zod/mini";
import type { Transaction } from "~/db/client.server";
import { enqueueInTransaction } from "./enqueue.server";

/** How a queue retries a failed try; applied to the jobs enqueued from then on. */
export type RetryPolicy = {
  /** Tries after the first one. */
  retryLimit?: number;
  /** Seconds before a retry. */
  retryDelay?: number;
  /** Each retry waits about twice as long as the one before (with jitter). */
  retryBackoff?: boolean;
  /** A try that runs longer than this is failed (and retried), e.g. after a crash. */
  expireInSeconds?: number;
};

/** What a running job gets besides its payload. */
export type JobRun<Hooks extends object = object> = {
  /** Aborts when this process stops working on jobs (see `untilWritten`). */
  stopped: AbortSignal;
  /** What other features give the job to do along its work (bound in the registry). */
  hooks: Partial<Hooks>;
};

export type EnqueueOptions = {
  /** Not before this time (a delayed or scheduled job). */
  startAfter?: Date;
  /** At most one waiting job with this key in the queue: a second send is dropped. */
  singletonKey?: string;
};

type JobSpec<Payload extends object, Hooks extends object> = {
  /** The queue's name; jobs wait in the database under it, so it is never renamed. */
  name: string;
  /** What a job carries; a job whose data does not match fails without running. */
  payload: z.ZodMiniType<Payload>;
  retry: RetryPolicy;
  /**
   * A cron expression (Lagos time) on which a job with an empty payload is enqueued, for a
   * sweep: pg-boss enqueues it once per match however many processes work on the queue.
   */
  schedule?: string;
  /** Throws to fail this try: the job is retried by `retry`. */
  run: (payload: Payload, job: JobRun<Hooks>) => Promise<void>;
  /**
   * Runs once for a job that failed every try, or whose last try never finished: such a job is
   * copied to the dead-letter queue `<name>-failed`, so its failure is recorded whatever ended it.
   */
  giveUp?: (payload: Payload) => Promise<void>;
};

// Methods, not function-typed fields: a list of jobs of different payloads is a `Job[]`.
export type Job<Payload extends object = object, Hooks extends object = object> = {
  readonly name: string;
  /** The dead-letter queue's name, where the job has one. */
  readonly deadLetter: string | undefined;
  readonly retry: RetryPolicy;
  /** The cron expression a sweep runs on, where the job has one. */
  readonly schedule: string | undefined;
  /**
   * Adds a job in the caller's transaction, so it exists exactly when what caused it does.
   * Returns the job's id, or null when a job with the same `singletonKey` is already waiting.
   */
  enqueue(tx: Transaction, payload: Payload, options?: EnqueueOptions): Promise<string | null>;
  /** Runs one job's data as it came out of the queue: parsed first, never trusted. */
  work: (data: unknown, stopped: AbortSignal) => Promise<void>;
  /** The dead-letter queue's handler for one job's data (parsed the same way). */
  giveUp: ((data: unknown) => Promise<void>) | undefined;
  /** The same job with other features' hooks bound (the registry's wiring). */
  withHooks(hooks: Partial<Hooks>): Job<Payload, Hooks>;
  /** The same job with parts of its retry policy replaced (tests use short delays). */
  withRetry(retry: RetryPolicy): Job<Payload, Hooks>;
};

/** A job's data that does not match its payload schema: the job fails, the worker goes on. */
export class MalformedJobError extends Error {
  constructor(name: string, error: z.core.$ZodError) {
    super(`The ${name} job's data is malformed: ${z.prettifyError(error)}`);
    this.name = "MalformedJobError";
  }
}

/**
 * Declares a background job once: its queue, payload, retry policy, handler and (where it has
 * one) what happens when it is given up. Enqueue it with `job.enqueue`; the process works on it
 * once it is in the registry's list (server/jobs.server.ts).
 */
export function defineJob<Payload extends object, Hooks extends object = object>(
  spec: JobSpec<Payload, Hooks>,
  hooks: Partial<Hooks> = {},
): Job<Payload, Hooks> {
  const parse = (data: unknown) => {
    const parsed = z.safeParse(spec.payload, data);
    if (!parsed.success) throw new MalformedJobError(spec.name, parsed.error);
    return parsed.data;
  };
  const { giveUp } = spec;
  return {
    name: spec.name,
    deadLetter: giveUp ? `${spec.name}-failed` : undefined,
    retry: spec.retry,
    schedule: spec.schedule,
    enqueue: (tx, payload, options = {}) =>
      enqueueInTransaction(tx, spec.name, z.parse(spec.payload, payload), options),
    // Async, so a malformed payload rejects like a failed run rather than throwing at the call.
    work: async (data, stopped) => spec.run(parse(data), { stopped, hooks }),
    giveUp: giveUp && (async (data) => giveUp(parse(data))),
    withHooks: (bound) => defineJob(spec, { ...hooks, ...bound }),
    withRetry: (retry) => defineJob({ ...spec, retry: { ...spec.retry, ...retry } }, hooks),
  };
}
