import Mail from "lucide-react/icons/mail";
import MessageCircle from "lucide-react/icons/message-circle";
import Send from "lucide-react/icons/send";
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { unfilledPlaceholdersMessage } from "~/features/saved-replies/placeholders";
import type { ActionReply } from "~/lib/forms/action-reply";
import { Button, buttonClasses } from "~/ui/button";
import { controlClasses, ErrorText } from "~/ui/form/fields";
import { IntentFields } from "~/ui/form/intent-fields";
import { LabelledSection } from "~/ui/labelled-section";
import { SavedReplySelect } from "~/ui/triage/saved-reply-select";
import { REPLY_MAX } from "./inbox-schema";
import { replyMailto, whatsAppLink } from "./reply-links";

/** A saved reply with its placeholders already filled for the open message. */
export type FilledSavedReply = { id: string; title: string; text: string };

type ReplyTarget = Parameters<typeof replyMailto>[0] &
  Parameters<typeof whatsAppLink>[0] & { id: string };

/** Puts a saved reply into the draft where the cursor is (or at the end). */
function insertAt(draft: string, text: string, at: number | null) {
  const position = at ?? draft.length;
  const before = draft.slice(0, position);
  const after = draft.slice(position);
  const gapBefore = before && !before.endsWith("\n") ? "\n\n" : "";
  return `${before}${gapBefore}${text}${after}`;
}

/**
 * The reply desk of one message: write (or insert a saved reply), then send it by e-mail from
 * the portal, or open it in WhatsApp or the admin's e-mail app and record that with one click.
 * The draft travels into the WhatsApp and e-mail app links.
 */
export function ReplyComposer({
  message,
  initialDraft,
  error,
  savedReplies,
}: {
  message: ReplyTarget;
  initialDraft: string;
  /** Why the server refused the last reply, shown under the text. */
  error: string | undefined;
  savedReplies: FilledSavedReply[];
}) {
  const [draft, setDraft] = useState(initialDraft);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const whatsApp = whatsAppLink(message, draft);
  const unfilled = unfilledPlaceholdersMessage(draft);
  const lastReply = useActionData<ActionReply>();
  useClearedAfterSending(sending, lastReply?.result.status === "error", setDraft);
  // The server's refusal stands until the draft is edited; the placeholder hint already says its own.
  const [editedAfter, setEditedAfter] = useState<ActionReply>();
  const refused = error && editedAfter !== lastReply ? error : undefined;

  const insertSaved = (id: string) => {
    const saved = savedReplies.find((reply) => reply.id === id);
    if (!saved) return;
    setDraft((current) => insertAt(current, saved.text, textarea.current?.selectionStart ?? null));
    textarea.current?.focus();
  };

  return (
    <LabelledSection
      id="reply-heading"
      title="Reply"
      level={3}
      className="grid gap-3"
      headingClassName="text-base font-semibold text-slate-900 dark:text-white"
    >
      {savedReplies.length ? (
        <Form
          method="get"
          preventScrollReset
          className="flex items-end gap-2"
          onSubmit={(event) => {
            // With JavaScript the reply is inserted in place; without, the page comes back
            // with it in the draft (the loader fills ?savedReply=).
            event.preventDefault();
            const select = event.currentTarget.elements.namedItem("savedReply");
            if (select instanceof HTMLSelectElement) insertSaved(select.value);
          }}
        >
          <CurrentListFields />
          <SavedReplySelect id="saved-reply" savedReplies={savedReplies} />
          <Button type="submit" variant="outline">
            Insert
          </Button>
        </Form>
      ) : null}
      <Form method="post" preventScrollReset className="grid gap-2">
        <IntentFields intent="reply" id={message.id} />
        <label htmlFor="reply-body" className="text-sm font-medium">
          Your reply to {message.email}
        </label>
        <textarea
          ref={textarea}
          id="reply-body"
          name="body"
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setEditedAfter(lastReply);
          }}
          rows={7}
          maxLength={REPLY_MAX}
          required
          aria-invalid={refused ? true : undefined}
          aria-describedby="reply-placeholders reply-body-error"
          className={controlClasses}
        />
        <ErrorText id="reply-body-error" error={refused === unfilled ? undefined : refused} />
        <p
          id="reply-placeholders"
          role="status"
          className="text-sm font-medium text-amber-900 empty:hidden dark:text-amber-200"
        >
          {unfilled}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={sending}>
            <Send aria-hidden="true" className="h-4 w-4" />
            {sending ? "Sending..." : "Send reply by e-mail"}
          </Button>
          <a href={replyMailto(message, draft)} className={buttonClasses("outline", "sm")}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            Reply by email app
          </a>
          {whatsApp ? (
            <a
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses("outline", "sm")}
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              Reply on WhatsApp
            </a>
          ) : null}
        </div>
      </Form>
      <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2 text-sm">
        <IntentFields intent="record-reply" id={message.id} />
        <span className="text-slate-700 dark:text-slate-300">Replied outside the portal?</span>
        {/* Offered for any number, even one the WhatsApp link cannot be built for. */}
        {message.phone ? (
          <Button type="submit" name="channel" value="whatsapp" size="sm" variant="ghost">
            Replied on WhatsApp
          </Button>
        ) : null}
        <Button type="submit" name="channel" value="email" size="sm" variant="ghost">
          Replied by e-mail
        </Button>
      </Form>
    </LabelledSection>
  );
}

/**
 * Empties the draft once a reply has been sent: the action redirects on success, so no action
 * data is left; a refused reply answers with an error and keeps the draft.
 */
function useClearedAfterSending(
  sending: boolean,
  refused: boolean,
  setDraft: (draft: string) => void,
) {
  const idle = useNavigation().state === "idle";
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) wasSending.current = true;
    if (!idle || !wasSending.current) return;
    wasSending.current = false;
    if (!refused) setDraft("");
  }, [sending, idle, refused, setDraft]);
}

/** The list state and open message, kept when the saved-reply form is sent without JavaScript. */
function CurrentListFields() {
  const [params] = useSearchParams();
  return (
    <>
      {[...params]
        .filter(([name]) => name !== "savedReply")
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
