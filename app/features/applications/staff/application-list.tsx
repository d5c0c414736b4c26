import { TriageList } from "~/ui/triage/triage-list";
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
    <TriageList
      items={items}
      openId={openId}
      hrefFor={(id) => admissionsHref(query, id)}
      dataAttribute="data-application-id"
      row={(item) => ({
        bold: "name",
        name: item.fullName,
        badges: (
          <>
            <ApplicationStatusBadge status={item.status} />
            {item.waitlistPlace ? (
              <span className="text-xs font-semibold text-amber-900 dark:text-amber-200">
                No. {item.waitlistPlace} in line
              </span>
            ) : null}
            <ApplicationClockBadge application={item} now={now} short />
          </>
        ),
        at: item.createdAt,
        about: `${item.courseTitle} · ${item.intakeLabel}`,
        details: (
          <>
            <span className="font-mono">{formatApplicationReference(item.reference)}</span> ·{" "}
            {item.email}
            {item.assignedName ? ` · Assigned to ${item.assignedName}` : ""}
          </>
        ),
      })}
    />
  );
}
