import { createHmac, timingSafeEqual } from "node:crypto";
import { href } from "react-router";
import { isUuid } from "~/lib/ids";
import { appSecret } from "~/lib/infra/app-secret.server";
import { env } from "~/lib/infra/env.server";

/*
 * A sponsor's private page opens from a link with no password (decision 0081). Its token is
 * signed, not stored (as the calendar links of decision 0070): an HMAC of the sponsorship and
 * the version of its link, so staff can show the same link again at any time, and raising the
 * version revokes it.
 */

const TOKEN_LENGTH = 32;

const signed = (sponsorshipId: string, version: number) =>
  createHmac("sha256", appSecret())
    .update(`sponsor-page:${sponsorshipId}:${version}`)
    .digest("base64url")
    .slice(0, TOKEN_LENGTH);

/** The path of a sponsorship's private page at its link's version. */
export const sponsorPagePath = (sponsorshipId: string, linkVersion: number) =>
  href("/sponsor/:sponsorshipId/:token", {
    sponsorshipId,
    token: signed(sponsorshipId, linkVersion),
  });

export const sponsorPageUrl = (sponsorshipId: string, linkVersion: number) =>
  `${env().publicUrl}${sponsorPagePath(sponsorshipId, linkVersion)}`;

/** Whether `token` opens the sponsorship at `linkVersion`; compared in constant time. */
export function isSponsorToken(sponsorshipId: string, linkVersion: number, token: string) {
  if (!isUuid(sponsorshipId) || token.length !== TOKEN_LENGTH) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(signed(sponsorshipId, linkVersion));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
