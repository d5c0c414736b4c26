import type { LucideIcon } from "lucide-react";
import BellRing from "lucide-react/icons/bell-ring";
import Bot from "lucide-react/icons/bot";
import CircleDot from "lucide-react/icons/circle-dot";
import Flag from "lucide-react/icons/flag";
import Inbox from "lucide-react/icons/inbox";
import Mail from "lucide-react/icons/mail";
import MailCheck from "lucide-react/icons/mail-check";
import MailOpen from "lucide-react/icons/mail-open";
import MailX from "lucide-react/icons/mail-x";
import MessageCircle from "lucide-react/icons/message-circle";
import NotebookPen from "lucide-react/icons/notebook-pen";
import Paperclip from "lucide-react/icons/paperclip";
import Reply from "lucide-react/icons/reply";
import Send from "lucide-react/icons/send";
import UserMinus from "lucide-react/icons/user-minus";
import UserPlus from "lucide-react/icons/user-plus";
import { href } from "react-router";
import { formatFileSize } from "~/lib/format/file-size";
import { DateTime } from "~/ui/date-time";
import { LabelledSection } from "~/ui/labelled-section";
import { EarlierEntriesNote } from "~/ui/triage/timeline";
import type { ReceivedMail, MessageTimeline as Timeline, TimelineEntry } from "./timeline.server";
import { deliveryText, timelineText } from "./timeline-text";
import { WhatsappEntryView } from "./whatsapp-entry";

function iconOf(entry: TimelineEntry): LucideIcon {
  switch (entry.kind) {
    case "received":
      return Inbox;
    case "status":
      return entry.from === "unread" && entry.to === "read" ? MailOpen : CircleDot;
    case "priority":
      return Flag;
    case "assigned":
      return entry.to ? UserPlus : UserMinus;
    case "notes":
      return NotebookPen;
    case "reply-sent":
      return Send;
    case "replied-whatsapp":
      return MessageCircle;
    case "replied-email":
      return Mail;
    case "acknowledgement-sent":
      return MailCheck;
    case "reminder-sent":
      return BellRing;
    case "visitor-answered":
      return Reply;
    case "auto-reply":
      return Bot;
    case "reply-bounced":
      return MailX;
    case "whatsapp-received":
      return MessageCircle;
    case "whatsapp-sent":
      return Send;
  }
}

const deliveryStyles = {
  queued: "text-amber-800 dark:text-amber-300",
  sent: "text-emerald-800 dark:text-emerald-300",
  failed: "text-red-700 dark:text-red-400",
};

/** A visitor's answer: the new text, then the whole mail and its files one click away. */
function ReceivedMailText({ mail, messageId }: { mail: ReceivedMail; messageId: string }) {
  return (
    <div className="mt-1 space-y-1">
      <div className="rounded-md border-l-4 border-brand-600 bg-brand-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-900 dark:bg-slate-800/60 dark:text-slate-100">
        {mail.newText}
      </div>
      {mail.files.length ? (
        <ul aria-label="Files" className="text-xs">
          {mail.files.map((file) => (
            <li key={file.id} className="flex items-center gap-1">
              <Paperclip aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
              <a
                className="font-medium text-brand-800 underline dark:text-brand-300"
                href={href("/admin-portal/messages/:messageId/files/:fileId", {
                  messageId,
                  fileId: file.id,
                })}
              >
                {file.name}
              </a>
              <span className="text-slate-600 dark:text-slate-400">
                ({formatFileSize(file.size)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {mail.refusedFiles.length ? (
        <ul aria-label="Files not kept" className="text-xs text-red-700 dark:text-red-400">
          {mail.refusedFiles.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored list, never reordered; names may repeat
            <li key={index}>
              {file.name}: {file.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {mail.fullText.trim() !== mail.newText.trim() ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium text-brand-800 dark:text-brand-300">
            The whole e-mail
          </summary>
          <div className="mt-1 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-900 dark:bg-slate-800/60 dark:text-slate-100">
            {mail.subject ? `Subject: ${mail.subject}\n\n` : ""}
            {mail.fullText}
          </div>
        </details>
      ) : null}
    </div>
  );
}

function Entry({ entry, messageId }: { entry: TimelineEntry; messageId: string }) {
  const Icon = iconOf(entry);
  const at = new Date(entry.at);
  return (
    <li className="flex gap-3 py-2">
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words text-slate-900 dark:text-slate-100">{timelineText(entry)}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <DateTime at={at} />
          {entry.email && entry.kind !== "reminder-sent" && entry.email.recipients.length ? (
            <> · To {entry.email.recipients.join(", ")}</>
          ) : null}
          {entry.email ? (
            <>
              {" · "}
              {entry.email.bounced ? (
                <span className={deliveryStyles.failed}>E-mail: Sent back, not delivered</span>
              ) : (
                <span className={deliveryStyles[entry.email.status]}>
                  E-mail: {deliveryText(entry.email.status)}
                </span>
              )}
            </>
          ) : null}
        </p>
        {entry.received && entry.kind !== "reply-bounced" ? (
          <ReceivedMailText mail={entry.received} messageId={messageId} />
        ) : null}
        {entry.whatsapp ? (
          <WhatsappEntryView message={entry.whatsapp} messageId={messageId} />
        ) : null}
        {entry.email?.body ? (
          <details className="mt-1">
            <summary className="cursor-pointer text-xs font-medium text-brand-800 dark:text-brand-300">
              The e-mail sent
            </summary>
            <div className="mt-1 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-900 dark:bg-slate-800/60 dark:text-slate-100">
              {entry.email.body}
            </div>
          </details>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A message's conversation, oldest first and newest at the bottom: its arrival, staff replies
 * with their delivery, the visitor's answers, notes and every change, under 'Conversation'.
 */
export function MessageTimeline({
  timeline,
  messageId,
}: {
  timeline: Timeline;
  messageId: string;
}) {
  const [received, ...events] = timeline.entries;
  return (
    <LabelledSection
      id="message-history-heading"
      title="Conversation"
      level={3}
      headingClassName="text-base font-semibold text-slate-900 dark:text-white"
    >
      <ol className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {received ? <Entry entry={received} messageId={messageId} /> : null}
        <EarlierEntriesNote count={timeline.hidden} />
        {events.map((entry) => (
          <Entry key={entry.id} entry={entry} messageId={messageId} />
        ))}
      </ol>
    </LabelledSection>
  );
}
