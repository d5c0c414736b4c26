import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { data, href } from "react-router";
import { type Database, db, type Transaction } from "~/db/client.server";
import { applicationLinks } from "~/db/schema";
import { env } from "~/lib/infra/env.server";

/*
 * The private links to 'My application'. A token is 32 random bytes, so it cannot be guessed,
 * and only its SHA-256 is stored (a slow hash buys nothing for a random 256-bit secret). Each
 * e-mail carries a link of its own: the token is never kept, so it cannot be sent again.
 * 'Find my application' replaces every earlier link of an application (decision 0054): a
 * replaced link opens nothing, and its pages say it was replaced.
 */

export const hashApplicationToken = (token: string) =>
  createHash("sha256").update(token).digest("base64url");

/** What a token looks like: anything else is not looked up at all. */
export const isApplicationToken = (text: string) => /^[A-Za-z0-9_-]{43}$/.test(text);

/** What is not a token is a 404 before anything else is done with it (a NUL byte, say). */
export function requireApplicationToken(token: string) {
  if (!isApplicationToken(token)) throw data(null, { status: 404, statusText: "Not Found" });
}

/** 'My application' for a token, to send someone back to (a 404 for what is not a token). */
export function applicationHref(token: string) {
  requireApplicationToken(token);
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

/** Every link of the application sent so far stops opening it (before a new one is issued). */
export async function replaceApplicationLinks(tx: Transaction, applicationId: string) {
  await tx
    .update(applicationLinks)
    .set({ replacedAt: sql`now()` })
    .where(
      and(eq(applicationLinks.applicationId, applicationId), isNull(applicationLinks.replacedAt)),
    );
}

/** The link a token is, current (`replaced` false) or replaced by a newer one; null otherwise. */
async function linkOfToken(tx: Transaction | Database, token: string, replaced: boolean) {
  if (!isApplicationToken(token)) return null;
  const [row] = await tx
    .select({ applicationId: applicationLinks.applicationId })
    .from(applicationLinks)
    .where(
      and(
        eq(applicationLinks.tokenHash, hashApplicationToken(token)),
        replaced ? isNotNull(applicationLinks.replacedAt) : isNull(applicationLinks.replacedAt),
      ),
    );
  return row ?? null;
}

/** The application a token opens, or null (unknown, or replaced by a newer link). */
export async function applicationIdOfToken(tx: Transaction, token: string) {
  return (await linkOfToken(tx, token, false))?.applicationId ?? null;
}

/** Whether a token is a link that 'Find my application' replaced, for the page that says so. */
export async function isReplacedLink(token: string) {
  return (await linkOfToken(db(), token, true)) !== null;
}
