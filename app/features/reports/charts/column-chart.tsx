import { Legend, PLOT_HEIGHT, PLOT_WIDTH, PlotFrame } from "./plot-frame";
import { niceTicks, roundTo2, scaleLinear } from "./scale";

export type ColumnSeries = { name: string; values: number[]; tone: "primary" | "secondary" };

const number = new Intl.NumberFormat("en-NG");

const primaryFill = "fill-brand-600 dark:fill-brand-300";
// The stripes run across, as the drawing is stretched sideways only (see PLOT_HEIGHT).
const stripes = "repeating-linear-gradient(180deg, currentColor 0 2px, transparent 2px 4px)";

/** The legend's sample of a series: solid, or striped like its columns. */
function Swatch({ tone }: { tone: ColumnSeries["tone"] }) {
  return tone === "primary" ? (
    <span
      aria-hidden="true"
      className="inline-block h-3.5 w-4 rounded-sm bg-brand-600 dark:bg-brand-300"
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-block h-3.5 w-4 rounded-sm border border-slate-600 bg-slate-200 text-slate-600 dark:border-slate-300 dark:bg-slate-700 dark:text-slate-300"
      style={{ backgroundImage: stripes }}
    />
  );
}

/**
 * Columns per category, side by side or stacked. The secondary series is striped, so the two
 * differ without colour; each drawn segment names its category, series and value.
 */
export function ColumnChart({
  id,
  label,
  categories,
  series,
  stacked = false,
}: {
  /** Unique on the page: the stripe pattern's id is made from it. */
  id: string;
  /** The chart's accessible name. */
  label: string;
  /** Short labels under the columns, thinned so they never overlap. */
  categories: string[];
  series: ColumnSeries[];
  stacked?: boolean;
}) {
  const valueAt = (item: ColumnSeries, index: number) => Math.max(0, item.values[index] ?? 0);
  const heights = categories.map((_, index) =>
    stacked
      ? series.reduce((sum, item) => sum + valueAt(item, index), 0)
      : Math.max(0, ...series.map((item) => valueAt(item, index))),
  );
  const ticks = niceTicks(Math.max(0, ...heights), {
    integer: series.every((item) => item.values.every(Number.isInteger)),
  });
  const top = ticks.at(-1) ?? 1;
  const slot = PLOT_WIDTH / Math.max(1, categories.length);
  const columnWidth = stacked ? slot * 0.7 : (slot * 0.8) / Math.max(1, series.length);
  const stripeId = `${id}-stripes`;

  const columns = categories.flatMap((category, index) => {
    let below = 0;
    return series.map((item, position) => {
      const value = valueAt(item, index);
      const base = stacked ? scaleLinear(below, top, PLOT_HEIGHT) : 0;
      const height = scaleLinear(value, top, PLOT_HEIGHT);
      below += value;
      if (value === 0) return null;
      const x = stacked
        ? index * slot + (slot - columnWidth) / 2
        : index * slot + slot * 0.1 + position * columnWidth;
      return (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: categories and series keep their order
          key={`${index}-${position}`}
          x={roundTo2(x)}
          y={roundTo2(PLOT_HEIGHT - base - height)}
          width={roundTo2(columnWidth)}
          height={height}
          data-value={value}
          data-series={position}
          {...(item.tone === "primary"
            ? { className: primaryFill }
            : {
                fill: `url(#${stripeId})`,
                vectorEffect: "non-scaling-stroke",
                className: "stroke-slate-600 dark:stroke-slate-300",
              })}
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
          <pattern id={stripeId} width="8" height="4" patternUnits="userSpaceOnUse">
            <rect width="8" height="4" className="fill-slate-200 dark:fill-slate-700" />
            <rect width="8" height="2" className="fill-slate-600 dark:fill-slate-300" />
          </pattern>
        </defs>
        {columns}
      </PlotFrame>
      <Legend
        entries={series.map((item) => ({ name: item.name, swatch: <Swatch tone={item.tone} /> }))}
      />
    </div>
  );
}
