import ClipboardCheck from "lucide-react/icons/clipboard-check";
import { Link } from "react-router";
import { type ActionReply, formErrorsOf, refusedHere } from "~/lib/forms/action-reply";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FormError } from "~/ui/form/fields";
import { LabelledSection } from "~/ui/labelled-section";
import { registerHref, registerLinkText } from "../cohort-links";
import { sessionShortWhen, sessionWhere } from "../session-text";
import type { ListedSession, TimetableIntake } from "../sessions.server";
import type { TimetablePattern } from "../timetable-pattern";
import {
  BuildTimetableForm,
  CancelSessionForm,
  ReminderSettingsForm,
  SessionForm,
  type TutorChoice,
} from "./session-forms";
import { CancelledBadge } from "./session-line";

const summaryClasses =
  "cursor-pointer rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 dark:text-brand-300 dark:hover:bg-slate-800";

/** One session's row: when, where, who, its state, its register, and its edit and cancel forms. */
function SessionRow({
  session,
  tutors,
  reply,
}: {
  session: ListedSession;
  tutors: TutorChoice[];
  reply: ActionReply | null | undefined;
}) {
  const cancelled = session.status === "cancelled";
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className={cn(cancelled && "text-slate-600 dark:text-slate-400")}>
          <p className="font-semibold">
            <span className={cn(cancelled && "line-through")}>{session.title}</span>
            {cancelled ? <CancelledBadge /> : null}
          </p>
          <p className="text-sm">{sessionShortWhen(session)}</p>
          <p className="text-sm break-words">
            {sessionWhere(session)}
            {session.tutorName ? ` · ${session.tutorName}` : ""}
          </p>
          {session.notice ? <p className="mt-1 text-sm italic">{session.notice}</p> : null}
        </div>
        {cancelled ? null : (
          <Link
            to={registerHref(session.id)}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
          >
            <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
            {registerLinkText(session)}
            <span className="sr-only">: {session.title}</span>
          </Link>
        )}
      </div>
      {cancelled ? null : (
        <div className="mt-2 grid gap-1">
          <details open={refusedHere(reply, "update", session.id)}>
            <summary className={summaryClasses}>
              Edit or move<span className="sr-only"> {session.title}</span>
            </summary>
            <SessionForm session={session} tutors={tutors} reply={reply} />
          </details>
          <details open={refusedHere(reply, "cancel", session.id)}>
            <summary className={summaryClasses}>
              Cancel<span className="sr-only"> {session.title}</span>
            </summary>
            <CancelSessionForm session={session} reply={reply} />
          </details>
        </div>
      )}
    </li>
  );
}

const sectionHeading = "mb-3 text-lg font-bold text-slate-900 dark:text-white";

/** The timetable page's body: the build form until there are sessions, then the sessions. */
export function TimetablePage({
  intake,
  sessions,
  settings,
  tutors,
  pattern,
  reply,
}: {
  intake: TimetableIntake;
  sessions: ListedSession[];
  settings: { reminderHoursBefore: number | null; firstSessionNote: string | null };
  tutors: TutorChoice[];
  pattern: Partial<TimetablePattern>;
  reply: ActionReply | null | undefined;
}) {
  const held = sessions.filter((session) => session.status === "scheduled").length;
  return (
    <div className="grid gap-8">
      <FormError errors={formErrorsOf(reply)} />
      {sessions.length === 0 ? (
        <LabelledSection
          id="build-heading"
          title="Build the timetable"
          headingClassName={sectionHeading}
        >
          <div className={cn(cardClasses, "p-5")}>
            <p className="mb-4 text-slate-700 dark:text-slate-300">
              Choose the days and hours the class meets: every such day between the two dates
              becomes a session. Public holidays and guest lectures are then edited one by one.
            </p>
            <BuildTimetableForm
              defaults={pattern}
              tutors={tutors}
              reply={reply}
              placeDefault={intake.mode === "online" ? null : intake.location}
            />
          </div>
        </LabelledSection>
      ) : (
        <LabelledSection
          id="sessions-heading"
          title={`Sessions (${held} to hold${sessions.length > held ? `, ${sessions.length - held} cancelled` : ""})`}
          headingClassName={sectionHeading}
        >
          <ol className={cn(cardClasses, "divide-y divide-slate-200 dark:divide-slate-800")}>
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} tutors={tutors} reply={reply} />
            ))}
          </ol>
          <details className={cn(cardClasses, "mt-4 p-4")} open={refusedHere(reply, "add")}>
            <summary className={summaryClasses}>Add a session</summary>
            <SessionForm session={null} tutors={tutors} reply={reply} />
          </details>
        </LabelledSection>
      )}
      <LabelledSection id="reminders-heading" title="Reminders" headingClassName={sectionHeading}>
        <div className={cn(cardClasses, "p-5")}>
          <ReminderSettingsForm settings={settings} reply={reply} />
        </div>
      </LabelledSection>
    </div>
  );
}
