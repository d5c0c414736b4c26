import type { SelectOption } from "~/ui/fields";
import type { FilterSelect } from "~/ui/filter-selects";

/** The Students page's filter by intake: every tab words it the same. */
export const intakeSelect = (value: string, options: readonly SelectOption[]): FilterSelect => ({
  name: "intake",
  label: "Filter by intake",
  value,
  options,
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
