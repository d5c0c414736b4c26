import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";

export type IntakeFactsProps = {
  courseTitle: string;
  intake: {
    label: string;
    startsOn: string;
    endsOn: string;
    classTimes: string | null;
    modeLabel: string;
    location: string | null;
    price: number;
  };
  /** Lines only the apply page has: places left, enrolment closing, the early-bird price. */
  extra?: { term: string; value: string }[];
};

/** An intake as the applicant's pages show it: course, dates, times, mode, price. */
export function IntakeFacts({ courseTitle, intake, extra = [] }: IntakeFactsProps) {
  const facts = [
    { term: "Course", value: courseTitle },
    { term: "Intake", value: intake.label },
    {
      term: "Dates",
      value: `${formatShortDate(intake.startsOn)} to ${formatShortDate(intake.endsOn)}`,
    },
    ...(intake.classTimes ? [{ term: "Class times", value: intake.classTimes }] : []),
    {
      term: "Where",
      value: intake.location ? `${intake.modeLabel} · ${intake.location}` : intake.modeLabel,
    },
    { term: "Price", value: formatNaira(intake.price) },
    ...extra,
  ];
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {facts.map((fact) => (
        <div key={fact.term} className="contents">
          <dt className="font-semibold text-slate-700">{fact.term}</dt>
          <dd className="mb-2 text-slate-900 sm:mb-0">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
