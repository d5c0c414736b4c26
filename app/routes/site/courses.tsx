import { Form, Link } from "react-router";
import {
  catalogueSearch,
  defaultCatalogueQuery,
} from "~/features/courses/catalogue/catalogue-list-url";
import { CourseCard, courseCardItemClasses } from "~/features/courses/catalogue/course-card";
import { useCatalogueQuery } from "~/features/courses/catalogue/use-catalogue-query";
import { distinctValues, filterCourses } from "~/features/courses/course-rules";
import { listActiveCourses } from "~/features/courses/courses.server";
import { nextStartText } from "~/features/intakes/intake-wording";
import { nextStartByCourse } from "~/features/intakes/public-intakes.server";
import { lagosToday } from "~/lib/format/dates";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { skipSearchOnlyChanges } from "~/lib/router/revalidation";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import { buttonClasses } from "~/ui/button";
import { ErrorView } from "~/ui/error-view";
import { SelectInput } from "~/ui/form/fields";
import { SearchInput } from "~/ui/list/search-input";
import { GridListToggle } from "~/ui/list/view-toggle";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "All Courses",
    description:
      "Browse every course at the academy: design, marketing, data science and programming, for beginners to advanced learners, with prices in Naira.",
    url: `${publicUrlFrom(matches)}/courses`,
  });

export async function loader() {
  const [courses, nextStarts] = await readOrUnavailable("Loading the catalogue", () =>
    Promise.all([listActiveCourses(), nextStartByCourse()]),
  );
  return {
    courses: courses.map((course) => {
      const nextStartsOn = nextStarts.get(course.id) ?? null;
      return { ...course, nextStartsOn, nextStart: nextStartText(nextStartsOn) };
    }),
    // The page is rendered for one Lagos date, so the filter counts its 60 days from it.
    today: lagosToday(),
  };
}

// Filtering happens in the browser on the loaded courses: changing the URL's filters needs no
// new request.
export const shouldRevalidate = skipSearchOnlyChanges;

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { query, searchText, update } = useCatalogueQuery();
  const { courses, today } = loaderData;
  const shown = filterCourses(courses, { ...query, q: searchText }, today);
  const categories = distinctValues(courses, "category");
  const levels = distinctValues(courses, "level");
  const clear = catalogueSearch({ ...defaultCatalogueQuery, view: query.view });

  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">All Courses</p>
          <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
            Master New Skills Today
          </h1>
          <p className="mt-3 max-w-2xl text-slate-700">
            Practical courses taught by people who work in the industry. Find the one that fits your
            goals.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Form
          method="get"
          role="search"
          aria-label="Filter courses"
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_12rem_12rem_14rem_auto]"
        >
          <SearchInput
            id="catalogue-search"
            label="Search courses"
            name="q"
            value={searchText}
            onChange={(event) => update({ q: event.currentTarget.value })}
            placeholder="Search courses..."
          />
          {(
            [
              { name: "category", label: "Category", all: "All Categories", options: categories },
              { name: "level", label: "Level", all: "All Levels", options: levels },
              {
                name: "starting",
                label: "Start date",
                all: "Any start date",
                options: [{ value: "60-days", label: "Starting in the next 60 days" }],
              },
            ] as const
          ).map(({ name, label, all, options }) => (
            <SelectInput
              key={name}
              id={`catalogue-${name}`}
              name={name}
              label={label}
              layout="filter"
              value={query[name]}
              onChange={(event) => update({ [name]: event.currentTarget.value })}
              placeholder={all}
              options={options}
            />
          ))}
          {query.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
          {/* Without JavaScript the filters apply with this button; with it they apply as you type. */}
          <noscript>
            <button type="submit" className={buttonClasses("primary")}>
              Apply
            </button>
          </noscript>
        </Form>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-slate-700">
            Showing {shown.length} of {courses.length} courses
          </p>
          <GridListToggle
            current={query.view}
            grid={{ value: "grid", label: "Grid view" }}
            hrefFor={(view) => catalogueSearch({ ...query, view }) || "?"}
          />
        </div>

        {/* No spinner here: the list arrives with the page, and a change of filters loads
            nothing (shouldRevalidate), so a spinner would only blank the list at each key. */}
        {shown.length === 0 ? (
          <div className="py-16 text-center">
            <h2 className="text-xl font-bold text-slate-900">No courses found</h2>
            <p className="mt-2 text-slate-700">
              Try a different search, or clear the filters to see every course.
            </p>
            <Link
              to={clear || "?"}
              replace
              preventScrollReset
              className={buttonClasses("primary", "md", "mt-6")}
            >
              Clear Filters
            </Link>
          </div>
        ) : (
          <ul
            className={
              query.view === "list"
                ? "mt-6 flex flex-col gap-5"
                : "mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            }
          >
            {shown.map((course, index) => (
              <li key={course.id} className={courseCardItemClasses}>
                <CourseCard
                  course={course}
                  layout={query.view}
                  priority={index === 0}
                  headingLevel="h2"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorView
      fullPage
      retry
      title="Failed to load courses"
      message="We couldn't load the courses at this time. Please try again."
    />
  );
}
