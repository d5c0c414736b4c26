import type { ReactNode } from "react";

export type ChartTable = { caption: string; columns: string[]; rows: (string | number)[][] };

const number = new Intl.NumberFormat("en-NG");
const cellText = (value: string | number) =>
  typeof value === "number" ? number.format(value) : value;

/**
 * A chart's frame: its heading, the chart, a sentence saying what it shows (the text
 * alternative, for everyone), and the same figures as a table that opens in place.
 */
export function ChartFigure({
  id,
  title,
  summary,
  table,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <figure
      id={id}
      aria-labelledby={headingId}
      className="min-w-0 scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {table.rows.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-300">No data for this period.</p>
      ) : (
        <>
          <div className="mt-4 grid gap-6">{children}</div>
          <figcaption className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            {summary}
          </figcaption>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Table view
            </summary>
            {/* Focusable, so a keyboard can scroll a wide table on a phone. */}
            <section
              aria-label={table.caption}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
              tabIndex={0}
              className="mt-3 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <table className="w-full min-w-max border-collapse text-left text-sm">
                <caption className="mb-2 text-left text-slate-600 dark:text-slate-400">
                  {table.caption}
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-700">
                    {table.columns.map((column) => (
                      <th key={column} scope="col" className="px-2 py-1.5 font-semibold">
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
                      <th scope="row" className="px-2 py-1.5 font-medium">
                        {cellText(first ?? "")}
                      </th>
                      {rest.map((value, column) => (
                        <td
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns keep their order
                          key={column}
                          className="px-2 py-1.5 tabular-nums"
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
