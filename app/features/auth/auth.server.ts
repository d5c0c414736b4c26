import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { type Database, db } from "~/db/client.server";
import { authAccount, authSession, authUser, authVerification } from "~/db/schema";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import { appSecret } from "~/lib/infra/app-secret.server";
import { env, servesHttps } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { hashPassword, verifyPassword } from "~/lib/infra/password-hash.server";
import { sendPasswordResetMail } from "./password-reset-mail.server";
import { signInLinkPlugin } from "./sign-in-link-plugin.server";

export const SESSION_DAYS = 30;
const RESET_LINK_SECONDS = 60 * 60;

function createAuth(database: Database) {
  const config = env();
  return betterAuth({
    appName: "Lagos Tech Academy",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: appSecret(),
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Staff accounts are created by super admins (app/features/admins), never by sign-up.
      disableSignUp: true,
      minPasswordLength: 6,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => sendPasswordResetMail(user, token),
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Sign-in attempts are limited by app/features/auth/sign-in.server.ts, in the database.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: servesHttps(config),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    // Its lines go through our logger, as JSON with the request id. Only an Error among its
    // arguments is kept (our serializer keeps no values); the rest may name an account.
    logger: {
      log: (level, message, ...args) => {
        const error = args.find((arg) => arg instanceof Error);
        logger[level](error ? { err: error } : {}, `Better Auth: ${message}`);
      },
    },
    plugins: [signInLinkPlugin()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const cache = new WeakMap<Database, Auth>();

/** Better Auth on the application's database (one instance per database). */
export function auth(): Auth {
  const database = db();
  let instance = cache.get(database);
  if (!instance) {
    instance = createAuth(database);
    cache.set(database, instance);
  }
  return instance;
}
