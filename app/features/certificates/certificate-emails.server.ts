import {
  type ApplicationForEmail,
  applicantEmail,
  type EmailText,
} from "~/features/applications/application-emails.server";

/** A new certificate, its PDF attached: the serial and where anyone can check it. */
export function certificateIssuedEmail(
  student: ApplicationForEmail,
  serial: string,
  verifyUrl: string,
): EmailText {
  return applicantEmail(student, `Your certificate: ${student.courseTitle}`, [
    `Congratulations on completing ${student.courseTitle}. Your certificate is attached.`,
    "",
    `Certificate number: ${serial}`,
    `Anyone, an employer for one, can check it at ${verifyUrl} or by scanning its QR code.`,
    "You can also download it again from your private application page.",
  ]);
}
