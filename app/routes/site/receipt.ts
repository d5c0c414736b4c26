import {
  applicantReceipt,
  receiptDownload,
  receiptNumberOf,
} from "~/features/payments/receipts.server";
import type { Route } from "./+types/receipt";

/** A receipt of the applicant's own payment, from 'My application' (`LTA-R-000123.pdf`). */
export async function loader({ params }: Route.LoaderArgs) {
  const number = receiptNumberOf(params.number);
  return receiptDownload(number === null ? null : await applicantReceipt(params.token, number));
}
