import { applicantCsvCells, applicantCsvHeader } from "~/features/applications/staff/applicant-csv";
import { requireAdmin } from "~/features/auth/session.server";
import { discountSummary } from "~/features/discounts/discount-summary";
import { paymentPlanLabels } from "~/features/intakes/payment-plans";
import { instalmentStatusLabels, paymentMethodLabels } from "~/features/payments/instalment-status";
import { formatReceiptNumber } from "~/features/payments/payment-reference";
import { parsePaymentsQuery } from "~/features/payments/staff/list-url";
import { instalmentsForExport } from "~/features/payments/staff/payment-overview.server";
import { lagosToday } from "~/lib/format/dates";
import { nairaFromKobo } from "~/lib/format/money";
import { csvDownload } from "~/lib/http/csv-download";
import type { Route } from "./+types/payments-export";

// csvCell writes every time as Lagos local time; the labels say so. Amounts are naira, as
// numbers with two decimals, so a spreadsheet can add them up.
const header = [
  ...applicantCsvHeader,
  "Plan",
  "Discounts",
  "Instalment",
  "Of",
  "Amount (NGN)",
  "Due on",
  "Status",
  "Paid at (Lagos time)",
  "Refunded (NGN)",
  "Balance (NGN)",
  "Latest payment method",
  "Latest payment reference",
  "Latest payment status",
  "Receipt",
];

const naira = (kobo: number | null) => (kobo === null ? null : nairaFromKobo(kobo).toFixed(2));

/** The Payments tab's instalments for its intake, status and search, every page, as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parsePaymentsQuery(new URL(request.url).searchParams);
  const today = lagosToday();
  return csvDownload({
    header,
    batches: instalmentsForExport(query, today),
    cells: (row) => [
      ...applicantCsvCells(row),
      row.plan ? paymentPlanLabels[row.plan] : null,
      discountSummary(row),
      row.number,
      row.of,
      naira(row.amount),
      row.dueOn,
      instalmentStatusLabels[row.status],
      row.paidAt,
      naira(row.refundedAmount),
      naira(row.balance),
      row.paymentMethod ? paymentMethodLabels[row.paymentMethod] : null,
      row.paymentReference,
      row.paymentStatus,
      row.receiptNumber ? formatReceiptNumber(row.receiptNumber) : null,
    ],
    filename: `payments-${today}.csv`,
  });
}
