import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { type ListModalProps, Modal, type ModalSize } from "../modal";
import { FormError } from "./fields";
import { ModalActions } from "./modal-actions";

/**
 * The add-or-edit form of a list's record, in a URL-driven modal titled 'Add {noun}' or
 * 'Edit {noun}': it posts the intent (`create`, or `update` with the record's id), shows the
 * form's error above the fields, and ends with Cancel and the submit button ('Add {noun}' or
 * 'Save Changes'), which reads 'Saving...' while the form is sent.
 */
export function RecordFormModal({
  form,
  recordId,
  noun,
  createLabel = `Add ${noun}`,
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
  /** What the record is called, as the title shows it: 'intake', 'saved reply'. */
  noun: string;
  /** The submit button's text while adding, where it is not 'Add {noun}'. */
  createLabel?: string;
  description?: string;
  size?: ModalSize;
  /** A form with a file field. */
  multipart?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      size={size}
      title={recordId ? `Edit ${noun}` : `Add ${noun}`}
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
        <ModalActions
          className="col-span-full mt-2"
          closeHref={closeHref}
          busy={navigation.state === "submitting"}
          label={recordId ? "Save Changes" : createLabel}
        />
      </Form>
    </Modal>
  );
}
