import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Certificate, certificates, type OutgoingEmail } from "~/db/schema";
import type { MailAttachment } from "~/features/outgoing-mail/mail-transport.server";
import { type CertificateFacts, renderCertificatePdf } from "./certificate-pdf.server";
import { inForce, printedOf, verifyUrlOf } from "./certificate-rows.server";
import { certificateFileName } from "./certificate-serial";

/** A certificate's PDF, made from its row when asked: the same bytes every time. */

function factsOf(certificate: Certificate): CertificateFacts | null {
  const { holderName, ...printed } = printedOf(certificate);
  if (!holderName) return null;
  return { ...printed, holderName, verifyUrl: verifyUrlOf(certificate.serial) };
}

/**
 * A certificate's PDF, made from its row (the same bytes every time): by serial for staff, or
 * only the one in force of `applicationId` for the student's page. Null when there is none or
 * its holder's data was erased.
 */

export async function certificatePdf(serial: string, applicationId?: string) {
  const [certificate] = await db()
    .select()
    .from(certificates)
    .where(
      applicationId
        ? and(
            eq(certificates.serial, serial),
            eq(certificates.applicationId, applicationId),
            inForce,
          )
        : eq(certificates.serial, serial),
    );
  const facts = certificate && factsOf(certificate);
  if (!facts) return null;
  return { filename: certificateFileName(facts.serial), pdf: await renderCertificatePdf(facts) };
}

/** The certificate PDF that goes with its e-mail (the send-email job's hook). */
export async function certificateAttachments(email: OutgoingEmail): Promise<MailAttachment[]> {
  if (!email.certificateId) return [];
  const [certificate] = await db()
    .select()
    .from(certificates)
    .where(eq(certificates.id, email.certificateId));
  const facts = certificate && factsOf(certificate);
  if (!facts) return [];
  return [
    {
      filename: certificateFileName(facts.serial),
      content: Buffer.from(await renderCertificatePdf(facts)),
      contentType: "application/pdf",
    },
  ];
}
