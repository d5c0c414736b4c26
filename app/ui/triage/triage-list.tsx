import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../cn";
import { DateTime } from "../date-time";

/** What a triage list's row shows of one item. */
export type TriageRowContent = {
  /** What stands out: the name alone (a queue's rows), or the whole row (an unread message). */
  bold?: "name" | "row";
  name: string;
  badges: ReactNode;
  at: Date | string;
  about: ReactNode;
  details: ReactNode;
  /** What stands before the link (a checkbox). */
  leading?: ReactNode;
};

/**
 * A triage list (the inbox, the admissions queue): each row shows who, their badges and when on
 * the first line, what it is about, then the details; the open one is highlighted, and the whole
 * text opens it in the detail pane.
 */
export function TriageList<Item extends { id: string }>({
  items,
  openId,
  hrefFor,
  dataAttribute,
  row,
}: {
  items: Item[];
  openId: string | null;
  hrefFor: (id: string) => string;
  /** The `data-…-id` attribute the list's tests and scripts find a row by. */
  dataAttribute: `data-${string}-id`;
  row: (item: Item) => TriageRowContent;
}) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {items.map((item) => (
        <TriageRow
          key={item.id}
          {...row(item)}
          id={item.id}
          dataAttribute={dataAttribute}
          to={hrefFor(item.id)}
          open={item.id === openId}
        />
      ))}
    </ul>
  );
}

function TriageRow({
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
}: TriageRowContent & {
  id: string;
  to: string;
  open: boolean;
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
