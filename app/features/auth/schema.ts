import { href } from "react-router";
import * as z from "zod/mini";
import { accountEmail, accountPassword } from "~/lib/forms/account-fields";
import { PORTAL_PATH } from "~/lib/router/portal-path";
import { hasControlCharacters } from "~/lib/text/hidden-characters";
import { singleLine } from "~/lib/text/outside-text";

/** Admin login: both fields required, a valid e-mail address, a password of 6+ characters. */
const email = accountEmail({ required: "Email is required" });
const password = accountPassword({ required: "Password is required" });

export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.optional(z.literal("on")),
  redirectTo: z.optional(z.string()),
});

export const forgotPasswordSchema = z.object({ email });

/** The page of the e-mailed sign-in link: ask for one, or use the one in the address bar. */
export const signInLinkSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), email }),
  z.object({
    intent: z.literal("sign-in"),
    token: z
      .string({ error: "This sign-in link is invalid or has expired. Please ask for a new one." })
      .check(z.minLength(1), z.maxLength(200), singleLine("Sign-in link")),
  }),
]);

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: "This reset link is invalid or has expired." })
      .check(z.minLength(1), singleLine("Reset link")),
    password,
    confirmPassword: z.string({ error: "Please confirm the new password" }),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    }),
  );

/** The sign-in texts (the academy's wording; tests hold it), plus those of password reset. */
export const authMessages = {
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  tooManyAttempts: "Too many login attempts. Please wait a moment and try again.",
  inactive: "Admin account not found or inactive. Please contact your system administrator.",
  failed: "Login failed. Please try again.",
  unavailable: "Sign-in is unavailable for a moment. Please try again in a minute.",
  resetRequested:
    "If an admin account exists for that email address, we have sent a link to reset its password. The link works once, within one hour.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  resetDone: "Your password has been changed. Please sign in with your new password.",
  tooManyResetRequests: "Too many reset requests. Please wait a few minutes and try again.",
  signInLinkSent:
    "If an admin account exists for that email address, we have sent it a sign-in link. The link works once, within 15 minutes.",
  signInLinkInvalid: "This sign-in link is invalid or has expired. Please ask for a new one.",
  tooManySignInLinkRequests:
    "Too many sign-in link requests. Please wait a few minutes and try again.",
} as const;

/** Only paths inside the portal; anything else (other sites, `//evil`) goes to the dashboard. */
export function safeRedirectTarget(target: string | null | undefined, fallback: string) {
  if (!target?.startsWith(`${PORTAL_PATH}/`) || hasControlCharacters(target)) return fallback;
  if (target.startsWith(href("/admin-portal/login"))) return fallback;
  return target;
}
