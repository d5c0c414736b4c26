import type { SubmissionResult } from "@conform-to/react";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import type { $ZodType, input, output } from "zod/v4/core";
import { toast } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";

export type PublicFormReply = { result: SubmissionResult<string[]>; notice: string | null };

/**
 * A public form that posts to its route's action: through a fetcher when JavaScript runs
 * (toasts, reset, no page change), as a plain POST when it does not (the answer is rendered
 * on the returned page). Validates in the browser with the server's schema.
 */
export function usePublicForm<Schema extends $ZodType>(
  id: string,
  schema: Schema,
  failureText: string,
) {
  const fetcher = useFetcher<PublicFormReply>({ key: id });
  const documentReply = useActionData<PublicFormReply>();
  const reply = fetcher.data ?? documentReply;
  const hydrated = useHydrated();

  const [form, fields] = useForm<input<Schema> & Record<string, unknown>, output<Schema>>({
    id,
    lastResult: fetcher.state === "idle" ? reply?.result : null,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const announced = useRef<PublicFormReply | undefined>(undefined);
  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle" || announced.current === fetcher.data) return;
    announced.current = fetcher.data;
    if (fetcher.data.notice) toast.success(fetcher.data.notice);
    else if (fetcher.data.result.error?.[""]?.length) {
      toast.error(fetcher.data.result.error[""][0] ?? failureText);
    }
  }, [fetcher.data, fetcher.state, failureText]);

  return {
    fetcher,
    form,
    fields,
    hydrated,
    submitting: fetcher.state !== "idle",
    /** Shown on the page itself when the form was posted without JavaScript. */
    documentNotice: fetcher.data ? null : (documentReply?.notice ?? null),
    formErrors: form.errors,
  };
}
