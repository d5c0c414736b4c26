import ArrowLeft from "lucide-react/icons/arrow-left";
import { data, Link } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import {
  addSession,
  buildTimetable,
  cancelSession,
  saveTimetableSettings,
  sessionsOfIntake,
  timetableSettingsOf,
  updateSession,
} from "~/features/cohort/sessions.server";
import { TimetablePage } from "~/features/cohort/staff/timetable-page";
import { readClassTimes } from "~/features/cohort/timetable-pattern";
import { timetableActionSchema, timetableMessages } from "~/features/cohort/timetable-schema";
import { findIntakeWithCourse, listTutorChoices } from "~/features/intakes/intakes.server";
import { intakeListHref, timetableHref } from "~/features/intakes/list-url";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { FlashMessage } from "~/ui/form/form-notice";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/intake-timetable";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Timetable: ${loaderData ? `${loaderData.intake.courseTitle} · ${loaderData.intake.label}` : "Intake"} | Admin Portal`,
  },
];

/** An intake's timetable: build it from a pattern, then edit, move or cancel single sessions. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const intake = await findIntakeWithCourse(params.intakeId);
  if (!intake) throw data(null, { status: 404 });
  const [sessions, settings, tutors] = await Promise.all([
    sessionsOfIntake(intake.id),
    timetableSettingsOf(intake.id),
    listTutorChoices(),
  ]);
  const pattern = {
    from: intake.startsOn,
    until: intake.endsOn,
    ...readClassTimes(intake.classTimes),
  };
  return { intake, sessions, settings, tutors, pattern };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const { intakeId } = params;
  const submission = await readSubmission(request, timetableActionSchema);
  return dispatchIntent(
    submission,
    {
      build: async (input) => timetableMessages.built(await buildTimetable(intakeId, input)),
      add: async (input) => {
        await addSession(intakeId, input);
        return timetableMessages.added;
      },
      update: async (input) => {
        const told = await updateSession(actor, intakeId, input.id, input);
        return told ? timetableMessages.movedAndTold(told) : timetableMessages.updated;
      },
      cancel: async (input) =>
        timetableMessages.cancelled(await cancelSession(actor, intakeId, input.id, input.notice)),
      settings: async (input) => {
        await saveTimetableSettings(intakeId, input);
        return timetableMessages.settingsSaved;
      },
    },
    { successHref: timetableHref(intakeId), what: "Timetable" },
  );
}

export default function IntakeTimetable({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { intake } = loaderData;
  useActionReply(actionData);
  return (
    <>
      <Link
        to={intakeListHref(intake.courseId)}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-800 dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Intakes of {intake.courseTitle}
      </Link>
      <PageHeader
        title={`Timetable: ${intake.courseTitle}`}
        description={`${intake.label}. Times are Lagos time.`}
      />
      <div className="mb-6 empty:hidden">
        <FlashMessage flash={matches[0].loaderData.flash} />
      </div>
      <TimetablePage {...loaderData} reply={actionData} />
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
