import { and, eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { applications, certificateReadiness, certificates } from "~/db/schema";
import { recordEvent } from "~/features/applications/application-history.server";
import { applicationIdOfToken } from "~/features/applications/application-token.server";
import { UserFacingError } from "~/lib/errors";
import { certificatePdf } from "./certificate-files.server";
import { confirmedName, inForce, saveReadiness } from "./certificate-rows.server";
import { certificateMessages } from "./certificate-schema";

/*
 * The certificate on the student's page, which their private link opens: the name it will
 * carry (theirs to confirm), then the certificate to download. Only an enrolled student has one.
 */

/** The enrolled student a private link opens; null for any other link or application. */
async function enrolledOfToken(tx: Transaction, token: string) {
  const applicationId = await applicationIdOfToken(tx, token);
  if (!applicationId) return null;
  const [student] = await tx
    .select({ id: applications.id, fullName: applications.fullName })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.status, "enrolled")));
  return student ?? null;
}

/** The student's certificate in force, if issued. */
async function inForceOf(tx: Transaction, applicationId: string) {
  const [certificate] = await tx
    .select({ serial: certificates.serial, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(eq(certificates.applicationId, applicationId), inForce));
  return certificate ?? null;
}

/** What 'My application' shows an enrolled student of their certificate; null for others. */
export function studentCertificate(token: string) {
  return db().transaction(async (tx) => {
    const student = await enrolledOfToken(tx, token);
    if (!student) return null;
    const [readiness] = await tx
      .select({ confirmedName: certificateReadiness.confirmedName })
      .from(certificateReadiness)
      .where(eq(certificateReadiness.applicationId, student.id));
    return {
      confirmedName: readiness?.confirmedName ?? null,
      suggestedName: student.fullName,
      certificate: await inForceOf(tx, student.id),
    };
  });
}

export type StudentCertificate = NonNullable<Awaited<ReturnType<typeof studentCertificate>>>;

/**
 * The student confirms the spelling of their name (enrolled, before a certificate is issued;
 * after, a correction is staff's reissue).
 */
export async function confirmCertificateName(token: string, name: string) {
  await db().transaction(async (tx) => {
    const student = await enrolledOfToken(tx, token);
    if (!student) throw new UserFacingError(certificateMessages.notStudent, 409);
    if (await inForceOf(tx, student.id))
      throw new UserFacingError(certificateMessages.alreadyIssued, 409);
    await saveReadiness(tx, student.id, confirmedName(name));
    // The name itself stays out of the timeline, which an erasure does not rewrite.
    await recordEvent(tx, student.id, "name-confirmed", { kind: "applicant" });
  });
}

/** The certificate in force a student's private link opens, by serial; null otherwise. */
export async function studentCertificatePdf(token: string, serial: string) {
  const applicationId = await db().transaction((tx) => applicationIdOfToken(tx, token));
  return applicationId ? certificatePdf(serial, applicationId) : null;
}
