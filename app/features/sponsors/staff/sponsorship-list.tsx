import Building2 from "lucide-react/icons/building-2";
import { Link } from "react-router";
import { formatInvoiceNumber } from "~/features/sponsored-seats/sponsor-messages";
import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { buttonClasses } from "~/ui/button";
import { ColumnHeads, DataTable } from "~/ui/list/data-table";
import { InvoiceStatus } from "../invoice-status";
import type { SponsorshipRow } from "../sponsorships.server";
import { sponsorshipHref, sponsorsListHref } from "./list-url";

/** Every sponsorship, newest first: its invoice, intake and what became of its seats. */
export function SponsorshipList({ rows }: { rows: readonly SponsorshipRow[] }) {
  if (rows.length === 0)
    return (
      <div className="px-4 py-12 text-center">
        <p className="text-slate-600 dark:text-slate-300">No seats sold to sponsors yet.</p>
        <Link
          to={sponsorsListHref({ modal: "create" })}
          preventScrollReset
          className={buttonClasses("primary", "md", "mt-4")}
        >
          <Building2 aria-hidden="true" className="h-5 w-5" />
          Sell seats to a sponsor
        </Link>
      </div>
    );
  return (
    <div className="relative overflow-x-auto">
      <DataTable
        caption="Sponsorships"
        head={
          <ColumnHeads
            labels={["Sponsor", "Intake", "Seats", "Invoice"]}
            className="px-4 py-2 text-left text-sm font-semibold text-slate-700 dark:text-slate-300"
          />
        }
        className="w-full text-sm"
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100 align-top dark:border-slate-800">
            <th scope="row" className="px-4 py-2 font-semibold">
              <Link
                to={sponsorshipHref(row.id)}
                className="text-brand-700 underline dark:text-brand-300"
              >
                {row.sponsorName}
              </Link>
            </th>
            <td className="px-4 py-2">
              {row.courseTitle}: {row.intakeLabel}
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                from {formatShortDate(row.startsOn)}
              </span>
            </td>
            <td className="px-4 py-2">
              {row.used} used of {row.seats}
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {row.open} unused{row.released ? `, ${row.released} given back` : ""}
              </span>
            </td>
            <td className="px-4 py-2">
              <span className="font-mono">{formatInvoiceNumber(row.invoiceNumber)}</span>{" "}
              {formatNaira(row.total)}
              <span className="block">
                <InvoiceStatus paidAt={row.paidAt} />
              </span>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
