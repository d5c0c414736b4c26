import { Form, href } from "react-router";
import { formatFullDate } from "~/lib/format/dates";
import { buttonClasses } from "~/ui/button";
import { LabelledSection } from "~/ui/labelled-section";
import { HOLDER_NAME_MAX } from "../certificate-schema";
import { certificateFileName } from "../certificate-serial";
import type { StudentCertificate } from "../student-certificate.server";

const heading = "mb-3 text-lg font-bold text-slate-900";
const linkClasses = "font-medium text-brand-800 underline underline-offset-2";

/**
 * The certificate on the student's page: once issued, the download and where it verifies;
 * before, the name it will carry, for the student to confirm (a misspelt name means a reprint).
 */
export function MyCertificate({
  certificate,
  token,
}: {
  certificate: StudentCertificate;
  token: string;
}) {
  const issued = certificate.certificate;
  return (
    <LabelledSection id="certificate-heading" title="Your certificate" headingClassName={heading}>
      {issued ? (
        <div className="space-y-2 text-slate-800">
          <p>
            Issued on {formatFullDate(issued.issuedAt)}, number{" "}
            <span className="font-semibold whitespace-nowrap">{issued.serial}</span>.
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-2">
            <a
              className={linkClasses}
              href={href("/application/:token/certificate/:file", {
                token,
                file: certificateFileName(issued.serial),
              })}
            >
              Download your certificate (PDF)
            </a>
            <a className={linkClasses} href={href("/verify/:serial", { serial: issued.serial })}>
              See it as an employer does
            </a>
          </p>
        </div>
      ) : (
        <Form
          method="post"
          action={href("/application/:token/certificate", { token })}
          className="space-y-3"
        >
          <p className="text-slate-800">
            {certificate.confirmedName
              ? "Your certificate will carry this name. You can still correct it until it is issued."
              : "When you complete the course, your certificate carries your name exactly as below. Please check the spelling, accents included, and confirm it."}
          </p>
          <label htmlFor="certificateName" className="block font-semibold text-slate-900">
            Name on the certificate
          </label>
          <input
            id="certificateName"
            name="certificateName"
            required
            maxLength={HOLDER_NAME_MAX}
            autoComplete="name"
            defaultValue={certificate.confirmedName ?? certificate.suggestedName}
            className="block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900"
          />
          <button type="submit" className={buttonClasses("primary", "md")}>
            {certificate.confirmedName ? "Save the corrected name" : "Confirm my name"}
          </button>
        </Form>
      )}
    </LabelledSection>
  );
}
