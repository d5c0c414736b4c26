import { Download } from "lucide-react";
import { Form, href, Link } from "react-router";
import { messageFormTypes, messagePriorities, messageStatuses } from "~/db/schema";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { controlClasses } from "~/ui/form-fields";
import { SearchInput } from "~/ui/search-input";
import { useFilterSubmit } from "~/ui/use-filter-submit";
import { type InboxQuery, inboxHref, inboxSearch, inboxTabs } from "./inbox-query";
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
  options: readonly string[];
  allLabel: string;
  onChange: (form: HTMLFormElement | null) => void;
}) {
  return (
    <div>
      <label htmlFor={`inbox-${name}`} className="sr-only">
        {label}
      </label>
      <select
        id={`inbox-${name}`}
        name={name}
        defaultValue={value}
        onChange={(event) => onChange(event.currentTarget.form)}
        className={controlClasses}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option === "inquiry"
              ? "Inquiries"
              : option === "contact"
                ? "Contact forms"
                : capitalize(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Filters and search as a GET form: they live in the URL and work without JavaScript. */
export function InboxFilters({ query }: { query: InboxQuery }) {
  const { submitNow, submitAfterPause } = useFilterSubmit();
  return (
    <div className="mb-4 flex flex-wrap items-start gap-3">
      <Form
        method="get"
        role="search"
        className="grid flex-1 basis-full gap-3 sm:grid-cols-2 lg:basis-0 lg:grid-cols-5"
      >
        {query.tab !== "all" ? <input type="hidden" name="tab" value={query.tab} /> : null}
        <SearchInput
          id="inbox-q"
          label="Search messages"
          className="sm:col-span-2 lg:col-span-5"
          name="q"
          defaultValue={query.q}
          placeholder="Search name, email, subject or message..."
          onChange={(event) => submitAfterPause(event.currentTarget.form, 300)}
        />
        <FilterSelect
          name="formType"
          label="Filter by form type"
          value={query.formType}
          options={messageFormTypes}
          allLabel="All types"
          onChange={submitNow}
        />
        <FilterSelect
          name="status"
          label="Filter by status"
          value={query.status}
          options={messageStatuses}
          allLabel="All statuses"
          onChange={submitNow}
        />
        <FilterSelect
          name="priority"
          label="Filter by priority"
          value={query.priority}
          options={messagePriorities}
          allLabel="All priorities"
          onChange={submitNow}
        />
        <div>
          <label htmlFor="inbox-sort" className="sr-only">
            Sort
          </label>
          <select
            id="inbox-sort"
            name="sort"
            defaultValue={query.sort}
            onChange={(event) => submitNow(event.currentTarget.form)}
            className={controlClasses}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </div>
        <button type="submit" className={buttonClasses("outline")}>
          Apply
        </button>
      </Form>
      <a
        href={`${href("/admin-portal/messages/export")}${inboxSearch({ ...query, page: 1 })}`}
        className={buttonClasses("outline")}
        download
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        Export CSV
      </a>
    </div>
  );
}
