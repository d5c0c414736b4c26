import { asc, inArray } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { certificateReadiness, certificates } from "~/db/schema";

/** Certificates in a person's data export, and what an erasure does to them. */

export function certificateRecords(applicationIds: string[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db()
    .select({
      applicationId: certificates.applicationId,
      serial: certificates.serial,
      holderName: certificates.holderName,
      courseTitle: certificates.courseTitle,
      startsOn: certificates.startsOn,
      endsOn: certificates.endsOn,
      hours: certificates.hours,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
      replacedAt: certificates.replacedAt,
    })
    .from(certificates)
    .where(inArray(certificates.applicationId, applicationIds))
    .orderBy(asc(certificates.issuedAt));
}

/**
 * An erasure: the certificates stay (their serials still verify, as issued with the holder's
 * data erased on request) without the holder's name; the confirmed name goes too.
 */
export async function eraseCertificateHolders(tx: Transaction, applicationIds: string[]) {
  if (applicationIds.length === 0) return;
  await tx
    .update(certificates)
    .set({ holderName: null, holderErasedAt: new Date() })
    .where(inArray(certificates.applicationId, applicationIds));
  await tx
    .update(certificateReadiness)
    .set({ confirmedName: null, updatedAt: new Date() })
    .where(inArray(certificateReadiness.applicationId, applicationIds));
}

/** Each student's certificate in one line, for the class list: issued, eligible, or why not. */
