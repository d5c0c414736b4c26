import { isAPIError } from "better-auth/api";
import { invalidEmail } from "~/lib/forms/account-fields";
import { clientAddress } from "~/lib/http/client-address";
import { hitRateLimit, type RateLimitRule } from "~/lib/infra/rate-limit.server";
import { auth } from "./auth.server";
import { authMessages } from "./schema";
import { orSignInUnavailable, signInRateLimited } from "./sign-in-unavailable.server";

export const resetRequestLimit: RateLimitRule = {
  name: "password-reset",
  limit: 5,
  windowMs: 15 * 60 * 1000,
};

export type ResetRequestResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; field?: "email"; retryAfterSeconds?: number };

/**
 * E-mails a one-hour, single-use reset link when the address belongs to an active admin.
 * The answer never says whether it does. With the database out of reach, a 503 that says
 * sign-in is unavailable for a moment, like the sign-in itself.
 */
export async function requestPasswordReset(
  request: Request,
  email: string,
): Promise<ResetRequestResult> {
  return orSignInUnavailable("Asking for a password reset", () =>
    mailResetLinkIfAdmin(request, email),
  );
}

async function mailResetLinkIfAdmin(request: Request, email: string): Promise<ResetRequestResult> {
  const limit = await hitRateLimit(resetRequestLimit, clientAddress(request) ?? "unknown");
  if (!limit.allowed)
    return signInRateLimited(authMessages.tooManyResetRequests, limit.retryAfterSeconds);
  try {
    await auth().api.requestPasswordReset({ body: { email }, headers: request.headers });
  } catch (error) {
    // The request's only field is the address: a refusal of the request is a refusal of it.
    if (isAPIError(error) && error.statusCode < 500) {
      return { ok: false, status: error.statusCode, field: "email", message: invalidEmail };
    }
    throw error;
  }
  return { ok: true, message: authMessages.resetRequested };
}

/** Sets the new password if the token is valid; the token is used up, other sessions end. */
export async function resetPassword(token: string, newPassword: string) {
  try {
    await auth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true as const, message: authMessages.resetDone };
  } catch {
    return { ok: false as const, message: authMessages.resetInvalid };
  }
}
