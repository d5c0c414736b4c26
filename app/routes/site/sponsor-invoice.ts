import { invoicePdf } from "~/features/sponsors/sponsor/invoice-pdf.server";
import { opensSponsorPage } from "~/features/sponsors/sponsorships.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/sponsor-invoice";

/** The invoice, from the sponsor's private page (`LTA-INV-000012.pdf`). */
export async function loader({ params }: Route.LoaderArgs) {
  const { sponsorshipId, token } = params;
  const opens = await opensSponsorPage(sponsorshipId, token);
  return pdfDownload(opens ? await invoicePdf(sponsorshipId) : null);
}
