import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { certificates } from "~/db/schema";
import { clientAddress } from "~/lib/http/client-address";
import { privatePageHeaders } from "~/lib/http/private-page";
import { retryAfter } from "~/lib/http/retry-after";
import { hitRateLimit, type RateLimitRule } from "~/lib/infra/rate-limit.server";
import { printedOf } from "./certificate-rows.server";
import { type CertificateState, certificateState } from "./certificate-rules";
import { readSerial } from "./certificate-serial";

/**
 * Lookups per client address: an employer checking a pile of CVs fits; counting through
 * serials does not (50 random bits each). A limit on one address never reaches another.
 */
export const verifyLimit: RateLimitRule = { name: "verify", limit: 60, windowMs: 10 * 60_000 };

/** The verify page never sits in a cache (a revocation shows on the next look), nor in search. */
const verifyHeaders = privatePageHeaders();

/** What the verify page shows of `typed`: the certificate, none, or the limit reached. */
export async function lookUpCertificate(request: Request, typed: string) {
  const limit = await hitRateLimit(verifyLimit, clientAddress(request) ?? "unknown");
  if (!limit.allowed)
    return {
      outcome: "limited" as const,
      status: 429,
      headers: { ...verifyHeaders, ...retryAfter(limit.retryAfterSeconds) },
    };
  const serial = readSerial(typed);
  const certificate = serial ? await verifyCertificate(serial) : null;
  // The canonical spelling of a serial typed in lower case or with spaces.
  if (certificate && serial !== typed) throw redirect(`/verify/${serial}`);
  return certificate
    ? { outcome: "found" as const, certificate, status: 200, headers: verifyHeaders }
    : { outcome: "not-found" as const, typed, status: 404, headers: verifyHeaders };
}

/** The verify form's GET: a typed serial goes to its page; an empty one stays on the form. */
export function serialFromQuery(request: Request) {
  const typed = new URL(request.url).searchParams.get("serial")?.slice(0, 100).trim() ?? "";
  if (!typed) return null;
  const serial = readSerial(typed);
  return serial ? redirect(`/verify/${serial}`) : { typed };
}

export type VerifiedCertificate = ReturnType<typeof printedOf> & {
  state: CertificateState;
  revokedAt: Date | null;
  /** The serial of the certificate that replaced this one. */
  replacedBy: string | null;
};

/**
 * What the public verify page shows of a serial: every printed field and the state, never the
 * reason for a revocation nor anything not printed. Null for a serial that does not exist.
 */
export async function verifyCertificate(serial: string): Promise<VerifiedCertificate | null> {
  const [certificate] = await db()
    .select()
    .from(certificates)
    .where(eq(certificates.serial, serial));
  if (!certificate) return null;
  const [replacement] = certificate.replacedById
    ? await db()
        .select({ serial: certificates.serial })
        .from(certificates)
        .where(eq(certificates.id, certificate.replacedById))
    : [];
  return {
    ...printedOf(certificate),
    state: certificateState(certificate),
    revokedAt: certificate.revokedAt,
    replacedBy: replacement?.serial ?? null,
  };
}
