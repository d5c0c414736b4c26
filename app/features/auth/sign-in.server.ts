import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { authSession } from "~/db/schema";
import { findActiveAdminByUserId } from "~/features/admins/admins.server";
import { clientAddress } from "~/lib/client-address";
import { hitRateLimit, type RateLimitRule, resetRateLimit } from "~/lib/rate-limit.server";
import { auth } from "./auth.server";
import { authMessages } from "./schema";

/**
 * Sign-in attempts per client address and per account, counted in the database so that every
 * app process shares them. The address is the one server/app.ts derived (TRUST_PROXY).
 */
export const signInLimits = {
  perAddress: { name: "sign-in:address", limit: 20, windowMs: 15 * 60 * 1000 },
  perAccount: { name: "sign-in:account", limit: 5, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export type SignInResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; message: string };

export async function signIn(
  request: Request,
  credentials: { email: string; password: string; rememberMe: boolean },
): Promise<SignInResult> {
  const [byAddress, byAccount] = await Promise.all([
    hitRateLimit(signInLimits.perAddress, clientAddress(request) ?? "unknown"),
    hitRateLimit(signInLimits.perAccount, credentials.email),
  ]);
  if (!byAddress.allowed || !byAccount.allowed) {
    return { ok: false, status: 429, message: authMessages.tooManyAttempts };
  }

  const response = await auth().api.signInEmail({
    body: credentials,
    headers: request.headers,
    asResponse: true,
  });
  if (response.status === 401 || response.status === 400) {
    return { ok: false, status: 401, message: authMessages.invalidCredentials };
  }
  if (!response.ok) return { ok: false, status: 500, message: authMessages.failed };

  const body = (await response.json()) as { token?: string; user?: { id?: string } };
  const admin = body.user?.id ? await findActiveAdminByUserId(body.user.id) : null;
  if (!admin) {
    // A valid account without an active admins row: end the session it was just given.
    if (body.token) await db().delete(authSession).where(eq(authSession.token, body.token));
    return { ok: false, status: 403, message: authMessages.inactive };
  }
  await resetRateLimit(signInLimits.perAccount, credentials.email);
  return { ok: true, setCookies: response.headers.getSetCookie() };
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
