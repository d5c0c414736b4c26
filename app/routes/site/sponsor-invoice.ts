import { invoicePdf } from "~/features/sponsors/sponsor/invoice-pdf.server";
import { isSponsorToken } from "~/features/sponsors/sponsor-link.server";
import { sponsorshipLinkVersion } from "~/features/sponsors/sponsorships.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/sponsor-invoice";

/** The invoice, from the sponsor's private page (`LTA-INV-000012.pdf`). */
export async function loader({ params }: Route.LoaderArgs) {
  const { sponsorshipId, token } = params;
  const version = await sponsorshipLinkVersion(sponsorshipId);
  const opens = version !== null && isSponsorToken(sponsorshipId, version, token);
  return pdfDownload(opens ? await invoicePdf(sponsorshipId) : null);
}
