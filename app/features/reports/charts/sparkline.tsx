import { niceTicks } from "./scale";

const WIDTH = 280;
const HEIGHT = 48;

/** A small line of a few values (the dashboard's days), with the last point marked. */
export function Sparkline({ label, values }: { label: string; values: number[] }) {
  const top = niceTicks(Math.max(0, ...values), 2).at(-1) ?? 1;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values.map((value, index) => ({
    x: index * step,
    y: HEIGHT - 4 - ((HEIGHT - 8) * value) / top,
  }));
  const line = points
    .map((point, index) => `${index === 0 ? "M" : "L"} ${point.x} ${point.y}`)
    .join(" ");
  const last = points.at(-1);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-72 overflow-visible"
    >
      {points.length > 1 ? (
        <path
          d={`${line} L ${WIDTH} ${HEIGHT} L 0 ${HEIGHT} Z`}
          className="fill-brand-100 dark:fill-brand-900"
        />
      ) : null}
      <path
        d={line}
        fill="none"
        strokeWidth={2}
        className="stroke-brand-600 dark:stroke-brand-300"
      />
      {last ? (
        <circle cx={last.x} cy={last.y} r={3} className="fill-brand-700 dark:fill-brand-200" />
      ) : null}
    </svg>
  );
}
