import { requireAdmin } from "~/features/auth/session.server";
import { certificatePdf } from "~/features/certificates/certificate-files.server";
import { readSerial } from "~/features/certificates/certificate-serial";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/staff-certificate";

/** Any certificate's PDF by its file name (`LTA-C-….pdf`), for signed-in staff. */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const serial = readSerial(params.file.replace(/\.pdf$/, ""));
  return pdfDownload(serial ? await certificatePdf(serial) : null);
}
