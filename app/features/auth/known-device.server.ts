import { createCookie } from "react-router";
import { appSecret } from "~/lib/infra/app-secret.server";
import { servesHttps } from "~/lib/infra/env.server";
import { PORTAL_PATH } from "~/lib/router/portal-path";

/** How many accounts one browser remembers (a shared office computer). */
const MAX_ACCOUNTS = 10;

/**
 * A browser in which an account has signed in before: a long-lived cookie, signed with the
 * auth secret, listing those accounts' e-mail addresses. It exempts the browser from the
 * per-account sign-in ceiling, so guesses from elsewhere cannot lock the owner out of it
 * (docs/decisions/0001-sign-in-throttle.md).
 */
function knownDeviceCookie() {
  return createCookie("academy-known-device", {
    httpOnly: true,
    sameSite: "lax",
    secure: servesHttps(),
    path: PORTAL_PATH,
    maxAge: 365 * 24 * 60 * 60,
    secrets: [appSecret()],
  });
}

async function knownAccounts(request: Request): Promise<string[]> {
  const value: unknown = await knownDeviceCookie().parse(request.headers.get("cookie"));
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

export async function isKnownDevice(request: Request, email: string) {
  return (await knownAccounts(request)).includes(email.toLowerCase());
}

/** The Set-Cookie header that adds `email` to the browser's known accounts. */
export async function rememberDevice(request: Request, email: string) {
  const others = (await knownAccounts(request)).filter((item) => item !== email.toLowerCase());
  return knownDeviceCookie().serialize([email.toLowerCase(), ...others].slice(0, MAX_ACCOUNTS));
}
