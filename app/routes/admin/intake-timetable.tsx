import { data } from "react-router";
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
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { RecordPageHeading } from "~/features/portal/record-page-heading";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
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
      <RecordPageHeading
        back={{ to: intakeListHref(intake.courseId), label: `Intakes of ${intake.courseTitle}` }}
        title={`Timetable: ${intake.courseTitle}`}
        description={`${intake.label}. Times are Lagos time.`}
        flash={matches[0].loaderData.flash}
      />
      <TimetablePage {...loaderData} reply={actionData} />
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
