import CalendarDays from "lucide-react/icons/calendar-days";
import { href, Link } from "react-router";
import type { Course } from "~/db/schema";
import { formatNaira } from "~/lib/format/money";
import { cn } from "~/ui/cn";
import { ColumnHeads, DataTable } from "~/ui/list/data-table";
import {
  ActiveBadge,
  ActiveToggleButton,
  RowModalLink,
  rowActionClasses,
} from "~/ui/list/row-actions";
import { courseIcon } from "../course-icons";
import { CourseImage } from "../course-image";
import { type CourseListQuery, courseListHref } from "./list-url";

/** The link to a course's intakes page. */
function IntakesLink({ course }: { course: Course }) {
  return (
    <Link
      to={href("/admin-portal/courses/:courseId/intakes", { courseId: course.id })}
      className={cn(rowActionClasses, "text-brand-800 hover:bg-brand-50 dark:text-brand-300")}
    >
      <CalendarDays aria-hidden="true" className="h-4 w-4" />
      Intakes
      <span className="sr-only"> of {course.title}</span>
    </Link>
  );
}

/** Edit, Intakes, Hide/Show (or Deactivate/Activate) and Delete for one course. */
function CourseActions({
  course,
  query,
  toggleLabels,
}: {
  course: Course;
  query: CourseListQuery;
  toggleLabels: [string, string];
}) {
  const hrefFor = (modal: "edit" | "delete") => courseListHref(query, { modal, id: course.id });
  return (
    <>
      <RowModalLink to={hrefFor("edit")} action="edit" name={course.title} />
      <IntakesLink course={course} />
      <ActiveToggleButton
        id={course.id}
        active={course.isActive}
        name={course.title}
        labels={toggleLabels}
      />
      <RowModalLink to={hrefFor("delete")} action="delete" name={course.title} />
    </>
  );
}

const StatusBadge = ({ active }: { active: boolean }) => (
  <ActiveBadge active={active} className="py-0.5" />
);

export function CourseCardsView({ courses, query }: { courses: Course[]; query: CourseListQuery }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {courses.map((course) => {
        const Icon = courseIcon(course.icon);
        return (
          <li
            key={course.id}
            data-course-slug={course.slug}
            className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <CourseImage
              src={course.image}
              variants={course.imageVariants}
              alt=""
              sizes="(min-width: 1280px) 30vw, (min-width: 640px) 45vw, 100vw"
            />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <div className="flex items-center gap-2 text-xs">
                <Icon aria-hidden="true" className="h-4 w-4 text-brand-700 dark:text-brand-300" />
                <span className="font-semibold">{course.category}</span>
                <span className="text-slate-600 dark:text-slate-400">· {course.level}</span>
                <span className="ml-auto">
                  <StatusBadge active={course.isActive} />
                </span>
              </div>
              <h2 className="font-bold text-slate-900 dark:text-white">{course.title}</h2>
              <p className="text-sm font-semibold">{formatNaira(course.price)}</p>
              <div className="mt-auto flex flex-wrap gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
                <CourseActions course={course} query={query} toggleLabels={["Hide", "Show"]} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function CourseListView({ courses, query }: { courses: Course[]; query: CourseListQuery }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <DataTable
        caption="Courses"
        className="text-sm"
        headClassName="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
        head={
          <>
            <ColumnHeads
              labels={["Course", "Category", "Level", "Price", "Status"]}
              className="px-4 py-3"
            />
            <th scope="col" className="px-4 py-3 text-right">
              Actions
            </th>
          </>
        }
      >
        {courses.map((course) => (
          <tr key={course.id} data-course-slug={course.slug}>
            <td className="px-4 py-3 font-medium">{course.title}</td>
            <td className="px-4 py-3">{course.category}</td>
            <td className="px-4 py-3">{course.level}</td>
            <td className="px-4 py-3 whitespace-nowrap">{formatNaira(course.price)}</td>
            <td className="px-4 py-3">
              <StatusBadge active={course.isActive} />
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                <CourseActions
                  course={course}
                  query={query}
                  toggleLabels={["Deactivate", "Activate"]}
                />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
