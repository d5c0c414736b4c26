import { href, redirect } from "react-router";
import { isReplacedLink } from "~/features/applications/application-token.server";
import { applicantReceipt, receiptNumberOf } from "~/features/payments/receipts/receipts.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/receipt";

/**
 * A receipt of the applicant's own payment, from 'My application' (`LTA-R-000123.pdf`). A
 * replaced link goes to its page, which says so.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const number = receiptNumberOf(params.number);
  const file = number === null ? null : await applicantReceipt(params.token, number);
  if (!file && (await isReplacedLink(params.token)))
    return redirect(href("/application/:token", { token: params.token }));
  return pdfDownload(file);
}
