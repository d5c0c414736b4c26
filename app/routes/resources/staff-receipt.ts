import { requireAdmin } from "~/features/auth/session.server";
import {
  receiptDownload,
  receiptNumberOf,
  staffReceipt,
} from "~/features/payments/receipts/receipts.server";
import type { Route } from "./+types/staff-receipt";

/** Any payment's receipt, for signed-in staff. */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const number = receiptNumberOf(params.number);
  return receiptDownload(number === null ? null : await staffReceipt(number));
}
