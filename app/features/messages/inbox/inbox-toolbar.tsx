import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import { Form, href, Link } from "react-router";
import { messageFormTypes, messagePriorities, messageStatuses } from "~/db/schema/values";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { SelectInput } from "~/ui/form/fields";
import { useSyncedFields } from "~/ui/form/use-synced-fields";
import { CsvExportLink } from "~/ui/list/csv-export-link";
import { SearchInput } from "~/ui/list/search-input";
import { useFilterSubmit } from "~/ui/list/use-filter-submit";
import { usePendingSearch } from "~/ui/list/use-pending-search";
import {
  defaultInboxQuery,
  type InboxQuery,
  inboxHref,
  inboxSearch,
  inboxSorts,
  inboxTabs,
  narrowsInbox,
  parseInboxQuery,
  replyClockFilters,
} from "../list-url";
import { capitalize } from "./message-badges";

export function InboxTabs({ query }: { query: InboxQuery }) {
  return (
    <nav
      aria-label="Message tabs"
      className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {inboxTabs.map((tab) => {
        const current = query.tab === tab.id;
        return (
          <Link
            key={tab.id}
            to={inboxHref({ ...query, tab: tab.id, page: 1 })}
            aria-current={current ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
              current
                ? "border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200"
                : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * On phones the filters fold behind a 'Filters' toggle (a checkbox and its label, the `peer`
 * before them: no JavaScript needed), so the list starts on the first screen.
 */
const foldedOnPhones = "max-md:hidden max-md:peer-checked:block";

/** Each filter as wide as its longest choice, the row wrapping where they do not all fit. */
const filterItem = cn(foldedOnPhones, "flex-none");

/** One of the inbox's filters (the sort has no 'all' choice); it applies on change. */
function FilterSelect({
  name,
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { id: string; label: string }[];
  allLabel?: string;
  onChange: (form: HTMLFormElement | null) => void;
}) {
  return (
    <SelectInput
      id={`inbox-${name}`}
      name={name}
      label={label}
      layout="filter"
      className={filterItem}
      defaultValue={value}
      onChange={(event) => onChange(event.currentTarget.form)}
      placeholder={allLabel}
      options={options.map((option) => ({ value: option.id, label: option.label }))}
    />
  );
}

const labelled = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ id: value, label: labels[value] ?? capitalize(value) }));

const formTypeOptions = labelled(messageFormTypes, {
  inquiry: "Inquiries",
  contact: "Contact forms",
  email: "E-mails",
});
const statusOptions = labelled(messageStatuses);
const priorityOptions = labelled(messagePriorities);

/** The filters before the sort, each with its 'all' choice first. */
const filters = [
  {
    name: "formType",
    label: "Filter by form type",
    options: formTypeOptions,
    allLabel: "All types",
  },
  { name: "status", label: "Filter by status", options: statusOptions, allLabel: "All statuses" },
  {
    name: "priority",
    label: "Filter by priority",
    options: priorityOptions,
    allLabel: "All priorities",
  },
  {
    name: "clock",
    label: "Filter by reply clock",
    options: replyClockFilters,
    allLabel: "Any reply clock",
  },
] as const;

/** Shows the folded filters on a phone; open from the start while one is set. */
function FiltersToggle({ open }: { open: boolean }) {
  return (
    <>
      <input
        type="checkbox"
        id="inbox-show-filters"
        defaultChecked={open}
        className="peer sr-only md:hidden"
      />
      <label
        htmlFor="inbox-show-filters"
        className={cn(
          buttonClasses("outline"),
          "cursor-pointer peer-checked:bg-slate-100 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 md:hidden dark:peer-checked:bg-slate-700",
        )}
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        Filters
      </label>
    </>
  );
}

/** Filters and search as a GET form: they live in the URL and work without JavaScript. */
export function InboxFilters({ query }: { query: InboxQuery }) {
  const { submitNow, submitAfterPause } = useFilterSubmit();
  // A search typed while another tab loads is searched in that tab.
  const pendingSearch = usePendingSearch();
  const tab = pendingSearch ? parseInboxQuery(pendingSearch).tab : query.tab;
  const filtered = filters.some((filter) => query[filter.name]) || query.sort !== "newest";
  const formRef = useSyncedFields({
    q: query.q,
    sort: query.sort,
    ...Object.fromEntries(filters.map((filter) => [filter.name, query[filter.name]])),
  });
  return (
    <div className="mb-4 flex flex-wrap items-start gap-3">
      <Form
        ref={formRef}
        method="get"
        role="search"
        className="flex flex-1 basis-full flex-wrap gap-3 lg:basis-0"
      >
        {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
        <SearchInput
          id="inbox-q"
          label="Search messages"
          className="basis-full"
          name="q"
          defaultValue={query.q}
          placeholder="Search name, email, subject or message..."
          onChange={(event) => submitAfterPause(event.currentTarget.form, 300)}
        />
        <FiltersToggle open={filtered} />
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            {...filter}
            value={query[filter.name]}
            onChange={submitNow}
          />
        ))}
        <FilterSelect
          name="sort"
          label="Sort"
          value={query.sort}
          options={inboxSorts}
          onChange={submitNow}
        />
        <button type="submit" className={cn(buttonClasses("outline"), foldedOnPhones)}>
          Apply
        </button>
      </Form>
      {narrowsInbox(query) ? (
        <Link to={inboxHref(defaultInboxQuery)} className={buttonClasses("outline")}>
          Clear filters
        </Link>
      ) : null}
      <CsvExportLink
        href={`${href("/admin-portal/messages/export")}${inboxSearch({ ...query, page: 1 })}`}
      />
    </div>
  );
}
