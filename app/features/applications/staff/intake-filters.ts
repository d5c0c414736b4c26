import { formatShortDate } from "~/lib/format/dates";
import type { SelectGroup, SelectOption } from "~/ui/form/fields";
import type { FilterSelect } from "~/ui/list/filter-selects";

/** An intake as the lists' filters offer it; `count` is shown after its dates when given. */
export type IntakeChoice = {
  id: string;
  courseTitle: string;
  label: string;
  startsOn: string;
  endsOn: string;
  count?: number;
};

const datesOf = (intake: IntakeChoice) =>
  `${formatShortDate(intake.startsOn)} – ${formatShortDate(intake.endsOn)}`;

/**
 * The intakes to filter by, a group per course (by title), each intake named by its dates in
 * the order given (the latest start first): labels such as 'Next intake' repeat from course to
 * course, dates tell intakes apart. Two intakes of a course on the same dates add their label,
 * and a name still taken its place in the group, so no two choices of a group read the same.
 */
export function intakeChoiceGroups(intakes: readonly IntakeChoice[]): SelectGroup[] {
  const byCourse = new Map<string, IntakeChoice[]>();
  for (const intake of intakes)
    byCourse.set(intake.courseTitle, [...(byCourse.get(intake.courseTitle) ?? []), intake]);
  return [...byCourse.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en"))
    .map(([courseTitle, ofCourse]) => {
      const sameDates = (intake: IntakeChoice) =>
        ofCourse.filter((other) => datesOf(other) === datesOf(intake)).length > 1;
      const taken = new Set<string>();
      const options = ofCourse.map((intake, index) => {
        let name = sameDates(intake) ? `${datesOf(intake)} · ${intake.label}` : datesOf(intake);
        if (taken.has(name)) name = `${name} (${index + 1})`;
        taken.add(name);
        return {
          value: intake.id,
          label: intake.count === undefined ? name : `${name} (${intake.count})`,
        };
      });
      return { group: courseTitle, options };
    });
}

/** The Students page's filter by intake: every tab words it the same. */
export const intakeSelect = (value: string, intakes: readonly IntakeChoice[]): FilterSelect => ({
  name: "intake",
  label: "Filter by intake",
  value,
  options: intakeChoiceGroups(intakes),
  placeholder: "All intakes",
});

/** The Students page's filter by status (of an application, or of an instalment). */
export const statusSelect = (value: string, options: readonly SelectOption[]): FilterSelect => ({
  name: "status",
  label: "Filter by status",
  value,
  options,
  placeholder: "All statuses",
});
