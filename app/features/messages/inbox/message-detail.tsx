import Trash2 from "lucide-react/icons/trash";
import { Link } from "react-router";
import { messagePriorities, messageStatuses } from "~/db/schema/values";
import { ReplyClockBadge } from "~/features/reply-clock/reply-clock-badge";
import { formatDateTime } from "~/lib/format/dates";
import { type ActionReply, errorsOf, keptValueOf } from "~/lib/forms/action-reply";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { DetailFrame } from "~/ui/triage/detail-frame";
import { DetailRow, EmailDetailRow } from "~/ui/triage/detail-row";
import { AdminNotesForm, SaveOnChangeSelect } from "~/ui/triage/record-forms";
import { formatReference } from "../reference";
import { DeliveryNotice } from "./delivery-notice";
import type { DeliveryState } from "./delivery-state";
import type { InboxMessage } from "./inbox.server";
import { NOTES_MAX } from "./inbox-schema";
import { capitalize, FormTypeBadge, PriorityBadge, StatusBadge } from "./message-badges";
import { MessageTimeline } from "./message-timeline";
import { type FilledSavedReply, ReplyComposer } from "./reply-composer";
import { SenderMessages } from "./sender-messages";
import type { SenderMessages as Linked } from "./sender-messages.server";
import { TechnicalDetails } from "./technical-details";
import type { MessageTimeline as Timeline } from "./timeline.server";
import type { WhatsappReplyState } from "./whatsapp-replies.server";

type AdminOption = { id: string; name: string };

const labelled = (values: readonly string[]) =>
  values.map((value) => ({ value, label: capitalize(value) }));

export function MessageDetail({
  message,
  admins,
  closeHref,
  deleteHref,
  now,
  draft,
  reply,
  savedReplies,
  timeline,
  delivery,
  linked,
  messageHref,
  whatsapp,
}: {
  message: InboxMessage;
  admins: AdminOption[];
  closeHref: string;
  deleteHref: string;
  now: string;
  /** The reply's text to start from: a saved reply inserted without JavaScript. */
  draft: string;
  /** The page action's last answer: a refused reply or notes come back with their text and error. */
  reply: ActionReply | null | undefined;
  savedReplies: FilledSavedReply[];
  /** Null when it could not be read: the message still shows. */
  timeline: Timeline | null;
  /** What the history says of the e-mails to the visitor; null with the history. */
  delivery: DeliveryState | null;
  /** The sender's other messages, and the inbox's link to one of them. */
  linked: Linked | null;
  messageHref: (id: string) => string;
  /** A WhatsApp conversation's channel: its window and templates; null for the others. */
  whatsapp: WhatsappReplyState | null;
}) {
  return (
    <DetailFrame
      headingId="message-heading"
      heading={message.subject ?? message.inquiryType ?? "Message"}
      facts={
        <>
          From {message.fullName} · {formatDateTime(message.createdAt)} ·{" "}
          <span className="font-mono">{formatReference(message.reference)}</span>
        </>
      }
      badges={
        <>
          <FormTypeBadge formType={message.formType} />
          <StatusBadge status={message.status} />
          <PriorityBadge priority={message.priority} />
          <ReplyClockBadge message={message} now={now} />
        </>
      }
      closeHref={closeHref}
      closeLabel="Close message"
    >
      <DeliveryNotice delivery={delivery} />

      <div className="flex flex-wrap gap-2">
        <Link
          to={deleteHref}
          preventScrollReset
          className={cn(buttonClasses("outline", "sm"), "text-red-700 dark:text-red-400")}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Link>
      </div>

      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <DetailRow label="Name">{message.fullName}</DetailRow>
        {message.email ? <EmailDetailRow email={message.email} /> : null}
        {message.phone ? <DetailRow label="Phone">{message.phone}</DetailRow> : null}
        {message.inquiryType ? <DetailRow label="Purpose">{message.inquiryType}</DetailRow> : null}
        {message.courseInterest ? (
          <DetailRow label="Course">{message.courseInterest}</DetailRow>
        ) : null}
        {message.contactMethod ? (
          <DetailRow label="Contact by">{message.contactMethod}</DetailRow>
        ) : null}
        {message.formType === "inquiry" ? (
          <DetailRow label="Consent">{message.consentGiven ? "Given" : "Not given"}</DetailRow>
        ) : null}
        {message.readAt ? (
          <DetailRow label="Read">
            {formatDateTime(message.readAt)}
            {message.readerName ? ` by ${message.readerName}` : ""}
          </DetailRow>
        ) : null}
        {message.repliedAt ? (
          <DetailRow label="Replied">{formatDateTime(message.repliedAt)}</DetailRow>
        ) : null}
      </dl>

      {/* A WhatsApp conversation's messages, the first one too, are in its timeline. */}
      {message.message && message.formType !== "whatsapp" ? (
        <div className="rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-900 dark:bg-slate-800/60 dark:text-slate-100">
          {message.message}
        </div>
      ) : null}

      <ReplyComposer
        key={message.id}
        message={message}
        initialDraft={keptValueOf(reply, "body") ?? draft}
        error={errorsOf(reply).body?.[0]}
        savedReplies={savedReplies}
        whatsapp={whatsapp}
        templateError={errorsOf(reply).template?.[0] ?? errorsOf(reply).parameters?.[0]}
        now={now}
      />
      {linked ? <SenderMessages linked={linked} hrefFor={messageHref} /> : null}

      <TechnicalDetails message={message} />

      <div className="grid gap-4 sm:grid-cols-3">
        {[
          {
            intent: "status",
            name: "status",
            label: "Status",
            value: message.status,
            options: labelled(messageStatuses),
          },
          {
            intent: "priority",
            name: "priority",
            label: "Priority",
            value: message.priority,
            options: labelled(messagePriorities),
          },
          {
            intent: "assign",
            name: "assignedTo",
            label: "Assigned to",
            value: message.assignedTo ?? "",
            options: [
              { value: "", label: "Unassigned" },
              ...admins.map((admin) => ({ value: admin.id, label: admin.name })),
            ],
          },
        ].map((select) => (
          <SaveOnChangeSelect
            key={select.name}
            id={`detail-${select.name}`}
            recordId={message.id}
            {...select}
          />
        ))}
      </div>

      <AdminNotesForm
        id="admin-notes"
        recordId={message.id}
        notes={message.adminNotes}
        maxLength={NOTES_MAX}
        reply={reply}
      />

      {timeline ? (
        <MessageTimeline timeline={timeline} messageId={message.id} />
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          The history could not be loaded. Reload the page to try again.
        </p>
      )}
    </DetailFrame>
  );
}
