/**
 * The process's shutdown state, for the parts of the app that must act on it: `/readyz` answers
 * 503 once it begins, long-lived responses (the inbox's event stream) end on `shutdownSignal()`,
 * and background work registers how to stop with `onShutdown`. The sequence itself (stop
 * accepting, drain, then these tasks, then the database) is server/graceful-shutdown.server.ts.
 */

type ShutdownTask = { name: string; run: () => Promise<void> | void };
type ShutdownState = { controller: AbortController; tasks: ShutdownTask[] };

// On globalThis, like the database handle: the dev server's module reloads must see one state.
const holder = globalThis as typeof globalThis & { __academyShutdown?: ShutdownState };

function state(): ShutdownState {
  holder.__academyShutdown ??= { controller: new AbortController(), tasks: [] };
  return holder.__academyShutdown;
}

/**
 * Registers work to stop once the server has drained its requests and before the database
 * closes (e.g. the job queue: let running jobs finish or return them to the queue). Tasks run
 * one after another, in the order they were registered.
 */
export function onShutdown(name: string, run: ShutdownTask["run"]) {
  state().tasks.push({ name, run });
}

export function isShuttingDown() {
  return state().controller.signal.aborted;
}

/** Aborted when the shutdown begins: long-lived responses end on it. */
export function shutdownSignal(): AbortSignal {
  return state().controller.signal;
}

/** Marks the process as shutting down (not ready) and ends whatever listens to the signal. */
export function beginShutdown() {
  state().controller.abort();
}

/** Runs the registered tasks in order; a failing task is reported and the next still runs. */
export async function runShutdownTasks(report: (name: string, error: unknown) => void) {
  for (const task of state().tasks) {
    try {
      await task.run();
    } catch (error) {
      report(task.name, error);
    }
  }
}

/** For tests: a process that is not shutting down and has no tasks. */
export function resetShutdownForTesting() {
  holder.__academyShutdown = undefined;
}
