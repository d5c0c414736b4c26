import type { ReactNode } from "react";
import { categoryCentre, percentOf, shownLabels } from "./scale";

/**
 * The drawing's coordinates. The plot is 12rem (192 px) high whatever its width, so the SVG
 * is stretched sideways only: a vertical unit is a pixel (stripes, heights), a horizontal one
 * is not, which is why text, markers and strokes avoid depending on it.
 */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 192;

export const axisText = "text-xs text-slate-600 dark:text-slate-300";

// How many category labels fit without touching: four on a phone, more as the chart widens
// (container widths: @md is 28rem, @xl 36rem). Literal class names, for Tailwind to find.
const LABEL_TIERS = [
  { most: 4, show: "block", hide: "hidden" },
  { most: 6, show: "@md:block", hide: "@md:hidden" },
  { most: 8, show: "@xl:block", hide: "@xl:hidden" },
] as const;

/** The classes that print category `index` of `count` only at the widths with room for it. */
function labelVisibility(index: number, count: number): string | null {
  const shown = LABEL_TIERS.map((tier) => shownLabels(count, tier.most).has(index));
  if (!shown.some(Boolean)) return null;
  return LABEL_TIERS.map((tier, level) =>
    level > 0 && shown[level] === shown[level - 1] ? "" : shown[level] ? tier.show : tier.hide,
  )
    .filter(Boolean)
    .join(" ");
}

/**
 * The frame of a chart over categories (weeks): value gridlines, the value and category labels
 * as HTML (so they keep their size at any width), and the drawing as an SVG stretched over
 * the plot, which is the chart's image for assistive technology (`label`).
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
  /** SVG shapes in PLOT_WIDTH x PLOT_HEIGHT units, 0 at the top. */
  children: ReactNode;
  /** HTML laid over the plot (a reference line's label). */
  overlay?: ReactNode;
}) {
  const top = ticks.at(-1) ?? 1;
  return (
    <div className="@container">
      <div className="flex pt-2">
        <div aria-hidden="true" className="relative mr-2 h-48 w-12 shrink-0">
          {ticks.map((tick) => (
            <span
              key={tick}
              className={`absolute right-0 translate-y-1/2 whitespace-nowrap tabular-nums ${axisText}`}
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
              const y = PLOT_HEIGHT - (percentOf(tick, top) * PLOT_HEIGHT) / 100;
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
      <div aria-hidden="true" className="relative ml-14 h-6">
        {categories.map((category, index) => {
          const visibility = labelVisibility(index, categories.length);
          if (visibility === null) return null;
          const centre = categoryCentre(index, categories.length);
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: categories may repeat a label
              key={index}
              data-category-label={index}
              className={`absolute top-1 whitespace-nowrap ${visibility} ${axisText}`}
              // Anchored by its own share of the width, so the first and last stay inside the plot.
              style={{ left: `${centre}%`, transform: `translateX(-${centre}%)` }}
            >
              {category}
            </span>
          );
        })}
      </div>
    </div>
  );
}

export type LegendEntry = { name: string; swatch: ReactNode };

/** The series' names beside a sample of how each is drawn. */
export function Legend({ entries }: { entries: LegendEntry[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
      {entries.map((entry) => (
        <li key={entry.name} className="flex items-center gap-2">
          {entry.swatch}
          {entry.name}
        </li>
      ))}
    </ul>
  );
}
