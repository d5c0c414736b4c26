import type { $ZodType } from "zod/v4/core";

export type FieldErrors = Record<string, string[]>;

/**
 * Validates a flat form with its zod schema the way the server's Conform parse does (an empty
 * field counts as missing) and returns the messages by field name; empty when valid.
 */
export async function validateFlatForm(schema: $ZodType, formData: FormData): Promise<FieldErrors> {
  const { safeParseAsync } = await import("zod/v4/core");
  const value: Record<string, string> = {};
  for (const [name, entry] of formData) {
    if (typeof entry === "string" && entry !== "") value[name] = entry;
  }
  const result = await safeParseAsync(schema, value);
  const errors: FieldErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const name = issue.path.join(".");
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return errors;
}
