import ArrowLeft from "lucide-react/icons/arrow-left";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import { data, href, Link } from "react-router";
import { tellApplicantsOfCancellation } from "~/features/applications/intake-cancellation.server";
import { offerFreePlaces } from "~/features/applications/offers.server";
import { requireAdmin } from "~/features/auth/session.server";
import { CancelIntakeModal, IntakeFormModal } from "~/features/intakes/intake-form-modal";
import { intakeActionSchema, intakeMessages } from "~/features/intakes/intake-form-schema";
import { IntakeHistory, IntakeList } from "~/features/intakes/intake-list";
import {
  cancelIntake,
  createIntake,
  duplicateIntake,
  findIntakeById,
  findIntakeCourse,
  listCourseIntakes,
  listIntakeChanges,
  listTutorChoices,
  updateIntake,
} from "~/features/intakes/intakes.server";
import { intakeListHref } from "~/features/intakes/list-url";
import { CancelledIntakePayersSection } from "~/features/payments/staff/cancelled-intake-payers";
import {
  listCancelledIntakePayers,
  transferMessages,
  transferPlace,
} from "~/features/payments/staff/transfers.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { readModalTarget } from "~/lib/router/modal-target";
import { useActionReply } from "~/ui/form/use-action-reply";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/course-intakes";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Intakes: ${loaderData?.course.title ?? "Course"} | Admin Portal` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const course = await findIntakeCourse(params.courseId);
  if (!course) throw data(null, { status: 404 });
  const search = new URL(request.url).searchParams;
  const [intakes, changes, cancelledPayers, { modal, target }] = await Promise.all([
    listCourseIntakes(course.id),
    listIntakeChanges(course.id),
    listCancelledIntakePayers(course.id),
    readModalTarget(
      search,
      findIntakeById,
      (intake) => intake.courseId === course.id && intake.status !== "cancelled",
    ),
  ]);
  const tutorChoices = modal ? await listTutorChoices(target?.tutorIds) : [];
  return { course, intakes, changes, cancelledPayers, modal, target, tutorChoices };
}

/** The Intakes page's action: the intakes' own changes, and moving a cancelled intake's paid place. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const courseId = params.courseId;
  const submission = await readSubmission(request, intakeActionSchema);
  return dispatchIntent(
    submission,
    {
      create: async (input) => {
        await createIntake(actor, courseId, input);
        return intakeMessages.created;
      },
      update: async (input) => {
        await updateIntake(actor, courseId, input.id, input);
        await offerFreePlaces(input.id);
        return intakeMessages.updated;
      },
      duplicate: async (input) => {
        await duplicateIntake(actor, courseId, input.id);
        return intakeMessages.duplicated;
      },
      cancel: async (input) => {
        await cancelIntake(actor, courseId, input.id, input.reason, (tx, intake) =>
          tellApplicantsOfCancellation(tx, intake, input.reason, actor),
        );
        return intakeMessages.cancelled;
      },
      transfer: async (input) => {
        await transferPlace(actor, input.id, input.target);
        return transferMessages.moved;
      },
    },
    { successHref: intakeListHref(courseId), what: "Intakes" },
  );
}

export default function CourseIntakesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, intakes, changes, cancelledPayers, modal, target, tutorChoices } = loaderData;
  const listHref = intakeListHref(course.id);
  const listModal = useListModal(listHref);
  // The modals show their own replies; a duplicate's (posted from the list) is toasted here.
  useActionReply(actionData, { heldByOpenForm: modal !== null });

  return (
    <>
      <Link
        to={href("/admin-portal/courses")}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-800 dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        All courses
      </Link>
      <PageHeader
        title={`Intakes: ${course.title}`}
        description="Dated cohorts of this course: seats, enrolment window and price."
        add={{
          to: intakeListHref(course.id, { modal: "create" }),
          icon: CalendarPlus,
          label: "Add intake",
        }}
      />
      <IntakeList intakes={intakes} />
      <CancelledIntakePayersSection {...cancelledPayers} />
      <IntakeHistory changes={changes} />
      {modal === "create" || (modal === "edit" && target) ? (
        <IntakeFormModal
          intake={target}
          tutorChoices={tutorChoices}
          coursePrice={course.price}
          actionReply={actionData}
          {...listModal}
        />
      ) : null}
      {modal === "cancel" && target ? (
        <CancelIntakeModal intake={target} actionReply={actionData} {...listModal} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
