import { useId } from "react";
import type { Tutor } from "~/db/schema";
import type { ActionReply } from "~/lib/forms/action-reply";
import { uploadRules } from "~/lib/forms/upload-rules";
import { ErrorText } from "~/ui/form/fields";
import { controlClasses, TextareaField, TextField } from "~/ui/form/form-fields";
import { RecordFormModal } from "~/ui/form/record-form-modal";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { ListModalProps } from "~/ui/modal";
import { BIO_MAX, tutorFormSchema } from "./schema";
import { TutorPhoto } from "./tutor-photo";

/** The photo's file input; the server checks the file by its content, as for course images. */
function PhotoField({ tutor, error }: { tutor: Tutor | null; error: string | undefined }) {
  const id = useId();
  const rule = uploadRules.image;
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Photo
      </label>
      {tutor?.photo ? <TutorPhoto tutor={tutor} size={80} className="mb-2" /> : null}
      <input
        id={id}
        type="file"
        name="photoFile"
        accept={rule.types.join(",")}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className={controlClasses}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        JPEG, PNG or WebP, up to {rule.sizeLabel}; shown square.
        {tutor?.photo ? " Choose a file to replace the current photo." : ""}
      </p>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** The add and edit form of a tutor, in a URL-driven modal. */
export function TutorFormModal({
  tutor,
  actionReply,
  ...modal
}: ListModalProps & {
  /** The tutor to edit; null to add one. */
  tutor: Tutor | null;
  actionReply: ActionReply | undefined;
}) {
  const { form, fields, lastResult } = useSchemaForm(tutorFormSchema, {
    id: `tutor-${tutor?.id ?? "new"}`,
    reply: actionReply,
    defaultValue: tutor
      ? { name: tutor.name, role: tutor.role, bio: tutor.bio, link: tutor.link ?? "" }
      : undefined,
  });

  return (
    <RecordFormModal
      form={form}
      recordId={tutor?.id ?? null}
      noun="tutor"
      description="Active tutors are shown on the About page."
      multipart
      {...modal}
    >
      <TextField meta={fields.name} label="Name" required autoComplete="off" />
      <TextField
        meta={fields.role}
        label="Role"
        required
        autoComplete="off"
        placeholder="e.g. Lead tutor, Data"
      />
      <TextareaField meta={fields.bio} label={`Short bio (up to ${BIO_MAX} characters)`} rows={4} />
      <TextField
        meta={fields.link}
        label="LinkedIn or portfolio link"
        type="url"
        inputMode="url"
        placeholder="https://"
      />
      <PhotoField tutor={tutor} error={lastResult?.error?.photoFile?.[0]} />
    </RecordFormModal>
  );
}
