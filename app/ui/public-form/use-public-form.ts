import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useFormAction } from "react-router";
import type { $ZodType, input } from "zod/v4/core";
import { type ActionReply, errorsOf, keptValueOf } from "~/lib/forms/action-reply";
import { type FieldErrors, validateFlatForm } from "~/lib/forms/validate-form";
import { useActionReply } from "../form/use-action-reply";
import { useHydrated } from "../use-hydrated";

/** The names of a public form's fields: the keys of its schema's input. */
export type PublicFieldName<Schema extends $ZodType> = Extract<keyof input<Schema>, string>;

/** What `field` gives a control: its id, name, message and starting value. */
export type PublicFieldProps = { id: string; name: string; error?: string; defaultValue?: string };

/**
 * A public form that posts to its route's action: through a fetcher when JavaScript runs
 * (toasts, reset, no page change), as a plain POST when it does not (the answer is rendered
 * on the returned page, which opens at the answer). It validates in the browser with the
 * server's own schema, which is downloaded only when the visitor first leaves a field or
 * submits: visitors who never use the form never pay for it. The action answers with the
 * portal's `ActionReply`, read here without Conform so the public pages do not load it.
 *
 * `defaults` preselects values (a course page's inquiry names its course); a reset returns
 * to them.
 */
export function usePublicForm<Schema extends $ZodType>(
  id: string,
  loadSchema: () => Promise<Schema>,
  defaults: Partial<Record<PublicFieldName<Schema>, string>> = {},
) {
  const fetcher = useFetcher<ActionReply>({ key: id });
  const documentReply = useActionData<ActionReply>();
  const hydrated = useHydrated();
  const action = useFormAction();
  const [errors, setErrors] = useState<FieldErrors>(() => errorsOf(documentReply));
  // A reset renders the form anew (a new key) rather than calling form.reset(): reset() changes
  // the controls behind React's back, and a checkbox it unticks then fires no change event when
  // ticked again.
  const [formKey, setFormKey] = useState(0);
  const touched = useRef(new Set<string>());

  const validate = async (form: HTMLFormElement) =>
    validateFlatForm(await loadSchema(), new FormData(form));

  // The server's answer: its toasts, its field errors, or a reset after success.
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useActionReply(reply);
  const answered = useRef<ActionReply | undefined>(undefined);
  useEffect(() => {
    if (!reply || answered.current === reply) return;
    answered.current = reply;
    setErrors(errorsOf(reply));
    if (reply.notice) {
      touched.current.clear();
      setFormKey((key) => key + 1);
    }
  }, [reply]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = await validate(form);
    setErrors(found);
    const firstInvalid = Object.keys(found).find((name) => name !== "");
    if (firstInvalid) {
      for (const name of Object.keys(found)) touched.current.add(name);
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    fetcher.submit(form);
  };

  // After a field was left once, its message follows what is typed.
  const revalidate = async (
    event: FocusEvent<HTMLFormElement> | FormEvent<HTMLFormElement>,
    leaving: boolean,
  ) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    if (leaving) touched.current.add(name);
    if (!touched.current.has(name)) return;
    const found = await validate(event.currentTarget);
    setErrors((current) => {
      const next = { ...current };
      for (const field of touched.current) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
  };

  // After a refused plain POST, what the visitor typed; otherwise the defaults.
  const startingValue = (name: PublicFieldName<Schema>) =>
    documentReply && !documentReply.notice ? keptValueOf(documentReply, name) : defaults[name];
  const field = (name: PublicFieldName<Schema>) => ({
    id: `${id}-${name}`,
    name,
    error: errors[name]?.[0],
    defaultValue: startingValue(name),
  });
  const answerId = `${id}-answer`;
  return {
    /** Changes when the form is reset: give it to the form element as its `key`. */
    formKey,
    formProps: {
      id,
      // Without JavaScript the returned page opens at the answer (notice or errors), which on
      // a phone may be thousands of pixels below the top.
      action: `${action}#${answerId}`,
      method: "post" as const,
      noValidate: true,
      onSubmit,
      onBlur: (event: FocusEvent<HTMLFormElement>) => void revalidate(event, true),
      onInput: (event: FormEvent<HTMLFormElement>) => void revalidate(event, false),
    },
    fetcher,
    hydrated,
    submitting: fetcher.state !== "idle",
    /**
     * id, name, message and the starting value (after a plain POST, the visitor's) of a field
     * of the schema: a name the schema does not have does not compile.
     */
    field,
    /** A select's `field`: without a starting value it starts at its placeholder, the empty one. */
    selectField: (name: PublicFieldName<Schema>) => ({
      ...field(name),
      defaultValue: startingValue(name) ?? "",
    }),
    /** What the top of the form shows: the answer to a plain POST, and form-level errors. */
    answer: {
      id: answerId,
      formErrors: errors[""],
      // The latest answer's: the reference stays in view after its toast has gone.
      notice: (fetcher.data ?? documentReply)?.notice ?? null,
      // After a plain POST the field messages are also listed at the top, each a link to its
      // field, since the first one may be far below.
      fieldErrors:
        documentReply && !fetcher.data
          ? Object.entries(errors)
              .filter(([name, messages]) => name !== "" && messages[0])
              .map(([name, messages]) => ({ fieldId: `${id}-${name}`, message: messages[0] ?? "" }))
          : [],
    },
  };
}
