import { Legend, PLOT_HEIGHT, PLOT_WIDTH, PlotFrame } from "./plot-frame";
import { niceTicks, percentOf } from "./scale";

export type ColumnSeries = { name: string; values: number[]; tone: "primary" | "secondary" };

const number = new Intl.NumberFormat("en-NG");

/** The legend's sample of a series: solid, or hatched like its columns. */
function Swatch({ tone }: { tone: ColumnSeries["tone"] }) {
  return tone === "primary" ? (
    <span
      aria-hidden="true"
      className="inline-block h-3 w-4 rounded-sm bg-brand-600 dark:bg-brand-300"
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-block h-3 w-4 rounded-sm border border-slate-600 text-slate-600 dark:border-slate-300 dark:text-slate-300"
      style={{
        backgroundImage:
          "repeating-linear-gradient(45deg, currentColor 0 2px, transparent 2px 5px)",
      }}
    />
  );
}

/**
 * Columns per category, side by side or stacked. The secondary series is hatched, so the two
 * differ without colour; each column segment names its category, series and value.
 */
export function ColumnChart({
  id,
  label,
  categories,
  series,
  stacked = false,
}: {
  id: string;
  label: string;
  categories: string[];
  series: ColumnSeries[];
  stacked?: boolean;
}) {
  const totals = categories.map((_, index) =>
    stacked
      ? series.reduce((sum, item) => sum + (item.values[index] ?? 0), 0)
      : Math.max(0, ...series.map((item) => item.values[index] ?? 0)),
  );
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks.at(-1) ?? 1;
  const slot = PLOT_WIDTH / Math.max(1, categories.length);
  const hatch = `${id}-hatch`;
  const bars = categories.flatMap((category, index) => {
    let base = 0;
    return series.map((item, position) => {
      const value = item.values[index] ?? 0;
      const width = stacked ? slot * 0.7 : (slot * 0.8) / series.length;
      const x = stacked ? index * slot + slot * 0.15 : index * slot + slot * 0.1 + position * width;
      const height = (percentOf(value, top) * PLOT_HEIGHT) / 100;
      const y = PLOT_HEIGHT - (stacked ? (percentOf(base, top) * PLOT_HEIGHT) / 100 : 0) - height;
      if (stacked) base += value;
      return (
        <rect
          key={`${category}-${item.name}`}
          x={x}
          y={y}
          width={width}
          height={height}
          data-value={value}
          className={item.tone === "primary" ? "fill-brand-600 dark:fill-brand-300" : undefined}
          fill={item.tone === "secondary" ? `url(#${hatch})` : undefined}
        >
          <title>{`${category}: ${item.name} ${number.format(value)}`}</title>
        </rect>
      );
    });
  });
  return (
    <div>
      <PlotFrame
        label={label}
        ticks={ticks}
        formatTick={(value) => number.format(value)}
        categories={categories}
      >
        <defs>
          <pattern
            id={hatch}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" className="fill-slate-200 dark:fill-slate-700" />
            <line
              x1="0"
              y1="0"
              x2="0"
              y2="6"
              strokeWidth="5"
              className="stroke-slate-600 dark:stroke-slate-300"
            />
          </pattern>
        </defs>
        {bars}
      </PlotFrame>
      <Legend
        entries={series.map((item) => ({ name: item.name, swatch: <Swatch tone={item.tone} /> }))}
      />
    </div>
  );
}
