import Plus from "lucide-react/icons/plus";
import { courseCategories } from "~/db/schema/values";
import { requireAdmin } from "~/features/auth/session.server";
import { AdminCourseToolbar } from "~/features/courses/admin/admin-course-toolbar";
import { CourseCardsView, CourseListView } from "~/features/courses/admin/admin-course-views";
import { coursePageAction } from "~/features/courses/admin/course-actions.server";
import {
  courseStats,
  findCourseById,
  listCourseChanges,
  listCoursesForAdmin,
} from "~/features/courses/admin/course-admin.server";
import { CourseFormModal } from "~/features/courses/admin/course-form-modal";
import { DeleteCourseModal } from "~/features/courses/admin/delete-course-modal";
import { courseListHref, parseCourseListQuery } from "~/features/courses/admin/list-url";
import { PageHeader, StatCards } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { courseFormClientAction } from "~/features/uploads/use-upload-progress";
import { readModalTarget } from "~/lib/router/modal-target";
import { useActionReply } from "~/ui/form/use-action-reply";
import { useListModal } from "~/ui/list/use-list-modal";
import { GridListToggle } from "~/ui/list/view-toggle";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => [{ title: "Courses | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseCourseListQuery(params);
  const { modal, target } = await readModalTarget(params, findCourseById);
  const [courses, stats, changes] = await Promise.all([
    listCoursesForAdmin({
      q: query.q,
      category: query.category,
      showInactive: query.inactive === "1",
    }),
    courseStats(),
    modal === "edit" ? listCourseChanges(target.id) : Promise.resolve([]),
  ]);
  return { query, courses, stats, modal, target, changes };
}

export const action = async ({ request }: Route.ActionArgs) =>
  coursePageAction(await requireAdmin(request), request);

/** With JavaScript, a save with files shows its upload's progress and can be cancelled. */
export const clientAction = (args: Route.ClientActionArgs) => courseFormClientAction(args);

export default function CoursesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { query, courses, stats, modal, target, changes } = loaderData;
  // The course form toasts its own errors; toggles and deletes are toasted here.
  const formOpen = modal === "create" || modal === "edit";
  useActionReply(actionData, { heldByOpenForm: formOpen });
  const listHref = courseListHref(query);
  const listModal = useListModal(listHref);

  return (
    <>
      <PageHeader
        title="Courses"
        description="Create, edit and publish the courses on the public website."
        add={{ to: courseListHref(query, { modal: "create" }), icon: Plus, label: "Add Course" }}
      />
      <StatCards
        label="Course statistics"
        className="mb-6 grid gap-4 sm:grid-cols-3 lg:grid-cols-7"
        figures={[
          { label: "Total", value: stats.total },
          { label: "Active", value: stats.active },
          { label: "Inactive", value: stats.inactive },
          ...courseCategories.map((category) => ({
            label: category,
            value: stats.byCategory[category] ?? 0,
            hint: "active",
          })),
        ]}
      />
      <AdminCourseToolbar key={`${query.q}|${query.category}|${query.inactive}`} query={query} />
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {courses.length} {courses.length === 1 ? "course" : "courses"}
        </p>
        <GridListToggle
          current={query.view}
          grid={{ value: "cards", label: "Card view" }}
          hrefFor={(view) => courseListHref({ ...query, view })}
        />
      </div>
      {courses.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No courses found
        </p>
      ) : query.view === "list" ? (
        <CourseListView courses={courses} query={query} />
      ) : (
        <CourseCardsView courses={courses} query={query} />
      )}
      {modal === "create" || (modal === "edit" && target) ? (
        <CourseFormModal
          key={target?.id ?? "new"}
          course={modal === "edit" ? target : null}
          changes={changes}
          actionReply={actionData}
          {...listModal}
        />
      ) : null}
      {modal === "delete" && target ? <DeleteCourseModal course={target} {...listModal} /> : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
