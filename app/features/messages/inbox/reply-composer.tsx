import Mail from "lucide-react/icons/mail";
import MessageCircle from "lucide-react/icons/message-circle";
import Send from "lucide-react/icons/send";
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { unfilledPlaceholdersMessage } from "~/features/saved-replies/placeholders";
import type { ActionReply } from "~/lib/forms/action-reply";
import { formatPhone } from "~/lib/text/phone-format";
import { Button, buttonClasses } from "~/ui/button";
import { controlClasses, ErrorText } from "~/ui/form/fields";
import { IntentFields } from "~/ui/form/intent-fields";
import { KeptSearchParams } from "~/ui/form/kept-search-params";
import { LabelledSection } from "~/ui/labelled-section";
import { SavedReplySelect } from "~/ui/triage/saved-reply-select";
import { REPLY_MAX, WHATSAPP_REPLY_MAX } from "./inbox-schema";
import { replyMailto, whatsAppLink } from "./reply-links";
import { TemplateForm, WhatsappWindowNotice } from "./whatsapp-composer";
import type { WhatsappReplyState } from "./whatsapp-replies.server";

/** A saved reply with its placeholders already filled for the open message. */
export type FilledSavedReply = { id: string; title: string; text: string };

type ReplyTarget = Omit<Parameters<typeof replyMailto>[0], "email"> &
  Parameters<typeof whatsAppLink>[0] & { id: string; email: string | null };

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
 * The draft travels into the WhatsApp and e-mail app links. A WhatsApp conversation on the
 * connected channel (`whatsapp`) is answered through WhatsApp instead: free text while Meta's
 * 24-hour window is open, an approved template once it has closed.
 */
export function ReplyComposer({
  message,
  initialDraft,
  error,
  savedReplies,
  whatsapp,
  templateError,
  now,
}: {
  message: ReplyTarget;
  initialDraft: string;
  /** Why the server refused the last reply, shown under the text. */
  error: string | undefined;
  savedReplies: FilledSavedReply[];
  /** A WhatsApp conversation's channel state; null for the others. */
  whatsapp: WhatsappReplyState | null;
  /** Why the server refused the last template. */
  templateError: string | undefined;
  now: string;
}) {
  const [draft, setDraft] = useState(initialDraft);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" &&
    ["reply", "whatsapp-reply"].includes(String(navigation.formData?.get("intent")));
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

  const onWhatsapp = Boolean(whatsapp?.connected);
  // The server sends the window's end only while it is open.
  const windowOpen = Boolean(whatsapp?.windowClosesAt);
  const sendsText = !onWhatsapp || windowOpen;
  return (
    <LabelledSection
      id="reply-heading"
      title="Reply"
      level={3}
      className="grid gap-3"
      headingClassName="text-base font-semibold text-slate-900 dark:text-white"
    >
      {whatsapp ? <WhatsappWindowNotice state={whatsapp} now={now} /> : null}
      {onWhatsapp && !windowOpen && whatsapp ? (
        <TemplateForm messageId={message.id} state={whatsapp} error={templateError} />
      ) : null}
      {sendsText && savedReplies.length ? (
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
          <KeptSearchParams except="savedReply" />
          <SavedReplySelect id="saved-reply" savedReplies={savedReplies} />
          <Button type="submit" variant="outline">
            Insert
          </Button>
        </Form>
      ) : null}
      {sendsText ? (
        <Form method="post" preventScrollReset className="grid gap-2">
          <IntentFields intent={onWhatsapp ? "whatsapp-reply" : "reply"} id={message.id} />
          <label htmlFor="reply-body" className="text-sm font-medium">
            {onWhatsapp
              ? `Your WhatsApp reply to ${formatPhone(message.phone ?? "")}`
              : `Your reply to ${message.email ?? formatPhone(message.phone ?? "")}`}
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
            maxLength={onWhatsapp ? WHATSAPP_REPLY_MAX : REPLY_MAX}
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
            {onWhatsapp ? (
              <Button type="submit" size="sm" disabled={sending}>
                <Send aria-hidden="true" className="h-4 w-4" />
                {sending ? "Sending..." : "Send on WhatsApp"}
              </Button>
            ) : null}
            {message.email && !onWhatsapp ? (
              <>
                <Button type="submit" size="sm" disabled={sending}>
                  <Send aria-hidden="true" className="h-4 w-4" />
                  {sending ? "Sending..." : "Send reply by e-mail"}
                </Button>
                <a
                  href={replyMailto({ ...message, email: message.email }, draft)}
                  className={buttonClasses("outline", "sm")}
                >
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  Reply by email app
                </a>
              </>
            ) : null}
            {whatsApp && !onWhatsapp ? (
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
      ) : null}
      {onWhatsapp ? null : (
        <Form
          method="post"
          preventScrollReset
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <IntentFields intent="record-reply" id={message.id} />
          <span className="text-slate-700 dark:text-slate-300">Replied outside the portal?</span>
          {/* Offered for any number, even one the WhatsApp link cannot be built for. */}
          {message.phone ? (
            <Button type="submit" name="channel" value="whatsapp" size="sm" variant="ghost">
              Replied on WhatsApp
            </Button>
          ) : null}
          {message.email ? (
            <Button type="submit" name="channel" value="email" size="sm" variant="ghost">
              Replied by e-mail
            </Button>
          ) : null}
        </Form>
      )}
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
