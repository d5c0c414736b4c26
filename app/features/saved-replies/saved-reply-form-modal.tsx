import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { SavedReply } from "~/db/schema";
import type { ActionReply } from "~/lib/forms/action-reply";
import { DeleteModal } from "~/ui/confirm-modal";
import { FormError, TextareaField, TextField } from "~/ui/form-fields";
import { type ListModalProps, Modal } from "~/ui/modal";
import { ModalActions } from "~/ui/modal-actions";
import { useActionReply } from "~/ui/use-action-reply";
import { type SavedReplyFormFields, type SavedReplyInput, savedReplyFormSchema } from "./schema";

/** The add and edit form of a saved reply, in a URL-driven modal. */
export function SavedReplyFormModal({
  reply,
  actionReply,
  closeHref,
  onClose,
}: {
  /** The reply to edit; null to add one. */
  reply: Pick<SavedReply, "id" | "title" | "body"> | null;
  actionReply: ActionReply | undefined;
  closeHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const { lastResult } = useActionReply(actionReply);
  const [form, fields] = useForm<SavedReplyFormFields, SavedReplyInput>({
    id: `saved-reply-${reply?.id ?? "new"}`,
    lastResult,
    defaultValue: reply ? { title: reply.title, body: reply.body } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedReplyFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting";

  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      size="lg"
      title={reply ? "Edit saved reply" : "Add saved reply"}
      description="Placeholders such as {name} and {course} are filled in when the reply is used."
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value={reply ? "update" : "create"} />
        {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
        <FormError errors={form.errors} id={form.errorId} />
        <TextField meta={fields.title} label="Title" required autoComplete="off" />
        <TextareaField meta={fields.body} label="Reply text" required rows={10} />
        <ModalActions
          className="mt-2"
          closeHref={closeHref}
          busy={submitting}
          label={reply ? "Save Changes" : "Add saved reply"}
        />
      </Form>
    </Modal>
  );
}

export function DeleteSavedReplyModal({
  reply,
  ...modal
}: ListModalProps & { reply: Pick<SavedReply, "id" | "title"> }) {
  return (
    <DeleteModal title="Delete saved reply" id={reply.id} {...modal}>
      <p>
        Are you sure you want to delete the saved reply <strong>{reply.title}</strong>? Replies
        already sent are not changed.
      </p>
    </DeleteModal>
  );
}
