import { percentOf } from "./scale";

export type BarItem = { label: string; value: number; note?: string };

const number = new Intl.NumberFormat("en-NG");

/**
 * A ranking as horizontal bars, drawn in HTML: each item's name and value are printed beside
 * its bar (whose length is its share of the largest), so nothing depends on the bars.
 */
export function BarList({
  label,
  items,
  formatValue = (value) => number.format(value),
}: {
  /** The list's accessible name: what is ranked. */
  label: string;
  items: BarItem[];
  formatValue?: (value: number) => string;
}) {
  const largest = Math.max(0, ...items.map((item) => item.value));
  return (
    <ul aria-label={label} className="grid gap-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items keep their order and may share a label
        <li key={index}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words font-medium text-slate-800 dark:text-slate-100">
              {item.label}
            </span>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900 dark:text-white">
              {formatValue(item.value)}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
            <div
              data-share={percentOf(item.value, largest)}
              className="h-2 rounded-full bg-brand-600 dark:bg-brand-300"
              style={{ width: `${percentOf(item.value, largest)}%` }}
            />
          </div>
          {item.note ? (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{item.note}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
