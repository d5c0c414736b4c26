import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "../button";
import { useSyncedFields } from "../form/use-synced-fields";
import { type FilterSelect, FilterSelects } from "./filter-selects";
import { SearchInput } from "./search-input";
import { useFilterSubmit } from "./use-filter-submit";

/**
 * A list's toolbar: a GET form with a search box (searching as one types) and the filter
 * selects, which live in the URL and work without JavaScript ('Apply'); then 'Clear filters'
 * when `clearHref` is given, and the list's own actions (`children`). `idPrefix` makes the
 * fields' ids ('payments' gives 'payments-q'); `keep` are hidden fields sent along (the tab).
 */
export function FilterToolbar({
  idPrefix,
  search,
  selects,
  keep = {},
  clearHref,
  children,
}: {
  idPrefix: string;
  search: { label: string; placeholder: string; q: string; className?: string };
  selects: readonly FilterSelect[];
  keep?: Record<string, string>;
  clearHref?: string;
  children?: ReactNode;
}) {
  const { submitAfterPause } = useFilterSubmit();
  const formRef = useSyncedFields({
    q: search.q,
    ...Object.fromEntries(selects.map((select) => [select.name, select.value])),
  });
  return (
    <div className="mb-4 flex flex-wrap items-start gap-3">
      <Form ref={formRef} method="get" role="search" className="flex flex-1 flex-wrap gap-3">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SearchInput
          id={`${idPrefix}-q`}
          label={search.label}
          className={search.className ?? "min-w-56 flex-1"}
          name="q"
          defaultValue={search.q}
          placeholder={search.placeholder}
          onChange={(event) => submitAfterPause(event.currentTarget.form, 300)}
        />
        <FilterSelects idPrefix={idPrefix} selects={selects} />
        <button type="submit" className={buttonClasses("outline")}>
          Apply
        </button>
      </Form>
      {clearHref ? (
        <Link to={clearHref} className={buttonClasses("outline")}>
          Clear filters
        </Link>
      ) : null}
      {children}
    </div>
  );
}
