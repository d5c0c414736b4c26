import { type DefaultValue, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import type { ActionReply } from "~/lib/forms/action-reply";
import { useActionReply } from "./use-action-reply";

/** A schema's input as Conform's fields: an object's, or nothing a form could hold. */
type FieldsOf<Schema extends $ZodType> =
  input<Schema> extends Record<string, unknown> ? input<Schema> : never;

/**
 * The one way a portal or sign-in form is wired: checked in the browser with its action's own
 * schema when a field is left, then as it is typed, and showing the action's reply (field
 * errors on their fields, kept values; the form error and notice toasted unless `toasts` is
 * false, for a card that shows its answer in place).
 */
export function useSchemaForm<Schema extends $ZodType>(
  schema: Schema,
  {
    id,
    reply,
    defaultValue,
    toasts = true,
  }: {
    id: string;
    reply: ActionReply | undefined;
    defaultValue?: DefaultValue<FieldsOf<Schema>>;
    toasts?: boolean;
  },
) {
  const { lastResult, notice } = useActionReply(reply, { toasts });
  const [form, fields] = useForm<FieldsOf<Schema>, output<Schema>>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return { form, fields, lastResult, notice };
}
