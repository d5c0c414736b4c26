import type { ReactNode } from "react";
import { HoneypotField } from "./honeypot-field";
import { PublicFormAnswer } from "./public-form-answer";
import type { usePublicForm } from "./use-public-form";

type PublicFormState = Pick<
  ReturnType<typeof usePublicForm>,
  "fetcher" | "formKey" | "formProps" | "answer"
>;

/**
 * A public form's element, opened by what every public form starts with: the answer to its
 * last send and the honeypot. `form` is `usePublicForm`'s state; `action` replaces the route's
 * own (a form that posts to another page).
 */
export function PublicForm({
  form: { fetcher, formKey, formProps, answer },
  action = formProps.action,
  className,
  children,
}: {
  form: PublicFormState;
  action?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form key={formKey} {...formProps} action={action} className={className}>
      <PublicFormAnswer {...answer} />
      <HoneypotField />
      {children}
    </fetcher.Form>
  );
}
