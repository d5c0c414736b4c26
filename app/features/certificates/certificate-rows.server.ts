import { and, isNull } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type Certificate, certificateReadiness, certificates } from "~/db/schema";
import { env } from "~/lib/infra/env.server";

/*
 * What every certificates module reads the same way: which rows are in force, the fields a
 * certificate prints, and the public address it verifies at.
 */

/** A certificate neither revoked nor replaced: the one its holder has (one per student). */
export const inForce = and(isNull(certificates.revokedAt), isNull(certificates.replacedAt));

/** The public address a certificate's QR code and text point to. */
export const verifyUrlOf = (serial: string) => `${env().publicUrl}/verify/${serial}`;

/** The fields a certificate prints, as its row holds them (the name null once erased). */
export function printedOf(certificate: Certificate) {
  return {
    serial: certificate.serial,
    holderName: certificate.holderName,
    courseTitle: certificate.courseTitle,
    startsOn: certificate.startsOn,
    endsOn: certificate.endsOn,
    hours: certificate.hours,
    issuedAt: certificate.issuedAt,
    signatoryName: certificate.signatoryName,
    signatoryTitle: certificate.signatoryTitle,
  };
}

/** Records what a student is ready with: their confirmed name, or a final project's result. */
export async function saveReadiness(
  tx: Transaction,
  applicationId: string,
  values: Partial<Omit<typeof certificateReadiness.$inferInsert, "applicationId">>,
) {
  await tx
    .insert(certificateReadiness)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({
      target: certificateReadiness.applicationId,
      set: { ...values, updatedAt: new Date() },
    });
}

/** The name a student confirmed (or staff corrected), as of `at`. */
export const confirmedName = (name: string, at = new Date()) => ({
  confirmedName: name,
  nameConfirmedAt: at,
});
