import { formatShortDate } from "~/lib/format/dates";

/** 'Paid 12 Dec 2026' or 'Not paid yet': in words, the colour only beside them. */
export function InvoiceStatus({ paidAt }: { paidAt: Date | null }) {
  return paidAt ? (
    <span className="rounded-full bg-emerald-100 px-2 text-xs font-semibold text-emerald-900">
      Paid {formatShortDate(paidAt)}
    </span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-950">
      Not paid yet
    </span>
  );
}
