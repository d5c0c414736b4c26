import CalendarDays from "lucide-react/icons/calendar-days";
import { href, Link } from "react-router";
import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { buttonClasses } from "~/ui/button";
import { Section } from "~/ui/section";
import { PlanList } from "./plan-list";
import type { PublicIntake } from "./public-intakes.server";

/**
 * The course's next intakes: dates, times, mode, places left, enrolment closing, price, the
 * ways to pay (in a details element: no script), and
 * 'Apply' (or 'Join the waitlist' when full) on those taking applications now.
 */
export function NextSessions({
  intakes,
}: {
  intakes: (PublicIntake & {
    applying: boolean;
    /** Once the timetable is built (the cohort feature's summary): its pattern and first session. */
    timetable: { pattern: string; firstSession: string } | null;
  })[];
}) {
  return (
    <Section title="Next 3 Sessions">
      <ul className="grid gap-3 md:grid-cols-3">
        {intakes.map((intake) => (
          <li
            key={intake.id}
            className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-700"
          >
            <p className="flex items-start gap-2 text-base font-bold text-slate-900">
              <CalendarDays aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              {intake.label}
            </p>
            <p>
              {formatShortDate(intake.startsOn)} to {formatShortDate(intake.endsOn)}
            </p>
            {intake.timetable ? (
              <>
                <p>{intake.timetable.pattern}</p>
                <p>First class: {intake.timetable.firstSession}</p>
              </>
            ) : intake.classTimes ? (
              <p>{intake.classTimes}</p>
            ) : null}
            <p>
              {intake.modeLabel}
              {intake.location && intake.mode !== "online" ? ` · ${intake.location}` : ""}
            </p>
            <p className="font-semibold text-slate-900">
              {intake.placesLeft} · Enrolment {intake.closing}
            </p>
            <p>
              <span className="font-semibold text-slate-900">{formatNaira(intake.price)}</span>
              {intake.earlyBird ? (
                <span className="block text-brand-800">{intake.earlyBird}</span>
              ) : null}
            </p>
            <details>
              <summary className="cursor-pointer font-semibold text-brand-800">
                Ways to pay<span className="sr-only"> for {intake.label}</span>
              </summary>
              <PlanList plans={intake.plans} className="mt-1 grid gap-1" />
            </details>
            {intake.applying ? (
              <Link
                to={href("/apply/:intakeId", { intakeId: intake.id })}
                className={buttonClasses(intake.full ? "outline" : "primary", "md", "mt-auto")}
              >
                {intake.full ? "Join the waitlist" : "Apply"}
                <span className="sr-only"> for {intake.label}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
