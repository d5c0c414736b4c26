import { requireAdmin } from "~/features/auth/session.server";
import { receiptNumberOf, staffReceipt } from "~/features/payments/receipts/receipts.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import type { Route } from "./+types/staff-receipt";

/** Any payment's receipt, for signed-in staff. */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const number = receiptNumberOf(params.number);
  return pdfDownload(number === null ? null : await staffReceipt(number));
}
