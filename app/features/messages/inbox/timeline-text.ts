import type { OutgoingEmail } from "~/db/schema";
import { emailStatusLabels } from "~/features/outgoing-mail/schema";
import { capitalize } from "./message-badges";
import type { TimelineEntry } from "./timeline.server";

type Entry = Pick<TimelineEntry, "kind" | "actor" | "from" | "to" | "email">;

const byActor = (entry: Entry) => (entry.actor ? ` by ${entry.actor}` : "");
const change = (entry: Entry) =>
  `${capitalize(entry.from ?? "none")} → ${capitalize(entry.to ?? "none")}`;

/** One line of a message's history, as staff read it: 'Status: Read → Replied by Ade'. */
export function timelineText(entry: Entry): string {
  switch (entry.kind) {
    case "received":
      return "Received";
    case "status":
      return entry.from === "unread" && entry.to === "read"
        ? `Opened${byActor(entry)}`
        : `Status: ${change(entry)}${byActor(entry)}`;
    case "priority":
      return `Priority: ${change(entry)}${byActor(entry)}`;
    case "assigned":
      return entry.to ? `Assigned to ${entry.to}${byActor(entry)}` : `Unassigned${byActor(entry)}`;
    case "notes":
      return `Notes edited${byActor(entry)}`;
    case "reply-sent":
      return `E-mail reply${byActor(entry)}`;
    case "replied-whatsapp":
      return `Replied on WhatsApp (recorded${byActor(entry)})`;
    case "replied-email":
      return `Replied by e-mail (recorded${byActor(entry)})`;
    case "acknowledgement-sent":
      return "Acknowledgement e-mail to the visitor";
    case "reminder-sent":
      return entry.email?.recipients.length
        ? `Reminder sent to ${entry.email.recipients.join(", ")}`
        : "Reminder sent";
    case "visitor-answered":
      return `Answer by e-mail from ${entry.actor ?? "the visitor"}`;
    case "auto-reply":
      return `Automatic reply from ${entry.actor ?? "the visitor's mail server"} (no action needed)`;
    case "reply-bounced":
      return "E-mail not delivered: the visitor's mail server sent it back";
    case "whatsapp-received":
      return `WhatsApp message from ${entry.actor ?? "the visitor"}`;
    case "whatsapp-sent":
      return `WhatsApp reply${byActor(entry)}`;
  }
}

/** An e-mail's delivery status in words, as Settings → Outgoing e-mail names them. */
export function deliveryText(status: OutgoingEmail["status"]): string {
  return emailStatusLabels[status];
}
