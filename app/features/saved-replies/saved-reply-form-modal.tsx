import type { SavedReply } from "~/db/schema";
import type { ActionReply } from "~/lib/forms/action-reply";
import { DeleteModal } from "~/ui/form/confirm-modal";
import { TextareaField, TextField } from "~/ui/form/form-fields";
import { RecordFormModal } from "~/ui/form/record-form-modal";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { ListModalProps } from "~/ui/modal";
import { savedReplyFormSchema } from "./schema";

/** The add and edit form of a saved reply, in a URL-driven modal. */
export function SavedReplyFormModal({
  reply,
  actionReply,
  ...modal
}: ListModalProps & {
  /** The reply to edit; null to add one. */
  reply: Pick<SavedReply, "id" | "title" | "body"> | null;
  actionReply: ActionReply | undefined;
}) {
  const { form, fields } = useSchemaForm(savedReplyFormSchema, {
    id: `saved-reply-${reply?.id ?? "new"}`,
    reply: actionReply,
    defaultValue: reply ? { title: reply.title, body: reply.body } : undefined,
  });

  return (
    <RecordFormModal
      form={form}
      recordId={reply?.id ?? null}
      noun="saved reply"
      description="Placeholders such as {name} and {course} are filled in when the reply is used."
      {...modal}
    >
      <TextField meta={fields.title} label="Title" required autoComplete="off" />
      <TextareaField meta={fields.body} label="Reply text" required rows={10} />
    </RecordFormModal>
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
