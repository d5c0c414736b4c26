import type { LucideIcon } from "lucide-react";
import BellRing from "lucide-react/icons/bell-ring";
import CircleDot from "lucide-react/icons/circle-dot";
import Flag from "lucide-react/icons/flag";
import Inbox from "lucide-react/icons/inbox";
import Mail from "lucide-react/icons/mail";
import MailCheck from "lucide-react/icons/mail-check";
import MailOpen from "lucide-react/icons/mail-open";
import MessageCircle from "lucide-react/icons/message-circle";
import NotebookPen from "lucide-react/icons/notebook-pen";
import Send from "lucide-react/icons/send";
import UserMinus from "lucide-react/icons/user-minus";
import UserPlus from "lucide-react/icons/user-plus";
import { formatDateTime } from "~/lib/format/dates";
import type { MessageTimeline as Timeline, TimelineEntry } from "./timeline.server";
import { deliveryText, timelineText } from "./timeline-text";

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
  }
}

const deliveryStyles = {
  queued: "text-amber-800 dark:text-amber-300",
  sent: "text-emerald-800 dark:text-emerald-300",
  failed: "text-red-700 dark:text-red-400",
};

function Entry({ entry }: { entry: TimelineEntry }) {
  const Icon = iconOf(entry);
  const at = new Date(entry.at);
  return (
    <li className="flex gap-3 py-2">
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words text-slate-900 dark:text-slate-100">{timelineText(entry)}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>
          {entry.email && entry.kind !== "reminder-sent" && entry.email.recipients.length ? (
            <> · To {entry.email.recipients.join(", ")}</>
          ) : null}
          {entry.email ? (
            <>
              {" · "}
              <span className={deliveryStyles[entry.email.status]}>
                E-mail: {deliveryText(entry.email.status)}
              </span>
            </>
          ) : null}
        </p>
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

/** A message's history, oldest first, under the heading 'History'. */
export function MessageTimeline({ timeline }: { timeline: Timeline }) {
  const [received, ...events] = timeline.entries;
  return (
    <section aria-labelledby="message-history-heading">
      <h3
        id="message-history-heading"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        History
      </h3>
      <ol className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {received ? <Entry entry={received} /> : null}
        {timeline.hidden > 0 ? (
          <li className="py-2 text-sm text-slate-600 italic dark:text-slate-400">
            {timeline.hidden.toLocaleString("en-NG")} earlier{" "}
            {timeline.hidden === 1 ? "entry" : "entries"} not shown
          </li>
        ) : null}
        {events.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  );
}
