import type { ChangeEvent } from "react";
import { CheckboxInput } from "../form/fields";
import type { PublicFieldProps } from "./use-public-form";

/**
 * A public form's required consent, across the form's two columns. It never takes a starting
 * value: after a refused send the visitor ticks it again.
 */
export function ConsentCheckbox(
  props: PublicFieldProps & {
    label: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  },
) {
  return <CheckboxInput {...props} defaultValue={undefined} required className="sm:col-span-2" />;
}
