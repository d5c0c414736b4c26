import { formatApplicationReference } from "~/features/applications/application-rules";
import {
  type IntakeChoice,
  intakeSelect,
  statusSelect,
} from "~/features/applications/staff/intake-filters";
import { discountSummary } from "~/features/discounts/discount-summary";
import { paymentPlanLabels } from "~/features/intakes/payment-plans";
import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import type { ActionReply } from "~/lib/forms/action-reply";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { CsvExportLink } from "~/ui/list/csv-export-link";
import { ColumnHeads, DataTable } from "~/ui/list/data-table";
import { FilterToolbar } from "~/ui/list/filter-toolbar";
import { EmptyCard, ListCount } from "~/ui/list/list-states";
import { Pagination } from "~/ui/list/pagination";
import {
  instalmentStatuses,
  instalmentStatusLabels,
  paymentMethodLabels,
} from "../instalment-status";
import { InstalmentStatusBadge } from "../instalment-status-badge";
import { formatReceiptNumber } from "../payment-reference";
import type { TransferForStaff } from "../transfer-accounts/settle-transfers.server";
import { type PaymentsQuery, paymentsExportHref, paymentsHref } from "./list-url";
import type { InstalmentList, InstalmentRow } from "./payment-overview.server";
import { UnplacedTransfers } from "./transfers-to-settle";

const statusOptions = instalmentStatuses.map((status) => ({
  value: status,
  label: instalmentStatusLabels[status],
}));

/** The intake and status filters and the search, as a GET form: they live in the URL. */
function PaymentFilters({ query, intakes }: { query: PaymentsQuery; intakes: IntakeChoice[] }) {
  const filtered = Boolean(query.q || query.intake || query.status);
  return (
    <FilterToolbar
      idPrefix="payments"
      search={{
        label: "Search payments",
        placeholder: "Search name, e-mail, phone or reference...",
        q: query.q,
      }}
      selects={[intakeSelect(query.intake, intakes), statusSelect(query.status, statusOptions)]}
      keep={{ tab: "payments" }}
      clearHref={filtered ? paymentsHref({}) : undefined}
    >
      <CsvExportLink href={paymentsExportHref(query)} />
    </FilterToolbar>
  );
}

const instalmentColumns = [
  "Student",
  "Course · intake",
  "Instalment",
  "Amount",
  "Due",
  "Status",
  "Latest payment",
];
const headCell =
  "px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300";
const cell = "px-3 py-3 text-sm align-top";

/** The latest attempt to pay, and the receipt of the payment that paid it. */
function PaymentCell({ row }: { row: InstalmentRow }) {
  if (!row.paymentReference) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  return (
    <>
      <span className="block">
        {row.paymentMethod ? paymentMethodLabels[row.paymentMethod] : ""} · {row.paymentStatus}
      </span>
      <span className="block font-mono text-xs">{row.paymentReference}</span>
      {row.receiptNumber ? (
        <span className="block font-mono text-xs">
          Receipt {formatReceiptNumber(row.receiptNumber)}
        </span>
      ) : null}
    </>
  );
}

/**
 * The Students page's Payments tab: one row per instalment of everyone who chose a plan, with
 * where it stands, the latest attempt to pay it and the person's balance. `list` is
 * listInstalments' answer. Above it, the transfers no place could be told for.
 */
export function PaymentsTab({
  list,
  query,
  unplacedTransfers,
  reply,
}: {
  list: InstalmentList;
  query: PaymentsQuery;
  unplacedTransfers: TransferForStaff[];
  reply: ActionReply | undefined;
}) {
  const { instalments, intakes, pagination } = list;
  const narrowed = Boolean(query.intake || query.status || query.q);
  return (
    <>
      <UnplacedTransfers transfers={unplacedTransfers} reply={reply} />
      <PaymentFilters query={query} intakes={intakes} />
      <ListCount total={pagination.total} noun="instalment" suffix={narrowed ? " found" : ""} />
      {instalments.length === 0 ? (
        <EmptyCard>
          {narrowed ? (
            <p>No instalments found</p>
          ) : (
            <p>No one has chosen how to pay yet. Instalments appear here once someone has.</p>
          )}
        </EmptyCard>
      ) : (
        <section
          aria-label="Instalments"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
          tabIndex={0}
          className={cn(cardClasses, "overflow-x-auto focus-visible:outline-2")}
        >
          <DataTable
            caption="Instalments and their payments"
            head={<ColumnHeads labels={instalmentColumns} className={headCell} />}
          >
            {instalments.map((row) => (
              <tr key={row.id} data-instalment-id={row.id}>
                <td className={cell}>
                  <span className="block font-medium text-slate-900 dark:text-white">
                    {row.fullName}
                  </span>
                  <span className="block font-mono text-xs">
                    {formatApplicationReference(row.reference)}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    Balance {formatNaira(row.balance)}
                  </span>
                </td>
                <td className={cell}>
                  {row.courseTitle} · {row.intakeLabel}
                </td>
                <td className={cn(cell, "whitespace-nowrap")}>
                  {row.number} of {row.of}
                  {row.plan ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {paymentPlanLabels[row.plan]}
                    </span>
                  ) : null}
                  {discountSummary(row) ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {discountSummary(row)}
                    </span>
                  ) : null}
                </td>
                <td className={cn(cell, "whitespace-nowrap tabular-nums")}>
                  {formatNaira(row.amount)}
                </td>
                <td className={cn(cell, "whitespace-nowrap")}>{formatShortDate(row.dueOn)}</td>
                <td className={cell}>
                  <InstalmentStatusBadge status={row.status} />
                </td>
                <td className={cell}>
                  <PaymentCell row={row} />
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      )}
      <div className="mt-6 flex justify-center">
        <Pagination
          page={pagination.page}
          totalPages={pagination.totalPages}
          hrefFor={(page) => paymentsHref({ ...query, page })}
          label="Payments pages"
        />
      </div>
    </>
  );
}
