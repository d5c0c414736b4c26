import { randomBytes } from "node:crypto";
import { href } from "react-router";
import { db } from "~/db/client.server";
import { type Admin, authVerification } from "~/db/schema";
import { findActiveAdminByEmail } from "~/features/admins/admins.server";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { clientAddress } from "~/lib/http/client-address";
import { env } from "~/lib/infra/env.server";
import { hitRateLimit, type RateLimitRule } from "~/lib/infra/rate-limit.server";
import { accountLinkEmailText } from "./account-link-email";
import { auth } from "./auth.server";
import { authMessages } from "./schema";
import { admitActiveAdmin, type SignInResult } from "./sign-in.server";
import { signInLinkIdentifier } from "./sign-in-link-plugin.server";
import {
  orSignInUnavailable,
  signInRateLimited,
  signInUnavailable,
} from "./sign-in-unavailable.server";

/**
 * The e-mailed, single-use sign-in link: the owner's way in that failed guesses by anyone else
 * cannot block (docs/decisions/0031-sign-in-without-lockout.md).
 */

export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_PATH = href("/admin-portal/sign-in-link");

export const signInLinkLimits = {
  /** Requests from one address, for any accounts. */
  perAddress: { name: "sign-in-link:address", limit: 5, windowMs: 15 * 60 * 1000 },
  /**
   * E-mails to one account, whoever asks. The window is no longer than a link lives, so once
   * it is used up a link sent within it still works.
   */
  perAccount: {
    name: "sign-in-link:account",
    limit: 3,
    windowMs: SIGN_IN_LINK_MINUTES * 60 * 1000,
  },
} as const satisfies Record<string, RateLimitRule>;

export type SignInLinkRequestResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

/** E-mails a sign-in link when the address is an active admin's; the answer never says. */
export async function requestSignInLink(
  request: Request,
  email: string,
): Promise<SignInLinkRequestResult> {
  return orSignInUnavailable("Asking for a sign-in link", () => mailLinkIfAdmin(request, email));
}

async function mailLinkIfAdmin(request: Request, email: string): Promise<SignInLinkRequestResult> {
  const limit = await hitRateLimit(
    signInLinkLimits.perAddress,
    clientAddress(request) ?? "unknown",
  );
  if (!limit.allowed)
    return signInRateLimited(authMessages.tooManySignInLinkRequests, limit.retryAfterSeconds);
  const admin = await findActiveAdminByEmail(email);
  if (admin && (await hitRateLimit(signInLinkLimits.perAccount, admin.email)).allowed) {
    await mailSignInLink(admin);
  }
  return { ok: true, message: authMessages.signInLinkSent };
}

async function mailSignInLink(admin: Admin) {
  const token = randomBytes(32).toString("base64url");
  const link = `${env().publicUrl}${SIGN_IN_LINK_PATH}?token=${token}`;
  await db().transaction(async (tx) => {
    await tx.insert(authVerification).values({
      identifier: signInLinkIdentifier(token),
      value: admin.userId,
      expiresAt: new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60 * 1000),
    });
    await queueEmail(tx, {
      kind: "sign-in-link",
      to: [admin.email],
      subject: "Your Lagos Tech Academy admin sign-in link",
      text: accountLinkEmailText({
        name: admin.name,
        asked: "for a link to sign in to the admin portal",
        open: `Open this link within ${SIGN_IN_LINK_MINUTES} minutes to sign in. It works once.`,
        link,
        ifNotYou: [
          "If you did not ask for this, ignore this e-mail: nobody can use the link without",
          "access to your mailbox.",
        ],
      }),
    });
  });
}

/** Signs in with the link's token: once, within its lifetime, for an active admin only. */
export function signInWithLink(request: Request, token: string): Promise<SignInResult> {
  return orSignInUnavailable("Signing in with a link", async () => {
    const response = await auth().api.signInWithLink({
      body: { token },
      headers: request.headers,
      asResponse: true,
    });
    if (response.status === 401 || response.status === 400) {
      return { ok: false, status: 401, message: authMessages.signInLinkInvalid };
    }
    if (!response.ok) return signInUnavailable;
    return admitActiveAdmin(request, response);
  });
}
