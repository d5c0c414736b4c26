const number = new Intl.NumberFormat("en-NG");

/**
 * Five shades from none to the most, lighter to darker in light mode and darker to lighter in
 * dark mode, each step apart from the next in both (none is grey, the rest brand green).
 */
export const heatmapShades = [
  { fill: "fill-slate-100 dark:fill-slate-800", swatch: "bg-slate-100 dark:bg-slate-800" },
  { fill: "fill-brand-200 dark:fill-brand-900", swatch: "bg-brand-200 dark:bg-brand-900" },
  { fill: "fill-brand-500 dark:fill-brand-700", swatch: "bg-brand-500 dark:bg-brand-700" },
  { fill: "fill-brand-700 dark:fill-brand-500", swatch: "bg-brand-700 dark:bg-brand-500" },
  { fill: "fill-brand-900 dark:fill-brand-200", swatch: "bg-brand-900 dark:bg-brand-200" },
] as const;

/** The shade of a value: 0 for none, then 1 to 4 by quarters of the largest. */
export function shadeLevel(value: number, largest: number): number {
  if (!(value > 0) || !(largest > 0)) return 0;
  return Math.min(4, Math.ceil((4 * value) / largest));
}

// Drawing units; the SVG is never narrower than its width in pixels (it scrolls instead), so
// its text is at least 12 px.
const CELL = 20;
const GAP = 2;
const ROW_LABELS = 40;
const COLUMN_LABELS = 20;
const LABEL_EVERY = 3;

const messages = (value: number) =>
  `${number.format(value)} ${value === 1 ? "message" : "messages"}`;

/**
 * Messages by day (rows) and hour (columns): each cell shaded by its count, which its tooltip
 * gives. On a narrow screen the grid keeps its size and scrolls sideways in its card.
 */
export function Heatmap({
  label,
  rows,
  columns,
  values,
}: {
  /** The chart's accessible name. */
  label: string;
  /** Day names, top to bottom ('Mon'). */
  rows: string[];
  /** Hour labels, left to right ('14:00'); every third is printed under the grid. */
  columns: string[];
  /** A count per row and column. */
  values: number[][];
}) {
  const largest = Math.max(0, ...values.flat());
  const width = ROW_LABELS + columns.length * (CELL + GAP);
  const height = rows.length * (CELL + GAP) + COLUMN_LABELS;
  return (
    <div>
      {/* Focusable, so a keyboard can scroll it on a phone. */}
      <section
        aria-label={`${label} (scrolls sideways on a small screen)`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto w-full max-w-3xl"
          style={{ minWidth: `${width}px` }}
        >
          {rows.map((row, rowIndex) => (
            <text
              key={row}
              x={ROW_LABELS - 8}
              y={rowIndex * (CELL + GAP) + CELL / 2}
              textAnchor="end"
              dominantBaseline="central"
              fontSize={12}
              className="fill-slate-600 dark:fill-slate-300"
            >
              {row}
            </text>
          ))}
          {columns.map((column, columnIndex) =>
            columnIndex % LABEL_EVERY === 0 ? (
              <text
                key={column}
                x={ROW_LABELS + columnIndex * (CELL + GAP) + CELL / 2}
                y={height - 4}
                textAnchor="middle"
                fontSize={12}
                className="fill-slate-600 dark:fill-slate-300"
              >
                {column}
              </text>
            ) : null,
          )}
          {rows.map((row, rowIndex) =>
            columns.map((column, columnIndex) => {
              const value = values[rowIndex]?.[columnIndex] ?? 0;
              const level = shadeLevel(value, largest);
              return (
                <rect
                  key={`${row}-${column}`}
                  x={ROW_LABELS + columnIndex * (CELL + GAP)}
                  y={rowIndex * (CELL + GAP)}
                  width={CELL}
                  height={CELL}
                  rx={3}
                  data-level={level}
                  className={heatmapShades[level]?.fill}
                >
                  <title>{`${row} ${column}: ${messages(value)}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
      </section>
      <div className="mt-2 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
        <span>Fewer</span>
        {heatmapShades.map((shade) => (
          <span
            key={shade.swatch}
            aria-hidden="true"
            className={`inline-block h-4 w-4 rounded-sm ${shade.swatch}`}
          />
        ))}
        <span>More</span>
      </div>
    </div>
  );
}
