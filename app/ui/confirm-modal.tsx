import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { type ListModalProps, Modal } from "./modal";
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
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
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
