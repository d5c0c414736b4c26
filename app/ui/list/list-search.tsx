import { Form } from "react-router";
import { SearchInput } from "./search-input";
import { useFilterSubmit } from "./use-filter-submit";

/**
 * A list's search box, as a GET form: it searches as one types (and on Enter without
 * JavaScript). `keep` carries the list's other settings (a sort) as hidden fields; a setting
 * left undefined is at its default and stays out of the URL.
 */
export function ListSearch({
  id,
  label,
  placeholder,
  q,
  keep = {},
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string;
  keep?: Record<string, string | undefined>;
}) {
  const { submitAfterPause } = useFilterSubmit();
  return (
    <Form method="get" role="search" className="max-w-sm flex-1">
      <SearchInput
        id={id}
        label={label}
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        onChange={(event) => submitAfterPause(event.currentTarget.form, 250)}
      />
      {Object.entries(keep).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </Form>
  );
}
