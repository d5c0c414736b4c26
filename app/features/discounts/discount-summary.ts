import { formatNaira } from "~/lib/format/money";

/** What lowered an application's price, in a few words: 'Code LAGOS10 · Scholarship 25%'. */
export function discountSummary(row: {
  discountCode: string | null;
  scholarshipPercent: number | null;
  scholarshipAmount: number | null;
}): string | null {
  const parts = [
    row.discountCode ? `Code ${row.discountCode}` : null,
    row.scholarshipPercent !== null
      ? `Scholarship ${row.scholarshipPercent}%`
      : row.scholarshipAmount !== null
        ? `Scholarship ${formatNaira(row.scholarshipAmount)}`
        : null,
  ].filter((part) => part !== null);
  return parts.length ? parts.join(" · ") : null;
}
