import { parseWithZod } from "@conform-to/zod/v4";
import { LayoutGrid, List, Plus } from "lucide-react";
import { data, Form, Link, useNavigate } from "react-router";
import type { Admin } from "~/db/schema";
import { courseCategories } from "~/db/schema";
import { requireAdmin } from "~/features/auth/session.server";
import { adminCoursesHref, parseAdminCourseQuery } from "~/features/courses/admin-course-query";
import { CourseCardsView, CourseListView } from "~/features/courses/admin-course-views";
import {
  canManageCourses,
  courseStats,
  createCourse,
  deleteCourse,
  findCourseById,
  listCourseChanges,
  listCoursesForAdmin,
  toggleCourseActive,
  updateCourse,
} from "~/features/courses/course-admin.server";
import { CourseFormModal } from "~/features/courses/course-form-modal";
import { courseFormSchema, courseMessages } from "~/features/courses/course-form-schema";
import {
  type CourseFormUpload,
  RequestTooLargeError,
  readCourseForm,
  uploadFields,
} from "~/features/courses/course-upload.server";
import { DeleteCourseModal } from "~/features/courses/delete-course-modal";
import { courseFormClientAction } from "~/features/courses/use-upload-progress";
import { PageHeader, StatCard } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { errorMessage, UserFacingError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { buttonClasses } from "~/ui/button";
import { controlClasses } from "~/ui/form-fields";
import { SearchInput } from "~/ui/search-input";
import { useFilterSubmit } from "~/ui/use-filter-submit";
import { useToastOnError } from "~/ui/use-toast-on-error";
import { ViewToggle } from "~/ui/view-toggle";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => [{ title: "Courses | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  if (!canManageCourses(actor)) return { allowed: false as const };
  const params = new URL(request.url).searchParams;
  const query = parseAdminCourseQuery(params);
  const modal = params.get("modal");
  const id = params.get("id");
  const target =
    (modal === "edit" || modal === "delete") && isUuid(id) ? await findCourseById(id) : null;
  const [courses, stats, changes] = await Promise.all([
    listCoursesForAdmin({
      q: query.q,
      category: query.category,
      showInactive: query.inactive === "1",
    }),
    courseStats(),
    modal === "edit" && target ? listCourseChanges(target.id) : Promise.resolve([]),
  ]);
  return {
    allowed: true as const,
    query,
    courses,
    stats,
    modal: modal === "create" ? ("create" as const) : target ? (modal as "edit" | "delete") : null,
    target,
    changes,
  };
}

/** Back to the list as it was (search, filters, view), with the success toast. */
const succeed = (request: Request, message: string) =>
  redirectWithFlash(
    adminCoursesHref(parseAdminCourseQuery(new URL(request.url).searchParams)),
    message,
  );

const failed = (message: string, status: number) =>
  data({ result: { status: "error" as const, error: { "": [message] } } }, { status });

/** Saves the course form (create or update), with the uploads of the same request. */
async function saveCourse(
  request: Request,
  actor: Admin,
  upload: CourseFormUpload,
  intent: "create" | "update",
) {
  const submission = parseWithZod(upload.formData, { schema: courseFormSchema });
  // Add/remove row buttons without JavaScript: answer with the changed lists, save nothing.
  if (submission.status !== "success" && submission.status !== "error")
    return data({ result: submission.reply() });
  const fileErrors: Record<string, string[]> = {};
  if (upload.problems.image) fileErrors[uploadFields.image] = [upload.problems.image];
  if (upload.problems.brochure) fileErrors[uploadFields.brochure] = [upload.problems.brochure];
  if (submission.status !== "success" || Object.keys(fileErrors).length) {
    const formErrors = [
      ...(upload.problems.image ? [courseMessages.imageFailed(upload.problems.image)] : []),
      ...(upload.problems.brochure
        ? [courseMessages.brochureFailed(upload.problems.brochure)]
        : []),
    ];
    return data(
      { result: submission.reply({ fieldErrors: fileErrors, formErrors }) },
      { status: 400 },
    );
  }
  const failure = intent === "create" ? courseMessages.createFailed : courseMessages.updateFailed;
  try {
    if (intent === "create") await createCourse(actor, submission.value, upload.files);
    else
      await updateCourse(
        actor,
        String(upload.formData.get("id") ?? ""),
        submission.value,
        upload.files,
      );
    return succeed(request, intent === "create" ? courseMessages.created : courseMessages.updated);
  } catch (error) {
    if (!(error instanceof UserFacingError)) logger.error({ err: error }, "Saving a course failed");
    const message = errorMessage(error);
    const field = error instanceof UserFacingError ? error.field : undefined;
    const formError =
      field === uploadFields.image
        ? courseMessages.imageFailed(message)
        : field === uploadFields.brochure
          ? courseMessages.brochureFailed(message)
          : failure(message);
    return data(
      {
        result: submission.reply(
          field
            ? { fieldErrors: { [field]: [message] }, formErrors: [formError] }
            : { formErrors: [formError] },
        ),
      },
      { status: error instanceof UserFacingError ? error.status : 500 },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  if (!canManageCourses(actor)) return failed(courseMessages.notAllowed, 403);
  let upload: CourseFormUpload;
  try {
    upload = await readCourseForm(request);
  } catch (error) {
    if (error instanceof RequestTooLargeError) return failed(error.message, 413);
    throw error;
  }
  const intent = upload.formData.get("intent");
  const id = String(upload.formData.get("id") ?? "");
  if (intent === "create" || intent === "update") return saveCourse(request, actor, upload, intent);
  try {
    if (intent === "toggle") {
      const course = await toggleCourseActive(
        actor,
        id,
        upload.formData.get("isActive") === "true",
      );
      return succeed(
        request,
        course.isActive ? courseMessages.activated : courseMessages.deactivated,
      );
    }
    if (intent === "delete") {
      await deleteCourse(actor, id);
      return succeed(request, courseMessages.deleted);
    }
  } catch (error) {
    if (!(error instanceof UserFacingError))
      logger.error({ err: error }, "Changing a course failed");
    const message = errorMessage(error);
    const text =
      intent === "delete"
        ? courseMessages.deleteFailed(message)
        : courseMessages.updateFailed(message);
    return failed(text, error instanceof UserFacingError ? error.status : 500);
  }
  return failed("Unknown action", 400);
}

/** With JavaScript, a save with files shows its upload's progress and can be cancelled. */
export const clientAction = (args: Route.ClientActionArgs) => courseFormClientAction(args);

function Toolbar({ query }: { query: ReturnType<typeof parseAdminCourseQuery> }) {
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
      <div>
        <label htmlFor="course-category" className="sr-only">
          Category
        </label>
        <select
          id="course-category"
          name="category"
          defaultValue={query.category}
          onChange={(event) => submitNow(event.currentTarget.form)}
          className={controlClasses}
        >
          <option value="">All Categories</option>
          {courseCategories.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </div>
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

export default function CoursesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // The course form toasts its own errors; toggles and deletes are toasted here.
  const formOpen =
    loaderData.allowed && (loaderData.modal === "create" || loaderData.modal === "edit");
  useToastOnError(
    !formOpen && actionData && "result" in actionData
      ? (actionData.result.error?.[""] ?? undefined)
      : undefined,
  );
  if (!loaderData.allowed) {
    return <PageHeader title="Courses" description={courseMessages.notAllowed} />;
  }
  const { query, courses, stats, modal, target, changes } = loaderData;
  const listHref = adminCoursesHref(query);
  const close = () => navigate(listHref, { replace: true, preventScrollReset: true });
  const result = actionData && "result" in actionData ? actionData.result : undefined;

  return (
    <>
      <PageHeader
        title="Courses"
        description="Create, edit and publish the courses on the public website."
        actions={
          <Link
            to={adminCoursesHref(query, { modal: "create" })}
            preventScrollReset
            className={buttonClasses("primary")}
          >
            <Plus aria-hidden="true" className="h-5 w-5" />
            Add Course
          </Link>
        }
      />
      <section
        aria-label="Course statistics"
        className="mb-6 grid gap-4 sm:grid-cols-3 lg:grid-cols-7"
      >
        <StatCard label="Total" value={stats.total} />
        <StatCard label="Active" value={stats.active} />
        <StatCard label="Inactive" value={stats.inactive} />
        {courseCategories.map((category) => (
          <StatCard
            key={category}
            label={category}
            value={stats.byCategory[category] ?? 0}
            hint="active"
          />
        ))}
      </section>
      <Toolbar key={`${query.q}|${query.category}|${query.inactive}`} query={query} />
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {courses.length} {courses.length === 1 ? "course" : "courses"}
        </p>
        <ViewToggle
          current={query.view}
          options={[
            {
              value: "cards",
              label: "Card view",
              icon: LayoutGrid,
              href: adminCoursesHref({ ...query, view: "cards" }),
            },
            {
              value: "list",
              label: "List view",
              icon: List,
              href: adminCoursesHref({ ...query, view: "list" }),
            },
          ]}
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
          lastResult={result}
          closeHref={listHref}
          onClose={close}
        />
      ) : null}
      {modal === "delete" && target ? (
        <DeleteCourseModal course={target} closeHref={listHref} onClose={close} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
