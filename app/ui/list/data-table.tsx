import type { ReactNode } from "react";
import { cn } from "../cn";

/**
 * The portal's data table: a caption for screen readers, a grey heading row (`head`: its cells)
 * and the rows (`children`), divided by lines. `className` adds to the table's classes,
 * `headClassName` to the heading row's.
 */
export function DataTable({
  caption,
  head,
  className,
  headClassName,
  children,
}: {
  caption: ReactNode;
  head: ReactNode;
  className?: string;
  headClassName?: string;
  children: ReactNode;
}) {
  return (
    <table className={cn("min-w-full divide-y divide-slate-200 dark:divide-slate-800", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={cn("bg-slate-50 dark:bg-slate-800/50", headClassName)}>
        <tr>{head}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
    </table>
  );
}

/** A table's column headings, each a `<th scope="col">` with `className`. */
export function ColumnHeads({
  labels,
  className,
}: {
  labels: readonly string[];
  className?: string;
}) {
  return labels.map((label) => (
    <th key={label} scope="col" className={className}>
      {label}
    </th>
  ));
}
