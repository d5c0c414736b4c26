import { axisText } from "./plot-frame";

const number = new Intl.NumberFormat("en-NG");

/** Five shades, from none to the most; light and dark each keep them apart. */
const shades = [
  "fill-slate-100 dark:fill-slate-800",
  "fill-brand-100 dark:fill-brand-900",
  "fill-brand-300 dark:fill-brand-700",
  "fill-brand-500 dark:fill-brand-500",
  "fill-brand-800 dark:fill-brand-200",
] as const;
const swatches = [
  "bg-slate-100 dark:bg-slate-800",
  "bg-brand-100 dark:bg-brand-900",
  "bg-brand-300 dark:bg-brand-700",
  "bg-brand-500 dark:bg-brand-500",
  "bg-brand-800 dark:bg-brand-200",
] as const;

/** The shade of a value: 0 for none, then 1 to 4 by quarters of the largest. */
export function shadeLevel(value: number, largest: number): number {
  if (value <= 0 || largest <= 0) return 0;
  return Math.min(4, Math.ceil((4 * value) / largest));
}

/**
 * A grid of rows (days) by columns (hours), each cell shaded by its value, with the value in
 * its tooltip; the day and hour labels are HTML so they stay readable on a phone.
 */
export function Heatmap({
  label,
  rows,
  columns,
  values,
}: {
  label: string;
  rows: string[];
  columns: string[];
  values: number[][];
}) {
  const largest = Math.max(0, ...values.flat());
  return (
    <div>
      <div className="flex">
        <div aria-hidden="true" className="mr-2 grid h-44 w-9 shrink-0 grid-rows-7">
          {rows.map((row) => (
            <span key={row} className={`flex items-center justify-end ${axisText}`}>
              {row}
            </span>
          ))}
        </div>
        <div className="relative h-44 min-w-0 flex-1">
          <svg
            role="img"
            aria-label={label}
            viewBox={`0 0 ${columns.length} ${rows.length}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
          >
            {values.flatMap((counts, row) =>
              counts.map((value, column) => {
                const level = shadeLevel(value, largest);
                return (
                  <rect
                    key={`${rows[row]}-${columns[column]}`}
                    x={column + 0.06}
                    y={row + 0.06}
                    width={0.88}
                    height={0.88}
                    data-level={level}
                    className={shades[level]}
                  >
                    <title>{`${rows[row]} ${columns[column]}:00: ${number.format(value)} messages`}</title>
                  </rect>
                );
              }),
            )}
          </svg>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="ml-11 grid"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        {columns.map((column, index) => (
          <span key={column} className={`text-center ${axisText}`}>
            {index % 3 === 0 ? column : ""}
          </span>
        ))}
      </div>
      <div className="mt-2 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
        <span>Fewer</span>
        {swatches.map((swatch) => (
          <span
            key={swatch}
            aria-hidden="true"
            className={`inline-block h-3 w-4 rounded-sm ${swatch}`}
          />
        ))}
        <span>More</span>
      </div>
    </div>
  );
}
