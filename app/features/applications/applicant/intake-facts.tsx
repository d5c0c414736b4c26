import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { type Fact, FactList } from "~/ui/fact-list";

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
  extra?: Fact[];
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
    <FactList
      facts={facts}
      className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]"
      termClassName="font-semibold text-slate-700"
      valueClassName="mb-2 text-slate-900 sm:mb-0"
    />
  );
}
