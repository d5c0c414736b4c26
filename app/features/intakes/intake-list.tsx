import Award from "lucide-react/icons/award";
import Ban from "lucide-react/icons/ban";
import CalendarDays from "lucide-react/icons/calendar-days";
import Copy from "lucide-react/icons/copy";
import { Form, Link, useNavigation } from "react-router";
import type { Intake } from "~/db/schema";
import { formatDateTime, formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { cn } from "~/ui/cn";
import { IntentFields } from "~/ui/form/intent-fields";
import { LabelledSection } from "~/ui/labelled-section";
import { RowModalLink, rowActionClasses } from "~/ui/list/row-actions";
import { intakeStatusLabels } from "./intake-form-schema";
import { intakeModeLabels } from "./intake-wording";
import type { IntakeChangeEntry } from "./intakes.server";
import { certificatesHref, intakeListHref, timetableHref } from "./list-url";

type ListedIntake = Intake & { tutors: { id: string; name: string; isActive: boolean }[] };

const statusTones: Record<Intake["status"], string> = {
  draft: "bg-slate-200 text-slate-800",
  open: "bg-emerald-100 text-emerald-800",
  closed: "bg-amber-100 text-amber-900",
  cancelled: "bg-red-100 text-red-800",
};

/** The status as a word in a badge: the colour is never the only signal. */
/** One label and value of an intake's card; goes inside its <dl>. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function IntakeStatusBadge({ status }: { status: Intake["status"] }) {
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", statusTones[status])}>
      {intakeStatusLabels[status]}
    </span>
  );
}

function DuplicateButton({ intake }: { intake: Intake }) {
  const navigation = useNavigation();
  const pending =
    navigation.formData?.get("id") === intake.id &&
    navigation.formData?.get("intent") === "duplicate";
  return (
    <Form method="post" preventScrollReset>
      <IntentFields intent="duplicate" id={intake.id} />
      <button
        type="submit"
        disabled={pending}
        className={cn(rowActionClasses, "text-slate-700 hover:bg-slate-100 dark:text-slate-200")}
      >
        <Copy aria-hidden="true" className="h-4 w-4" />
        Duplicate
        <span className="sr-only"> {intake.label}</span>
      </button>
    </Form>
  );
}

function IntakeActions({ intake }: { intake: Intake }) {
  const hrefFor = (modal: "edit" | "cancel") =>
    intakeListHref(intake.courseId, { modal, id: intake.id });
  const changeable = intake.status !== "cancelled";
  return (
    <div className="flex flex-wrap gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
      {changeable ? <RowModalLink to={hrefFor("edit")} action="edit" name={intake.label} /> : null}
      {[
        { to: timetableHref(intake.id), Icon: CalendarDays, label: "Timetable" },
        { to: certificatesHref(intake.id), Icon: Award, label: "Certificates" },
      ].map(({ to, Icon, label }) => (
        <Link
          key={label}
          to={to}
          className={cn(rowActionClasses, "text-brand-800 hover:bg-brand-50 dark:text-brand-300")}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
          {label}
          <span className="sr-only"> {intake.label}</span>
        </Link>
      ))}
      <DuplicateButton intake={intake} />
      {changeable ? (
        <Link
          to={hrefFor("cancel")}
          preventScrollReset
          className={cn(rowActionClasses, "text-red-700 hover:bg-red-50 dark:text-red-400")}
        >
          <Ban aria-hidden="true" className="h-4 w-4" />
          Cancel
          <span className="sr-only"> {intake.label}</span>
        </Link>
      ) : null}
    </div>
  );
}

/** A course's intakes as cards, one column on a phone. */
export function IntakeList({ intakes }: { intakes: ListedIntake[] }) {
  if (!intakes.length)
    return <p className="p-6 text-slate-600 dark:text-slate-400">No intakes yet.</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {intakes.map((intake) => (
        <li
          key={intake.id}
          data-intake-id={intake.id}
          className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-bold text-slate-900 dark:text-white">{intake.label}</h2>
            <IntakeStatusBadge status={intake.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <Fact label="Dates">
              {formatShortDate(intake.startsOn)} – {formatShortDate(intake.endsOn)}
            </Fact>
            {intake.classTimes ? <Fact label="Times">{intake.classTimes}</Fact> : null}
            <Fact label="Mode">
              {intakeModeLabels[intake.mode]}
              {intake.location ? ` · ${intake.location}` : ""}
            </Fact>
            <Fact label="Seats">{intake.seats}</Fact>
            <Fact label="Enrolment closes">{formatDateTime(intake.enrolmentClosesAt)}</Fact>
            <Fact label="Price">
              {formatNaira(intake.price)}
              {intake.earlyBirdPrice !== null && intake.earlyBirdEndsOn
                ? ` (early bird ${formatNaira(intake.earlyBirdPrice)} until ${formatShortDate(intake.earlyBirdEndsOn)})`
                : ""}
            </Fact>
            <Fact label="Tutors">
              {intake.tutors.length
                ? intake.tutors
                    .map((tutor) => (tutor.isActive ? tutor.name : `${tutor.name} (inactive)`))
                    .join(", ")
                : "None chosen yet"}
            </Fact>
            {intake.cancelReason ? <Fact label="Reason">{intake.cancelReason}</Fact> : null}
          </dl>
          <IntakeActions intake={intake} />
        </li>
      ))}
    </ul>
  );
}

const actionWords: Record<IntakeChangeEntry["action"], string> = {
  created: "added",
  updated: "changed",
  cancelled: "cancelled",
};

/** Who changed which intake and when, and what they changed, newest first. */
export function IntakeHistory({ changes }: { changes: IntakeChangeEntry[] }) {
  return (
    <LabelledSection
      id="intake-history"
      title="History"
      className="mt-8"
      headingClassName="text-lg font-bold"
    >
      {changes.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {changes.map((change) => (
            <li key={change.id} className="py-2">
              <strong>{change.intakeLabel}</strong> {actionWords[change.action]} by{" "}
              {change.actorName ?? "a former admin"} on {formatDateTime(change.createdAt)}
              {change.changes.duplicatedFrom ? " (duplicated)" : ""}
              {change.lines.length ? (
                <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
                  {change.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No changes yet.</p>
      )}
    </LabelledSection>
  );
}
