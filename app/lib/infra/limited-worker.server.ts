import { Worker } from "node:worker_threads";

/** What a worker may use before it is stopped, and what its failure is called. */
export type WorkerLimits = { heapMb: number; timeoutMs: number; what: string };

/**
 * Runs `source` (CommonJS, with `workerData`) in a worker thread that answers once with
 * `{ value }` or `{ error }`. The worker is stopped past its heap or its time, and the promise
 * rejects: untrusted input that costs far more than its size must not stall or end the process.
 * Typed arrays live outside the heap limit, so the source bounds those itself.
 */
export function runInWorker<T>(source: string, workerData: unknown, limits: WorkerLimits) {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(source, {
      eval: true,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${limits.what} took too long`));
    }, limits.timeoutMs);
    const finish = () => clearTimeout(timer);
    worker.once("message", (answer: { value?: T; error?: string }) => {
      finish();
      void worker.terminate();
      if ("value" in answer) resolve(answer.value as T);
      else reject(new Error(answer.error ?? `${limits.what} failed`));
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other end without an answer.
    worker.once("error", (error) => {
      finish();
      reject(error);
    });
    worker.once("exit", (code) => {
      finish();
      reject(new Error(`${limits.what} stopped (${code})`));
    });
  });
}
