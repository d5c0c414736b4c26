import { niceTicks, roundTo2, scaleLinear } from "./scale";

const WIDTH = 280;
const HEIGHT = 48;
// Room for the stroke and the end marker at the top and bottom.
const INSET = 4;

/** A small trend of a few values (the dashboard's days) with the last one marked; no axes. */
export function Sparkline({ label, values }: { label: string; values: number[] }) {
  const top = niceTicks(Math.max(0, ...values), { target: 2 }).at(-1) ?? 1;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values.map((value, index) => ({
    x: roundTo2(values.length > 1 ? index * step : WIDTH / 2),
    y: roundTo2(HEIGHT - INSET - scaleLinear(value, top, HEIGHT - 2 * INSET)),
  }));
  const line = points.map((point, index) => `${index ? "L" : "M"} ${point.x} ${point.y}`).join(" ");
  const last = points.at(-1);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="block h-auto w-full max-w-72 overflow-visible"
    >
      {points.length > 1 ? (
        <>
          <path
            d={`${line} L ${WIDTH} ${HEIGHT} L 0 ${HEIGHT} Z`}
            className="fill-brand-100 dark:fill-brand-900"
          />
          <path
            d={line}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            className="stroke-brand-600 dark:stroke-brand-300"
          />
        </>
      ) : null}
      {last ? (
        <circle cx={last.x} cy={last.y} r={3.5} className="fill-brand-700 dark:fill-brand-200" />
      ) : null}
    </svg>
  );
}
