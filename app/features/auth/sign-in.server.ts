import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { authSession } from "~/db/schema";
import { findActiveAdminByUserId } from "~/features/admins/admins.server";
import { clientAddress } from "~/lib/http/client-address";
import {
  type RateLimitRule,
  reserveRateLimits,
  resetRateLimit,
} from "~/lib/infra/rate-limit.server";
import { oneAtATime } from "~/lib/one-at-a-time";
import { auth } from "./auth.server";
import { isKnownDevice, rememberDevice } from "./known-device.server";
import { authMessages } from "./schema";
import {
  orSignInUnavailable,
  signInRateLimited,
  signInUnavailable,
} from "./sign-in-unavailable.server";

/**
 * Failed sign-ins, counted in the database so that every app process shares them; a correct
 * password never counts (docs/decisions/0001-sign-in-throttle.md). The address is the one
 * server/app.ts derived (TRUST_PROXY).
 */
export const signInLimits = {
  /** Guesses at one account from one address. */
  perAccountAndAddress: { name: "sign-in:account-address", limit: 5, windowMs: 15 * 60 * 1000 },
  /** Guesses at one account from all addresses; browsers it signed in from are exempt. */
  perAccount: { name: "sign-in:account", limit: 50, windowMs: 60 * 60 * 1000 },
  /** Guesses from one address at all accounts (credential stuffing). */
  perAddress: { name: "sign-in:address", limit: 20, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export type SignInResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

type Credentials = { email: string; password: string; rememberMe: boolean };

/**
 * Attempts from one client address are tested one after another in each process, so an
 * attempt never waits in a counter beside others whose outcome is not known yet: correct
 * sign-ins from a shared office address at the same moment are never refused for each other,
 * and guesses still cannot slip past a limit together.
 */
export async function signIn(request: Request, credentials: Credentials): Promise<SignInResult> {
  const address = clientAddress(request) ?? "unknown";
  return orSignInUnavailable("Signing in", () =>
    oneAtATime(`sign-in ${address}`, () => attemptSignIn(request, address, credentials)),
  );
}

async function attemptSignIn(
  request: Request,
  address: string,
  credentials: Credentials,
): Promise<SignInResult> {
  const accountAndAddress = `${credentials.email} ${address}`;
  const knownDevice = await isKnownDevice(request, credentials.email);
  const attempt = await reserveRateLimits([
    { rule: signInLimits.perAccountAndAddress, subject: accountAndAddress },
    { rule: signInLimits.perAddress, subject: address },
    ...(knownDevice ? [] : [{ rule: signInLimits.perAccount, subject: credentials.email }]),
  ]);
  if (!attempt.allowed)
    return signInRateLimited(authMessages.tooManyAttempts, attempt.retryAfterSeconds);

  const response = await auth().api.signInEmail({
    body: credentials,
    headers: request.headers,
    asResponse: true,
  });
  if (response.status === 401 || response.status === 400) {
    return { ok: false, status: 401, message: authMessages.invalidCredentials };
  }
  // Past this point the password was right (or the check failed): nothing to count.
  await attempt.release();
  if (response.status >= 500) return signInUnavailable;
  if (!response.ok) return { ok: false, status: 500, message: authMessages.failed };

  const outcome = await admitActiveAdmin(request, response);
  if (outcome.ok) await resetRateLimit(signInLimits.perAccountAndAddress, accountAndAddress);
  return outcome;
}

/**
 * The answer of a Better Auth sign-in that created a session: kept for an active admin, whose
 * browser is then remembered; ended for any other account.
 */
export async function admitActiveAdmin(
  request: Request,
  response: Response,
): Promise<SignInResult> {
  const body = (await response.json()) as { token?: string; user?: { id?: string } };
  const admin = body.user?.id ? await findActiveAdminByUserId(body.user.id) : null;
  if (!admin) {
    // A valid account without an active admins row: end the session it was just given.
    if (body.token) await db().delete(authSession).where(eq(authSession.token, body.token));
    return { ok: false, status: 403, message: authMessages.inactive };
  }
  return {
    ok: true,
    setCookies: [...response.headers.getSetCookie(), await rememberDevice(request, admin.email)],
  };
}

/** Ends the current session; returns the cookies that clear it in the browser. */
export async function signOut(request: Request): Promise<string[]> {
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch {
    return [];
  }
}
