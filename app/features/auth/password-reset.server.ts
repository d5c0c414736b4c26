import { clientAddress } from "~/lib/client-address";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { auth } from "./auth.server";
import { authMessages } from "./schema";

export const resetRequestLimit: RateLimitRule = {
  name: "password-reset",
  limit: 5,
  windowMs: 15 * 60 * 1000,
};

/**
 * E-mails a one-hour, single-use reset link when the address belongs to an active admin.
 * The answer never says whether it does.
 */
export async function requestPasswordReset(request: Request, email: string) {
  const limit = await hitRateLimit(resetRequestLimit, clientAddress(request) ?? "unknown");
  if (!limit.allowed) {
    return {
      ok: false as const,
      message: authMessages.tooManyResetRequests,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  await auth().api.requestPasswordReset({ body: { email }, headers: request.headers });
  return { ok: true as const, message: authMessages.resetRequested };
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
