import type { ReactNode } from "react";

export type ChartTable = { caption: string; columns: string[]; rows: (string | number)[][] };

const number = new Intl.NumberFormat("en-NG");
const cellText = (value: string | number | undefined) =>
  typeof value === "number" ? number.format(value) : (value ?? "");

const headings = { 2: "h2", 3: "h3", 4: "h4", 5: "h5", 6: "h6" } as const;

/**
 * A chart's card: its heading, the chart, a sentence or two saying what it shows (the text
 * alternative, visible to everyone), and the same figures as a table that opens in place.
 * Without rows it says so instead of drawing an empty chart.
 */
export function ChartFigure({
  id,
  title,
  summary,
  table,
  headingLevel = 2,
  children,
}: {
  /** The figure's id (a link target, '#response-times'); the heading's id is made from it. */
  id: string;
  title: string;
  /** The text alternative: what the chart shows, in words. */
  summary: string;
  table: ChartTable;
  headingLevel?: keyof typeof headings;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const Heading = headings[headingLevel];
  return (
    <figure
      id={id}
      aria-labelledby={headingId}
      className="min-w-0 scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <Heading id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </Heading>
      {table.rows.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-300">No data for this period.</p>
      ) : (
        <>
          <div className="mt-4 grid min-w-0 grid-cols-1 gap-6">{children}</div>
          <figcaption className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            {summary}
          </figcaption>
          <details className="mt-3">
            <summary className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Table view
            </summary>
            {/* Focusable, so a keyboard can scroll a wide table on a phone. */}
            <section
              aria-label={table.caption}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
              tabIndex={0}
              className="mt-3 max-w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <table className="w-full min-w-max border-collapse text-left text-sm">
                <caption className="mb-2 text-left text-slate-600 dark:text-slate-300">
                  {table.caption}
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-700">
                    {table.columns.map((column, index) => (
                      <th
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns keep their order
                        key={index}
                        scope="col"
                        className="px-2 py-1.5 font-semibold text-slate-900 dark:text-white"
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map(([first, ...rest], index) => (
                    <tr
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their order
                      key={index}
                      className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                    >
                      <th
                        scope="row"
                        className="px-2 py-1.5 font-medium text-slate-900 dark:text-white"
                      >
                        {cellText(first)}
                      </th>
                      {rest.map((value, column) => (
                        <td
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns keep their order
                          key={column}
                          className="px-2 py-1.5 tabular-nums text-slate-700 dark:text-slate-200"
                        >
                          {cellText(value)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
        </>
      )}
    </figure>
  );
}
