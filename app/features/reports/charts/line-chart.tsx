import { Legend, PLOT_HEIGHT, PLOT_WIDTH, PlotFrame } from "./plot-frame";
import { categoryCentre, niceTicks, percentOf } from "./scale";

export type LineSeries = { name: string; values: (number | null)[]; dash?: boolean };

const number = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 1 });

// Up to two series: the first solid with round markers, the second dashed with square ones, so
// they differ without colour.
const looks = [
  {
    stroke: "stroke-brand-600 dark:stroke-brand-300",
    fill: "fill-brand-600 dark:fill-brand-300",
    marker: "rounded-full bg-brand-600 dark:bg-brand-300",
  },
  {
    stroke: "stroke-slate-700 dark:stroke-slate-200",
    fill: "fill-slate-700 dark:fill-slate-200",
    marker: "rounded-none bg-slate-700 dark:bg-slate-200",
  },
] as const;

/** The runs of consecutive values, a null (no data that week) ending a run. */
export function segments(values: (number | null)[]): { index: number; value: number }[][] {
  const runs: { index: number; value: number }[][] = [];
  let run: { index: number; value: number }[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ index, value });
  });
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Lines over categories, with a marker on each point (its value in a tooltip), gaps where a
 * value is missing, and an optional reference line (a target) drawn dashed and labelled.
 */
export function LineChart({
  id,
  label,
  categories,
  series,
  reference,
  formatValue = (value) => number.format(value),
  maxValue,
}: {
  id: string;
  label: string;
  categories: string[];
  series: LineSeries[];
  reference?: { value: number; label: string };
  formatValue?: (value: number) => string;
  maxValue?: number;
}) {
  const values = series.flatMap((item) => item.values.filter((value) => value !== null));
  const ticks = niceTicks(Math.max(0, maxValue ?? 0, reference?.value ?? 0, ...values));
  const top = ticks.at(-1) ?? 1;
  const x = (index: number) => (categoryCentre(index, categories.length) * PLOT_WIDTH) / 100;
  const y = (value: number) => PLOT_HEIGHT - (percentOf(value, top) * PLOT_HEIGHT) / 100;
  return (
    <div>
      <PlotFrame
        label={label}
        ticks={ticks}
        formatTick={formatValue}
        categories={categories}
        overlay={
          <>
            {series.flatMap((item, position) =>
              item.values.map((value, index) =>
                value === null ? null : (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: one marker per category
                    key={`${id}-${position}-${index}`}
                    aria-hidden="true"
                    title={`${categories[index]}: ${item.name} ${formatValue(value)}`}
                    data-series={position}
                    className={`absolute h-2 w-2 -translate-x-1/2 translate-y-1/2 ${looks[position % 2]?.marker}`}
                    style={{
                      left: `${categoryCentre(index, categories.length)}%`,
                      bottom: `${percentOf(value, top)}%`,
                    }}
                  />
                ),
              ),
            )}
            {reference ? (
              <span
                aria-hidden="true"
                className="absolute right-0 pb-0.5 text-xs font-semibold text-red-700 dark:text-red-300"
                style={{ bottom: `${percentOf(reference.value, top)}%` }}
              >
                {reference.label}
              </span>
            ) : null}
          </>
        }
      >
        {reference ? (
          <line
            x1={0}
            x2={PLOT_WIDTH}
            y1={y(reference.value)}
            y2={y(reference.value)}
            strokeDasharray="8 5"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            data-reference={reference.value}
            className="stroke-red-600 dark:stroke-red-400"
          />
        ) : null}
        {series.flatMap((item, position) =>
          segments(item.values).map((run) => (
            <path
              key={`${item.name}-${run[0]?.index}`}
              d={run
                .map(
                  (point, step) => `${step === 0 ? "M" : "L"} ${x(point.index)} ${y(point.value)}`,
                )
                .join(" ")}
              fill="none"
              strokeWidth={2}
              strokeDasharray={item.dash ? "6 4" : undefined}
              vectorEffect="non-scaling-stroke"
              className={looks[position % 2]?.stroke}
            />
          )),
        )}
      </PlotFrame>
      <Legend
        entries={series.map((item, position) => ({
          name: item.name,
          swatch: (
            <svg viewBox="0 0 24 10" className="h-2.5 w-6" aria-hidden="true">
              <line
                x1="0"
                x2="24"
                y1="5"
                y2="5"
                strokeWidth="2"
                strokeDasharray={item.dash ? "4 3" : undefined}
                className={looks[position % 2]?.stroke}
              />
              {position % 2 === 0 ? (
                <circle cx="12" cy="5" r="3.5" className={looks[0].fill} />
              ) : (
                <rect x="8.5" y="1.5" width="7" height="7" className={looks[1].fill} />
              )}
            </svg>
          ),
        }))}
      />
      {reference ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <span
            aria-hidden="true"
            className="mr-1.5 inline-block w-6 border-t-2 border-dashed border-red-600 align-middle dark:border-red-400"
          />
          {reference.label}
        </p>
      ) : null}
    </div>
  );
}
