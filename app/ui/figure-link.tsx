import type { ReactNode } from "react";
import { Link } from "react-router";

/** One figure of a row of figures, as a list item that links to the list behind it. */
export function FigureLink({
  to,
  label,
  value,
  hint,
  icon,
}: {
  to: string;
  label: string;
  value: string;
  hint: string;
  icon: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 sm:p-5 focus-visible:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-400"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</span>
          {icon}
        </span>
        <span className="mt-2 block text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">
          {value}
        </span>
        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{hint}</span>
      </Link>
    </li>
  );
}
