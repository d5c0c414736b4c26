import { Form } from "react-router";
import { SearchInput } from "~/ui/search-input";
import { useFilterSubmit } from "~/ui/use-filter-submit";
import type { AdminListQuery } from "./list-url";

/** The admin list's search box; it searches as one types, keeping the sort. */
export function AdminSearch({ query }: { query: AdminListQuery }) {
  const { submitAfterPause } = useFilterSubmit();
  return (
    <Form method="get" role="search" className="max-w-sm flex-1">
      <SearchInput
        id="admin-search"
        label="Search admins"
        name="q"
        defaultValue={query.q}
        placeholder="Search admins by name or email..."
        onChange={(event) => submitAfterPause(event.currentTarget.form, 250)}
      />
      {query.sort !== "created_at" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
    </Form>
  );
}
