import Plus from "lucide-react/icons/plus";
import { courseCategories } from "~/db/schema";
import { requireAdmin } from "~/features/auth/session.server";
import { AdminCourseToolbar } from "~/features/courses/admin/admin-course-toolbar";
import { CourseCardsView, CourseListView } from "~/features/courses/admin/admin-course-views";
import {
  courseStats,
  createCourse,
  deleteCourse,
  findCourseById,
  listCourseChanges,
  listCoursesForAdmin,
  toggleCourseActive,
  updateCourse,
} from "~/features/courses/admin/course-admin.server";
import {
  courseUploadFailedText,
  readCourseSubmission,
} from "~/features/courses/admin/course-files.server";
import { CourseFormModal } from "~/features/courses/admin/course-form-modal";
import {
  courseActionFailed,
  courseActionSchema,
  courseMessages,
} from "~/features/courses/admin/course-form-schema";
import { DeleteCourseModal } from "~/features/courses/admin/delete-course-modal";
import { courseListHref, parseCourseListQuery } from "~/features/courses/admin/list-url";
import { PageHeader, StatCards } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { courseFormClientAction } from "~/features/uploads/use-upload-progress";
import { failureReply } from "~/lib/forms/action-reply.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
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

/** Back to the list as it was (search, filters, view), with the success toast. */
const succeed = (request: Request, message: string) =>
  redirectWithFlash(
    courseListHref(parseCourseListQuery(new URL(request.url).searchParams)),
    message,
  );

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const {
    reply,
    submission,
    value: input,
    files,
  } = await readCourseSubmission(request, courseActionSchema);
  if (reply) return reply;
  try {
    switch (input.intent) {
      case "create":
        await createCourse(actor, input, files);
        return succeed(request, courseMessages.created);
      case "update":
        await updateCourse(actor, input.id, input, files);
        return succeed(request, courseMessages.updated);
      case "toggle": {
        const course = await toggleCourseActive(actor, input.id, input.isActive);
        return succeed(
          request,
          course.isActive ? courseMessages.activated : courseMessages.deactivated,
        );
      }
      case "delete":
        await deleteCourse(actor, input.id);
        return succeed(request, courseMessages.deleted);
    }
  } catch (error) {
    return failureReply(submission, error, "Changing a course", {
      formMessage: ({ message, field }) =>
        courseUploadFailedText(field, message) ?? courseActionFailed(input.intent, message),
    });
  }
}

/** With JavaScript, a save with files shows its upload's progress and can be cancelled. */
export const clientAction = (args: Route.ClientActionArgs) => courseFormClientAction(args);

export default function CoursesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { query, courses, stats, modal, target, changes } = loaderData;
  // The course form toasts its own errors; toggles and deletes are toasted here.
  const formOpen = modal === "create" || modal === "edit";
  useActionReply(formOpen ? undefined : actionData);
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
