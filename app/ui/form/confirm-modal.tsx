import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { type ListModalProps, Modal } from "../modal";
import { FormError } from "./fields";
import { IntentFields } from "./intent-fields";
import { ModalActions } from "./modal-actions";

/**
 * A URL-driven confirmation of a delete: Cancel, or post `intent=delete` and the record's `id`
 * to `action` (the page's own action when left out).
 */
export function DeleteModal({
  title,
  id,
  confirmLabel = "Delete",
  closeHref,
  onClose,
  action,
  children,
}: ListModalProps & {
  title: string;
  id: string;
  confirmLabel?: string;
  action?: string;
  children: ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Modal open onClose={onClose} closeHref={closeHref} size="sm" title={title}>
      <div className="text-slate-700 dark:text-slate-300">{children}</div>
      <Form method="post" action={action} className="mt-6">
        <IntentFields intent="delete" id={id} />
        <ModalActions
          closeHref={closeHref}
          busy={submitting}
          label={confirmLabel}
          busyLabel="Deleting..."
          variant="danger"
        />
      </Form>
    </Modal>
  );
}

/**
 * The form of a URL-driven confirmation of a staff decision, posted to the page's own action:
 * the decision (`intent`) and its `hidden` fields (which record), the form's error, the
 * question and fields (`children`), then Cancel or `label` (red when `danger`).
 */
export function DecisionForm({
  form,
  intent,
  hidden,
  label,
  danger,
  closeHref,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: a form of any schema
  form: FormMetadata<any, string[]>;
  intent: string;
  hidden: Record<string, string>;
  label: string;
  danger: boolean;
  closeHref: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" preventScrollReset className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError errors={form.errors} />
      {children}
      <ModalActions
        closeHref={closeHref}
        busy={busy}
        label={label}
        busyLabel="Saving..."
        variant={danger ? "danger" : undefined}
      />
    </Form>
  );
}
