import { data } from "react-router";
import { logger } from "../infra/logger.server";

/** How long a client is asked to wait while the database is out of reach. */
const RETRY_AFTER_SECONDS = 30;

/** Marks a 503 answer: try again later, and do not keep this answer. */
export function markUnavailable(headers: Headers) {
  if (!headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

let failedReads = 0;

/**
 * How many reads have failed since the process started. A page rendered while this number moved
 * may lack a part it could do without (the Courses menu), so a cache must not keep it.
 */
export const failedReadCount = () => failedReads;

function logFailure(what: string, error: unknown) {
  failedReads += 1;
  logger.error({ err: error }, `${what} failed`);
}

/**
 * A read that a public page cannot do without (the catalogue, a course). When it fails, the
 * database is out of reach: the page answers 503 and its route's error boundary shows the
 * page's load-failure view ('Failed to load courses', 'Error Loading Course'), rather than the
 * whole site answering 500.
 */
export async function readOrUnavailable<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    logFailure(what, error);
    throw data(null, { status: 503, statusText: "Service Unavailable" });
  }
}

/** A read that a page can do without (the header's Courses menu): `null` when it fails. */
export async function readOrNull<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logFailure(what, error);
    return null;
  }
}

/**
 * A part of a page shown with a text in its place when it cannot be read (the inbox's list and
 * figures): its value, or a null value and `failure` to show. Counted like any failed read.
 */
export async function readOrFailureText<T>(
  failure: string,
  read: () => Promise<T>,
): Promise<{ value: T; error: null } | { value: null; error: string }> {
  try {
    return { value: await read(), error: null };
  } catch (error) {
    logFailure(failure, error);
    return { value: null, error: failure };
  }
}
