import { href, redirect } from "react-router";
import { isReplacedLink } from "~/features/applications/application-token.server";
import { readSerial } from "~/features/certificates/certificate-serial";
import { studentCertificatePdf } from "~/features/certificates/student-certificate.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/certificate-file";

/**
 * The student's own certificate in force, from their page (`LTA-C-….pdf`). A replaced link goes
 * to its page, which says so.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const serial = readSerial(params.file.replace(/\.pdf$/, ""));
  const file = serial ? await studentCertificatePdf(params.token, serial) : null;
  if (!file && (await isReplacedLink(params.token)))
    return redirect(href("/application/:token", { token: params.token }));
  return pdfDownload(file);
}
