import { logger } from "~/lib/infra/logger.server";
import { authMessages } from "./schema";

/** The answer of every sign-in step while the database (or the auth library) fails: 503. */
export const signInUnavailable = {
  ok: false,
  status: 503,
  message: authMessages.unavailable,
} as const;

/** The answer of a sign-in step over its rate limit: 429, with when to try again. */
export const signInRateLimited = (message: string, retryAfterSeconds: number) =>
  ({ ok: false, status: 429, message, retryAfterSeconds }) as const;

/**
 * Runs a step of signing in (a sign-in, a sign-in link, a password reset request). The
 * counters, the accounts and the sessions are all in the database, so an error here means it
 * is out of reach: logged as `"<what> failed"`, answered with `signInUnavailable` rather than
 * an error page.
 */
export async function orSignInUnavailable<Result>(
  what: string,
  step: () => Promise<Result>,
): Promise<Result | typeof signInUnavailable> {
  try {
    return await step();
  } catch (error) {
    logger.error({ err: error }, `${what} failed`);
    return signInUnavailable;
  }
}
