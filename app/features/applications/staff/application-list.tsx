import { Link } from "react-router";
import { cn } from "~/ui/cn";
import { DateTime } from "~/ui/date-time";
import { formatApplicationReference } from "../application-rules";
import { type AdmissionsQuery, admissionsHref } from "../list-url";
import { ApplicationClockBadge, ApplicationStatusBadge } from "./application-badges";
import type { ApplicationListItem } from "./application-list.server";

/** The applications of one page; each opens in the detail pane (?id=). */
export function ApplicationList({
  items,
  query,
  openId,
  now,
}: {
  items: ApplicationListItem[];
  query: AdmissionsQuery;
  openId: string | null;
  now: string;
}) {
  if (items.length === 0)
    return (
      <p className="p-10 text-center text-slate-600 dark:text-slate-300">No applications found</p>
    );
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {items.map((item) => (
        <li
          key={item.id}
          data-application-id={item.id}
          className={cn("p-3", item.id === openId && "bg-brand-50 dark:bg-brand-900/30")}
        >
          <Link to={admissionsHref(query, item.id)} preventScrollReset className="block min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="truncate font-semibold text-slate-900 dark:text-white">
                {item.fullName}
              </span>
              <ApplicationStatusBadge status={item.status} />
              {item.waitlistPlace ? (
                <span className="text-xs font-semibold text-amber-900 dark:text-amber-200">
                  No. {item.waitlistPlace} in line
                </span>
              ) : null}
              <ApplicationClockBadge application={item} now={now} short />
              <DateTime
                at={item.createdAt}
                className="ml-auto text-xs text-slate-600 dark:text-slate-400"
              />
            </div>
            <p className="mt-0.5 truncate text-sm text-slate-800 dark:text-slate-200">
              {item.courseTitle} · {item.intakeLabel}
            </p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">
              <span className="font-mono">{formatApplicationReference(item.reference)}</span> ·{" "}
              {item.email}
              {item.assignedName ? ` · Assigned to ${item.assignedName}` : ""}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
