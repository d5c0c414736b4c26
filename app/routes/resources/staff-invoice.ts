import { requireAdmin } from "~/features/auth/session.server";
import { invoicePdf } from "~/features/sponsors/sponsor/invoice-pdf.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/staff-invoice";

/** A sponsor's invoice, for signed-in staff. */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return pdfDownload(await invoicePdf(params.sponsorshipId));
}
