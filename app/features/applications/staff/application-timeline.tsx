import { emailStatusLabels } from "~/features/outgoing-mail/schema";
import { DateTime } from "~/ui/date-time";
import { LabelledSection } from "~/ui/labelled-section";
import { EarlierEntriesNote } from "~/ui/triage/timeline";
import type {
  ApplicationTimelineEntry as Entry,
  ApplicationTimeline as Timeline,
} from "./application-detail.server";

const what: Record<Entry["kind"], string> = {
  applied: "Applied",
  viewed: "Opened",
  offered: "Place offered",
  "offer-reminded": "Offer reminder sent",
  accepted: "Offer accepted",
  declined: "Declined",
  waitlisted: "Moved to the waitlist",
  enrolled: "Marked as enrolled",
  withdrawn: "Withdrawn",
  expired: "Offer expired",
  notes: "Notes edited",
  assigned: "Assigned",
  "link-sent": "Private link sent",
  email: "E-mail to the applicant",
  "plan-chosen": "Payment plan chosen",
  "payment-received": "Payment received",
  "payment-flagged": "Payment flagged: it does not match what was asked",
  "proof-sent": "Proof of a bank transfer sent",
  "proof-rejected": "Bank transfer proof rejected",
  "due-date-moved": "Due date moved",
  "instalment-reminded": "Instalment reminder sent",
  "session-changed": "Told of a timetable change",
  "session-reminded": "Class reminder sent",
  refunded: "Refund recorded",
  "intake-cancelled": "Told that the intake was cancelled",
  transferred: "Moved to another intake",
  "name-confirmed": "Name for the certificate confirmed",
  "project-marked": "Final project marked",
  "certificate-issued": "Certificate issued",
  "certificate-revoked": "Certificate revoked",
  "certificate-reissued": "Certificate reissued",
  "code-entered": "Discount code entered",
  "code-removed": "Discount code removed",
  "scholarship-granted": "Scholarship granted",
};

/** One line of an application's history: 'Place offered by Ade Admin'. */
export function applicationTimelineText(entry: Pick<Entry, "kind" | "actor" | "detail">) {
  const by = ` by ${entry.actor}`;
  if (entry.kind === "assigned")
    return entry.detail?.to ? `Assigned to ${entry.detail.to}${by}` : `Unassigned${by}`;
  if (entry.kind === "waitlisted" && entry.detail?.place)
    return `${what.waitlisted} (No. ${entry.detail.place} in line)${by}`;
  if (entry.kind === "transferred" && entry.detail?.to)
    return `${what.transferred} (${entry.detail.to})${by}`;
  if (entry.kind === "certificate-reissued" && entry.detail?.serial)
    return `${what[entry.kind]} as ${entry.detail.serial} (replaces ${entry.detail.replaces})${by}`;
  if (entry.kind.startsWith("certificate-") && entry.detail?.serial)
    return `${what[entry.kind]} (${entry.detail.serial}${entry.detail.reason ? `: ${entry.detail.reason}` : ""})${by}`;
  if ((entry.kind === "code-entered" || entry.kind === "code-removed") && entry.detail?.code)
    return `${what[entry.kind]} (${entry.detail.code})${by}`;
  if (entry.kind === "scholarship-granted" && entry.detail?.off)
    return `${what[entry.kind]} (${entry.detail.off} off: ${entry.detail.reason})${by}`;
  if (entry.kind === "project-marked" && entry.detail?.result)
    return `${what[entry.kind]} ${entry.detail.result}${by}`;

  return `${what[entry.kind]}${by}`;
}

const deliveryStyles = {
  queued: "text-amber-800 dark:text-amber-300",
  sent: "text-emerald-800 dark:text-emerald-300",
  failed: "text-red-700 dark:text-red-400",
};

/** An application's history, oldest first, with each e-mail's delivery. */
export function ApplicationTimeline({ timeline }: { timeline: Timeline }) {
  return (
    <LabelledSection
      id="application-history-heading"
      title="History"
      level={3}
      headingClassName="text-base font-semibold text-slate-900 dark:text-white"
    >
      <ol className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        <EarlierEntriesNote count={timeline.hidden} />
        {timeline.entries.map((entry) => {
          const at = new Date(entry.at);
          return (
            <li key={entry.id} className="py-2 text-sm">
              <p className="break-words text-slate-900 dark:text-slate-100">
                {applicationTimelineText(entry)}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <DateTime at={at} />
                {entry.email ? (
                  <>
                    {entry.email.recipients.length ? (
                      <> · To {entry.email.recipients.join(", ")}</>
                    ) : null}
                    {" · "}
                    <span className={deliveryStyles[entry.email.status]}>
                      E-mail: {emailStatusLabels[entry.email.status]}
                    </span>
                    {entry.email.lastError ? <> ({entry.email.lastError})</> : null}
                  </>
                ) : null}
              </p>
            </li>
          );
        })}
      </ol>
    </LabelledSection>
  );
}
