import Banknote from "lucide-react/icons/banknote";
import CalendarX from "lucide-react/icons/calendar-x";
import { formatNaira } from "~/lib/format/money";
import { nounFor } from "~/lib/format/plural";
import { FigureLink } from "~/ui/figure-link";
import { LabelledSection } from "~/ui/labelled-section";
import { paymentsHref } from "./list-url";
import type { PaymentFigures } from "./payment-overview.server";

const iconClass = "h-6 w-6 text-brand-700 dark:text-brand-300";

/** The dashboard's money: collected this Lagos month, and the overdue instalments. */
export function PaymentFiguresSection({ figures }: { figures: PaymentFigures }) {
  const { overdue } = figures;
  return (
    <LabelledSection
      id="payments-heading"
      title="Payments"
      className="mt-8"
      headingClassName="mb-3 text-lg font-bold"
    >
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <FigureLink
          to={paymentsHref({ status: "paid" })}
          label="Collected this month"
          value={formatNaira(figures.collectedThisMonth)}
          hint="Paid this calendar month, less refunds"
          icon={<Banknote aria-hidden="true" className={iconClass} />}
        />
        <FigureLink
          to={paymentsHref({ status: "overdue" })}
          label="Overdue instalments"
          value={overdue.count.toLocaleString("en-NG")}
          hint={`${formatNaira(overdue.amount)} ${overdue.count === 1 ? "is" : "are"} overdue in ${nounFor(overdue.count, "instalment")}`}
          icon={<CalendarX aria-hidden="true" className={iconClass} />}
        />
      </ul>
    </LabelledSection>
  );
}
