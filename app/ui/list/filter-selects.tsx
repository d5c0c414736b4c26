import { type SelectGroup, SelectInput, type SelectOption } from "../form/fields";
import { useFilterSubmit } from "./use-filter-submit";

export type FilterSelect = {
  name: string;
  label: string;
  value: string;
  options: readonly (SelectOption | SelectGroup)[];
  /** The empty choice ('All intakes'); none for a select that always has a value (a sort). */
  placeholder?: string;
};

/**
 * A list toolbar's selects, inside its GET form: each applies on change (and with the form's
 * button without JavaScript). `idPrefix` makes their ids: 'applications' gives
 * 'applications-status'.
 */
export function FilterSelects({
  idPrefix,
  selects,
}: {
  idPrefix: string;
  selects: readonly FilterSelect[];
}) {
  const { submitNow } = useFilterSubmit();
  return selects.map((select) => (
    <SelectInput
      key={select.name}
      id={`${idPrefix}-${select.name}`}
      name={select.name}
      label={select.label}
      layout="filter"
      className="max-w-full flex-none"
      defaultValue={select.value}
      onChange={(event) => submitNow(event.currentTarget.form)}
      placeholder={select.placeholder}
      options={select.options}
    />
  ));
}
