import { Form } from "react-router";
import { courseCategories } from "~/db/schema/values";
import { buttonClasses } from "~/ui/button";
import { SelectInput } from "~/ui/form/fields";
import { SearchInput } from "~/ui/list/search-input";
import { useFilterSubmit } from "~/ui/list/use-filter-submit";
import type { CourseListQuery } from "./list-url";

/** The portal course list's search, category filter and 'Show Inactive' switch. */
export function AdminCourseToolbar({ query }: { query: CourseListQuery }) {
  const { submitNow } = useFilterSubmit();
  return (
    <Form
      method="get"
      role="search"
      className="mb-5 grid items-center gap-3 md:grid-cols-[1fr_14rem_auto_auto]"
    >
      <SearchInput
        id="course-search"
        label="Search courses"
        name="q"
        defaultValue={query.q}
        placeholder="Search courses..."
      />
      <SelectInput
        id="course-category"
        name="category"
        label="Category"
        layout="filter"
        defaultValue={query.category}
        onChange={(event) => submitNow(event.currentTarget.form)}
        placeholder="All Categories"
        options={courseCategories}
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          aria-checked={query.inactive === "1"}
          name="inactive"
          value="1"
          defaultChecked={query.inactive === "1"}
          onChange={(event) => submitNow(event.currentTarget.form)}
          className="h-5 w-9 accent-brand-700"
        />
        Show Inactive
      </label>
      {query.view !== "cards" ? <input type="hidden" name="view" value={query.view} /> : null}
      <button type="submit" className={buttonClasses("outline")}>
        Search
      </button>
    </Form>
  );
}
