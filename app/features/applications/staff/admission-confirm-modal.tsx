import { useRef } from "react";
import type { ActionReply } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { DecisionForm } from "~/ui/form/confirm-modal";
import { TextareaField, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { type ListModalProps, Modal } from "~/ui/modal";
import { SavedReplySelect } from "~/ui/triage/saved-reply-select";
import {
  type AdmissionConfirm,
  admissionActionSchema,
  DECLINE_SUBJECT_MAX,
  DECLINE_TEXT_MAX,
} from "./admissions-schema";

/** A saved reply filled for the open application ({application_link} is filled when sent). */
export type FilledSavedReply = { id: string; title: string; text: string };

const titles: Record<AdmissionConfirm, string> = {
  offer: "Offer a place",
  decline: "Decline application",
  waitlist: "Move to the waitlist",
  enrol: "Mark as enrolled",
  withdraw: "Withdraw application",
};

const questions: Record<Exclude<AdmissionConfirm, "offer" | "decline">, string> = {
  waitlist: "goes to the end of the intake's waitlist and is told by e-mail.",
  enrol: "is marked as enrolled in the class and is told by e-mail.",
  withdraw:
    "is withdrawn and told by e-mail. A place they held goes to the next in line. This cannot be undone.",
};

/**
 * The confirmation of one decision on an application (URL-driven: ?confirm=), posting to the
 * page's action. Offer asks for the accept-by time; decline for the e-mail to send.
 */
export function AdmissionConfirmModal({
  move,
  applicationId,
  fullName,
  defaultDeadline,
  savedReplies,
  draft,
  reply,
  closeHref,
  onClose,
}: ListModalProps & {
  move: AdmissionConfirm;
  applicationId: string;
  fullName: string;
  /** The default accept-by time, a Lagos `datetime-local` value. */
  defaultDeadline: string;
  savedReplies: FilledSavedReply[];
  /** The decline e-mail's text to start from (a saved reply inserted without JavaScript). */
  draft: string;
  reply: ActionReply | undefined;
}) {
  const { form, fields } = useSchemaForm(admissionActionSchema, {
    id: `admission-${move}`,
    reply,
    defaultValue: { offerExpiresAt: defaultDeadline, text: draft, subject: "" },
  });
  const text = useRef<HTMLTextAreaElement>(null);
  const danger = move === "decline" || move === "withdraw";
  return (
    <Modal open onClose={onClose} closeHref={closeHref} size="md" title={titles[move]}>
      <DecisionForm
        form={form}
        intent={move}
        hidden={{ id: applicationId }}
        label={titles[move]}
        danger={danger}
        closeHref={closeHref}
      >
        {move === "offer" ? (
          <>
            <p>
              Offer <strong>{fullName}</strong> a place? They are e-mailed the offer and a private
              link to accept it.
            </p>
            <TextField
              meta={fields.offerExpiresAt}
              label="Accept by (Lagos time)"
              type="datetime-local"
              required
            />
          </>
        ) : move === "decline" ? (
          <>
            <p>
              Decline the application of <strong>{fullName}</strong>? They are sent this e-mail.
            </p>
            {savedReplies.length ? (
              <div className="flex items-end gap-2">
                <SavedReplySelect id="decline-saved-reply" savedReplies={savedReplies} />
                <Button
                  type="button"
                  variant="outline"
                  onClick={(event) => {
                    const select = event.currentTarget.form?.elements.namedItem("savedReply");
                    const saved = savedReplies.find(
                      (item) => select instanceof HTMLSelectElement && item.id === select.value,
                    );
                    if (!saved || !text.current) return;
                    text.current.value = saved.text;
                    text.current.focus();
                  }}
                >
                  Insert
                </Button>
              </div>
            ) : null}
            <TextField
              meta={fields.subject}
              label="Subject"
              required
              maxLength={DECLINE_SUBJECT_MAX}
            />
            <TextareaField
              meta={fields.text}
              label="E-mail to the applicant"
              required
              rows={8}
              maxLength={DECLINE_TEXT_MAX}
              ref={text}
            />
          </>
        ) : (
          <p>
            <strong>{fullName}</strong> {questions[move]}
          </p>
        )}
      </DecisionForm>
    </Modal>
  );
}
