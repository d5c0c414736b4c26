import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import type { ActionReply } from "~/lib/forms/action-reply";
import { useActionReply } from "~/ui/use-action-reply";

/**
 * The form of a sign-in page (sign in, forgot password, new password, sign-in link): checked in
 * the browser with the action's own schema when a field is left, then as it is typed, and
 * showing the action's reply. `toasts`: whether its form error is also toasted (sign in only;
 * the other cards show their answer in place).
 */
export function useAuthForm<Schema extends $ZodType>(
  id: string,
  schema: Schema,
  reply: ActionReply | undefined,
  { toasts = false }: { toasts?: boolean } = {},
) {
  const { lastResult, notice } = useActionReply(reply, { toasts });
  const [form, fields] = useForm<input<Schema> & Record<string, unknown>, output<Schema>>({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return { form, fields, notice };
}
