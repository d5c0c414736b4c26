import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../cn";
import { DateTime } from "../date-time";

/**
 * One row of a triage list (the inbox, the admissions queue): who, their badges and when on the
 * first line, what it is about, then the details; the open one is highlighted, and the whole
 * text opens it in the detail pane. `leading` is what stands before the link (a checkbox).
 */
export function TriageRow({
  id,
  to,
  open,
  bold,
  name,
  badges,
  at,
  about,
  details,
  leading,
  dataAttribute,
}: {
  id: string;
  to: string;
  open: boolean;
  /** What stands out: the name alone (a queue's rows), or the whole row (an unread message). */
  bold?: "name" | "row";
  name: string;
  badges: ReactNode;
  at: Date | string;
  about: ReactNode;
  details: ReactNode;
  leading?: ReactNode;
  /** The `data-…-id` attribute the list's tests and scripts find a row by. */
  dataAttribute: `data-${string}-id`;
}) {
  return (
    <li
      {...{ [dataAttribute]: id }}
      className={cn(
        "p-3",
        leading ? "flex gap-3" : undefined,
        open && "bg-brand-50 dark:bg-brand-900/30",
        bold === "row" && "font-semibold",
      )}
    >
      {leading}
      <Link to={to} preventScrollReset className={cn("min-w-0", leading ? "flex-1" : "block")}>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              "truncate text-slate-900 dark:text-white",
              bold === "name" && "font-semibold",
            )}
          >
            {name}
          </span>
          {badges}
          <DateTime
            at={at}
            className="ml-auto text-xs font-normal text-slate-600 dark:text-slate-400"
          />
        </div>
        <p className="mt-0.5 truncate text-sm text-slate-800 dark:text-slate-200">{about}</p>
        <p className="truncate text-sm font-normal text-slate-600 dark:text-slate-400">{details}</p>
      </Link>
    </li>
  );
}
