import type { ReactNode } from "react";
import { categoryCentre, percentOf, shownLabels } from "./scale";

/** The drawing's coordinates: 1000 wide, 100 high, 0 at the top; stretched to the box. */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 100;

export const axisText = "text-xs text-slate-600 dark:text-slate-400";

/**
 * The frame of a chart over categories (weeks): value gridlines, the value and category labels
 * as HTML (so they stay readable at any width), and the drawing as an SVG stretched to fill the
 * plot, which is the chart's image for assistive technology (`label`).
 */
export function PlotFrame({
  label,
  ticks,
  formatTick,
  categories,
  children,
  overlay,
}: {
  label: string;
  ticks: number[];
  formatTick: (value: number) => string;
  categories: string[];
  /** SVG shapes in PLOT_WIDTH x PLOT_HEIGHT units. */
  children: ReactNode;
  /** HTML placed over the plot (markers, a reference line's label). */
  overlay?: ReactNode;
}) {
  const top = ticks.at(-1) ?? 1;
  const shown = shownLabels(categories.length);
  return (
    <div>
      <div className="flex">
        <div aria-hidden="true" className="relative mr-2 h-48 w-12 shrink-0">
          {ticks.map((tick) => (
            <span
              key={tick}
              className={`absolute right-0 translate-y-1/2 tabular-nums ${axisText}`}
              style={{ bottom: `${percentOf(tick, top)}%` }}
            >
              {formatTick(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-48 min-w-0 flex-1">
          <svg
            role="img"
            aria-label={label}
            viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
          >
            {ticks.map((tick) => {
              const y = PLOT_HEIGHT - percentOf(tick, top);
              return (
                <line
                  key={tick}
                  x1={0}
                  x2={PLOT_WIDTH}
                  y1={y}
                  y2={y}
                  vectorEffect="non-scaling-stroke"
                  className={
                    tick === 0
                      ? "stroke-slate-400 dark:stroke-slate-500"
                      : "stroke-slate-200 dark:stroke-slate-700"
                  }
                />
              );
            })}
            {children}
          </svg>
          {overlay}
        </div>
      </div>
      <div aria-hidden="true" className="relative ml-14 h-5">
        {categories.map((category, index) =>
          shown.has(index) ? (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: categories may repeat a label
              key={index}
              className={`absolute top-1 -translate-x-1/2 whitespace-nowrap ${axisText}`}
              style={{ left: `${categoryCentre(index, categories.length)}%` }}
            >
              {category}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}

export type LegendEntry = { name: string; swatch: ReactNode };

export function Legend({ entries }: { entries: LegendEntry[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
      {entries.map((entry) => (
        <li key={entry.name} className="flex items-center gap-1.5">
          {entry.swatch}
          {entry.name}
        </li>
      ))}
    </ul>
  );
}
