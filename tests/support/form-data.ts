/** A form's fields as a browser sends them: a field with several values (a list) repeats. */
export type FormFields = Record<string, string | string[]>;

/** The fields as FormData, each value of a list as its own entry. */
export function toFormData(fields: FormFields, target = new FormData()) {
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) target.append(name, item);
  }
  return target;
}
