import { Link } from "react-router";
import { applicationStatuses } from "~/db/schema/values";
import { cn } from "~/ui/cn";
import { FilterToolbar } from "~/ui/list/filter-toolbar";
import { applicationStatusLabels } from "../application-rules";
import {
  type AdmissionsQuery,
  admissionsHref,
  applicationSorts,
  defaultAdmissionsQuery,
  studentsTabs,
} from "../list-url";
import { type IntakeChoice, intakeSelect, statusSelect } from "./intake-filters";

const tabClasses = (current: boolean) =>
  cn(
    "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
    current
      ? "border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200"
      : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
  );

/** Applications | Students, as links. */
export function StudentsTabs({ tab }: { tab: AdmissionsQuery["tab"] }) {
  return (
    <nav
      aria-label="Students tabs"
      className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {studentsTabs.map((item) => (
        <Link
          key={item.id}
          to={admissionsHref({ tab: item.id })}
          aria-current={tab === item.id ? "page" : undefined}
          className={tabClasses(tab === item.id)}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

const statusOptions = applicationStatuses.map((status) => ({
  value: status,
  label: applicationStatusLabels[status],
}));
const sortOptions = applicationSorts.map((sort) => ({ value: sort.id, label: sort.label }));

/** The intake, status, sort and search as a GET form: they live in the URL. */
export function ApplicationFilters({
  query,
  intakes,
}: {
  query: AdmissionsQuery;
  intakes: IntakeChoice[];
}) {
  const filtered = Boolean(query.q || query.intake || query.status || query.sort !== "newest");
  return (
    <FilterToolbar
      idPrefix="applications"
      search={{
        label: "Search applications",
        placeholder: "Search name, e-mail, phone or reference...",
        q: query.q,
        className: "basis-full",
      }}
      selects={[
        intakeSelect(query.intake, intakes),
        statusSelect(query.status, statusOptions),
        { name: "sort", label: "Sort", value: query.sort, options: sortOptions },
      ]}
      clearHref={filtered ? admissionsHref(defaultAdmissionsQuery) : undefined}
    />
  );
}

/** How many applications of each status the intake filter holds; each a link to that status. */
export function ApplicationStatusCounts({
  query,
  counts,
}: {
  query: AdmissionsQuery;
  counts: Record<string, number>;
}) {
  return (
    <ul aria-label="Applications by status" className="mb-4 flex flex-wrap gap-2 text-sm">
      {statusOptions.map((status) => (
        <li key={status.value}>
          <Link
            to={admissionsHref({ ...query, status: status.value, page: 1 })}
            aria-current={query.status === status.value ? "true" : undefined}
            className={cn(
              "inline-flex gap-1 rounded-full border px-3 py-1",
              query.status === status.value
                ? "border-brand-700 bg-brand-50 font-semibold text-brand-900 dark:bg-brand-900/30 dark:text-brand-100"
                : "border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-200",
            )}
          >
            {status.label}
            <span className="font-semibold">
              {(counts[status.value] ?? 0).toLocaleString("en-NG")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
