import { Legend, PLOT_HEIGHT, PLOT_WIDTH, PlotFrame } from "./plot-frame";
import { categoryCentre, niceTicks, percentOf, roundTo2, scaleLinear } from "./scale";

export type LineSeries = { name: string; values: (number | null)[]; dash?: boolean };
export type ReferenceLine = { value: number; label: string };

const number = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 1 });

// Series take turns: the first with round markers, the next with square ones, so they differ
// without colour (and by dashes where a series asks for them).
const looks = [
  { stroke: "stroke-brand-600 dark:stroke-brand-300", cap: "round" },
  { stroke: "stroke-slate-700 dark:stroke-slate-200", cap: "square" },
] as const;
const lookOf = (position: number) => looks[position % looks.length] ?? looks[0];

type Point = { index: number; value: number };

/** The runs of consecutive values, a null (no data for that category) ending a run. */
export function segments(values: (number | null)[]): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ index, value });
  });
  if (run.length) runs.push(run);
  return runs;
}

/** The legend's sample of a series: a bit of its line with its marker. */
function Swatch({ position, dash }: { position: number; dash?: boolean }) {
  const look = lookOf(position);
  return (
    <svg aria-hidden="true" viewBox="0 0 28 12" className="h-3 w-7">
      <path
        d="M 1 6 H 27"
        fill="none"
        strokeWidth={2}
        strokeDasharray={dash ? "5 3" : undefined}
        className={look.stroke}
      />
      <path d="M 14 6 h 0" strokeWidth={8} strokeLinecap={look.cap} className={look.stroke} />
    </svg>
  );
}

/**
 * Lines over categories, a marker on each point (its value in a tooltip), gaps where a value
 * is missing, and an optional reference line (a target) drawn dashed and labelled at its end.
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
  /** Unique on the page; keys the drawing's parts. */
  id: string;
  /** The chart's accessible name. */
  label: string;
  categories: string[];
  series: LineSeries[];
  /** A target drawn across the plot; the scale always reaches it. */
  reference?: ReferenceLine;
  formatValue?: (value: number) => string;
  /** The least the scale reaches (100 for percentages). */
  maxValue?: number;
}) {
  const values = series.flatMap((item) => segments(item.values).flat());
  const ticks = niceTicks(
    Math.max(0, maxValue ?? 0, reference?.value ?? 0, ...values.map((point) => point.value)),
  );
  const top = ticks.at(-1) ?? 1;
  const x = (index: number) =>
    roundTo2((categoryCentre(index, categories.length) * PLOT_WIDTH) / 100);
  const y = (value: number) => roundTo2(PLOT_HEIGHT - scaleLinear(value, top, PLOT_HEIGHT));
  // Smaller markers when a year of weeks crowds them on a phone.
  const markerSize = categories.length > 26 ? 6 : 8;

  return (
    <div>
      <PlotFrame
        label={label}
        ticks={ticks}
        formatTick={formatValue}
        categories={categories}
        overlay={
          reference ? (
            <span
              aria-hidden="true"
              className="absolute right-0 mb-0.5 rounded bg-white/85 px-1 text-xs font-semibold text-red-700 dark:bg-slate-900/85 dark:text-red-300"
              style={{ bottom: `${percentOf(reference.value, top)}%` }}
            >
              {reference.label}
            </span>
          ) : null
        }
      >
        {reference ? (
          <line
            x1={0}
            x2={PLOT_WIDTH}
            y1={y(reference.value)}
            y2={y(reference.value)}
            strokeWidth={2}
            strokeDasharray="8 5"
            vectorEffect="non-scaling-stroke"
            data-reference={reference.value}
            className="stroke-red-600 dark:stroke-red-400"
          />
        ) : null}
        {series.map((item, position) => {
          const look = lookOf(position);
          const runs = segments(item.values);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: series keep their order
            <g key={`${id}-${position}`} className={look.stroke}>
              {runs.map((run) => (
                <path
                  key={run[0]?.index}
                  d={run
                    .map((point, step) => `${step ? "L" : "M"} ${x(point.index)} ${y(point.value)}`)
                    .join(" ")}
                  fill="none"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeDasharray={item.dash ? "6 4" : undefined}
                  vectorEffect="non-scaling-stroke"
                  data-line={position}
                />
              ))}
              {runs.flat().map((point) => (
                // A zero-length path with a round or square cap: a marker that the sideways
                // stretch cannot distort, as its stroke is drawn in screen pixels.
                <path
                  key={point.index}
                  d={`M ${x(point.index)} ${y(point.value)} h 0`}
                  strokeWidth={markerSize}
                  strokeLinecap={look.cap}
                  vectorEffect="non-scaling-stroke"
                  data-marker={position}
                >
                  <title>{`${categories[point.index] ?? ""}: ${item.name} ${formatValue(point.value)}`}</title>
                </path>
              ))}
            </g>
          );
        })}
      </PlotFrame>
      <Legend
        entries={[
          ...series.map((item, position) => ({
            name: item.name,
            swatch: <Swatch position={position} dash={item.dash} />,
          })),
          ...(reference
            ? [
                {
                  name: reference.label,
                  swatch: (
                    <span
                      aria-hidden="true"
                      className="inline-block w-7 border-t-2 border-dashed border-red-600 dark:border-red-400"
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
