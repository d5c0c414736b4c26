import { formatLongDate } from "~/lib/format/dates";
import { siteConfig } from "~/lib/site/site-config";
import { hoursText, issuedOnText, periodText } from "./certificate-text";
import type { VerifiedCertificate } from "./verify.server";

/*
 * What the public verify page says of a certificate, written once: every printed field (so an
 * edited PDF shows), its state in words, the LinkedIn link and the structured data.
 */

export const verifyWording = {
  valid: "Valid",
  revoked: "Revoked",
  replaced: "Replaced",
  erased: "Issued, holder's data erased on request",
  erasedName: "Erased on request",
  notFound: "No certificate has this number",
  notFoundHelp:
    "Check the number on the certificate (it looks like LTA-C-7K3M9QXF2D) and try again. A certificate with a number we cannot find was not issued by the academy.",
  limited: "Too many checks from your connection. Please wait a few minutes and try again.",
} as const;

/** The state line: 'Valid', 'Revoked on 3 May 2027', 'Replaced by LTA-C-…'. */
export function stateText(certificate: VerifiedCertificate) {
  if (certificate.state === "valid" && certificate.holderName === null) return verifyWording.erased;
  if (certificate.state === "revoked" && certificate.revokedAt)
    return `${verifyWording.revoked} on ${formatLongDate(certificate.revokedAt)}`;
  if (certificate.state === "replaced")
    return certificate.replacedBy
      ? `${verifyWording.replaced} by ${certificate.replacedBy}`
      : verifyWording.replaced;
  return verifyWording.valid;
}

/** The printed fields, in the order the certificate prints them. */
export function printedFields(certificate: VerifiedCertificate) {
  return [
    { term: "Certificate number", value: certificate.serial },
    { term: "Awarded to", value: certificate.holderName ?? verifyWording.erasedName },
    { term: "Course", value: certificate.courseTitle },
    { term: "Dates", value: periodText(certificate.startsOn, certificate.endsOn) },
    { term: "Hours", value: hoursText(certificate.hours) },
    { term: "Issued", value: issuedOnText(certificate.issuedAt) },
    {
      term: "Signed by",
      value: `${certificate.signatoryName}, ${certificate.signatoryTitle}`,
    },
  ];
}

/** LinkedIn's 'Add to profile' with the certificate's fields filled in (a prefill, best effort). */
export function linkedInHref(certificate: VerifiedCertificate, verifyUrl: string) {
  const issued = new Date(certificate.issuedAt);
  const query = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: certificate.courseTitle,
    organizationName: siteConfig.name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verifyUrl,
    certId: certificate.serial,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/** schema.org's EducationalOccupationalCredential: what the page is, for machines. */
export function certificateStructuredData(certificate: VerifiedCertificate, verifyUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "EducationalOccupationalCredential",
    name: `Certificate of Completion: ${certificate.courseTitle}`,
    identifier: certificate.serial,
    url: verifyUrl,
    credentialCategory: "certificate",
    dateCreated: new Date(certificate.issuedAt).toISOString(),
    recognizedBy: { "@type": "EducationalOrganization", name: siteConfig.name },
    about: { "@type": "Course", name: certificate.courseTitle },
  };
}
