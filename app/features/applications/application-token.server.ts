import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { data, href } from "react-router";
import type { Transaction } from "~/db/client.server";
import { applicationLinks } from "~/db/schema";
import { env } from "~/lib/infra/env.server";

/*
 * The private links to 'My application'. A token is 32 random bytes, so it cannot be guessed,
 * and only its SHA-256 is stored (a slow hash buys nothing for a random 256-bit secret). Each
 * e-mail carries a link of its own: the token is never kept, so it cannot be sent again.
 */

export const hashApplicationToken = (token: string) =>
  createHash("sha256").update(token).digest("base64url");

/** What a token looks like: anything else is not looked up at all. */
export const isApplicationToken = (text: string) => /^[A-Za-z0-9_-]{43}$/.test(text);

/**
 * 'My application' for a token, to send someone back to; what is not a token (a NUL byte cannot
 * be a Location header) is a 404, before anything else is done with it.
 */
export function applicationHref(token: string) {
  if (!isApplicationToken(token)) throw data(null, { status: 404, statusText: "Not Found" });
  return href("/application/:token", { token });
}

/** A new private link to an application, for the e-mail about to be queued. */
export async function issueApplicationLink(tx: Transaction, applicationId: string) {
  const token = randomBytes(32).toString("base64url");
  await tx
    .insert(applicationLinks)
    .values({ tokenHash: hashApplicationToken(token), applicationId });
  return `${env().publicUrl}/application/${token}`;
}

/** The application a token opens, or null. */
export async function applicationIdOfToken(tx: Transaction, token: string) {
  if (!isApplicationToken(token)) return null;
  const [row] = await tx
    .select({ applicationId: applicationLinks.applicationId })
    .from(applicationLinks)
    .where(eq(applicationLinks.tokenHash, hashApplicationToken(token)));
  return row?.applicationId ?? null;
}
