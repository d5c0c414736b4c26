import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { calendarKeys } from "~/db/schema";
import { calendarOwnerKinds } from "~/db/schema/values";
import { isUuid } from "~/lib/ids";
import { appSecret } from "~/lib/infra/app-secret.server";

/*
 * The private calendar links of a student (an application) or a tutor are signed, not stored
 * (decision 0070): the token is an HMAC of the owner and the version of their links, keyed with
 * the app secret, so the student's page can show the same link at every visit. Raising the
 * version revokes every link given so far; rotating AUTH_SECRET revokes them all.
 */

export type CalendarOwnerKind = (typeof calendarOwnerKinds)[number];

/** A token's length: 32 base64url characters, 192 bits of the HMAC. */
const TOKEN_LENGTH = 32;

export const isCalendarOwnerKind = (value: unknown): value is CalendarOwnerKind =>
  calendarOwnerKinds.some((kind) => kind === value);

/**
 * What a link opens: a calendar feed (read only, pasted into calendar apps and shared with
 * family), or a tutor's page (where registers are taken). Each is signed apart, so a calendar
 * address that travels opens no page; one version revokes both.
 */
export type LinkPurpose = "calendar" | "tutor-page";

const signed = (purpose: LinkPurpose, kind: CalendarOwnerKind, ownerId: string, version: number) =>
  createHmac("sha256", appSecret())
    .update(`${purpose}:${kind}:${ownerId}:${version}`)
    .digest("base64url")
    .slice(0, TOKEN_LENGTH);

/** The version of an owner's links: 0 until they are first revoked. */
async function versionOf(kind: CalendarOwnerKind, ownerId: string) {
  const [row] = await db()
    .select({ version: calendarKeys.version })
    .from(calendarKeys)
    .where(and(eq(calendarKeys.ownerKind, kind), eq(calendarKeys.ownerId, ownerId)));
  return row?.version ?? 0;
}

/** The token of an owner's current calendar links (the owner is not checked to exist). */
export async function calendarToken(
  kind: CalendarOwnerKind,
  ownerId: string,
  purpose: LinkPurpose = "calendar",
) {
  return signed(purpose, kind, ownerId, await versionOf(kind, ownerId));
}

/**
 * Whether `token` is the owner's current token. What cannot be one (an unknown kind, an owner
 * that is not a UUID, a token of another shape) is refused without a query; the comparison
 * takes the same time wherever the two differ.
 */
export async function isCalendarToken(
  kind: string,
  ownerId: string,
  token: string,
  purpose: LinkPurpose = "calendar",
) {
  if (!isCalendarOwnerKind(kind) || !isUuid(ownerId)) return false;
  if (!/^[\w-]+$/.test(token)) return false;
  const expected = Buffer.from(await calendarToken(kind, ownerId, purpose));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Every calendar link of the owners given so far stops working (in the caller's transaction
 * where given); the new links' version of the first.
 */
export async function revokeCalendarLinks(
  kind: CalendarOwnerKind,
  ownerIds: string | string[],
  tx: Pick<Transaction, "insert"> = db(),
) {
  const ids = typeof ownerIds === "string" ? [ownerIds] : ownerIds;
  if (ids.length === 0) return 0;
  const [row] = await tx
    .insert(calendarKeys)
    .values(ids.map((ownerId) => ({ ownerKind: kind, ownerId, version: 1 })))
    .onConflictDoUpdate({
      target: [calendarKeys.ownerKind, calendarKeys.ownerId],
      set: { version: sql`${calendarKeys.version} + 1` },
    })
    .returning({ version: calendarKeys.version });
  return row?.version ?? 1;
}
