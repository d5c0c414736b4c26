import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod/mini";

/** Where a sign-in link's token is kept: only its hash, so the table holds no usable link. */
export const signInLinkIdentifier = (token: string) =>
  `sign-in-link:${createHash("sha256").update(token).digest("base64url")}`;

/**
 * Better Auth's endpoint for the e-mailed sign-in link (app/features/auth/sign-in-link.server.ts
 * creates and mails the links). Its own magic-link plugin is not used: on an account whose
 * e-mail address was never verified, as staff accounts are, it deletes the password.
 */
export const signInLinkPlugin = () =>
  ({
    id: "sign-in-link",
    endpoints: {
      signInWithLink: createAuthEndpoint(
        "/sign-in-link",
        {
          method: "POST",
          body: z.object({ token: z.string().check(z.maxLength(200)) }),
          requireHeaders: true,
        },
        async (ctx) => {
          const { internalAdapter } = ctx.context;
          // Deletes the row whatever it holds, and returns nothing once it has expired.
          const link = await internalAdapter.consumeVerificationValue(
            signInLinkIdentifier(ctx.body.token),
          );
          const user = link ? await internalAdapter.findUserById(link.value) : null;
          if (!user) throw new APIError("UNAUTHORIZED", { message: "Invalid sign-in link" });
          const session = await internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user: { id: user.id } });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
