import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormError } from "./fields";
import { type ListModalProps, Modal, type ModalSize } from "./modal";

/**
 * The add-or-edit form of a list's record, in a URL-driven modal: it posts the intent
 * (`create`, or `update` with the record's id) and shows the form's error above the fields.
 */
export function RecordFormModal({
  form,
  recordId,
  title,
  description,
  size = "lg",
  multipart = false,
  className = "grid gap-4",
  closeHref,
  onClose,
  children,
}: ListModalProps & {
  // biome-ignore lint/suspicious/noExplicitAny: a form of any schema
  form: FormMetadata<any, string[]>;
  /** The record being edited; null while adding one. */
  recordId: string | null;
  title: string;
  description?: string;
  size?: ModalSize;
  /** A form with a file field. */
  multipart?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      size={size}
      title={title}
      description={description}
    >
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        {...getFormProps(form)}
        className={className}
      >
        <input type="hidden" name="intent" value={recordId ? "update" : "create"} />
        {recordId ? <input type="hidden" name="id" value={recordId} /> : null}
        <FormError errors={form.errors} id={form.errorId} />
        {children}
      </Form>
    </Modal>
  );
}
