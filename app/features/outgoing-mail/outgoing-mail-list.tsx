import { Form } from "react-router";
import type { OutgoingEmail, OutgoingEmailKind } from "~/db/schema";
import { formatDateTime } from "~/lib/format/dates";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { IntentFields } from "~/ui/form/intent-fields";
import type { OutgoingMailOverview } from "./outgoing-mail.server";
import { emailStatusLabels as statusLabels } from "./schema";

const statusStyles: Record<OutgoingEmail["status"], string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

const kindLabels: Record<OutgoingEmailKind, string> = {
  "staff-alert": "Staff alert",
  "password-reset": "Password reset",
  "sign-in-link": "Sign-in link",
  reply: "Reply",
  acknowledgement: "Acknowledgement",
  assignment: "Assignment",
  reminder: "Reminder",
  application: "Application",
  payment: "Payment",
  "answer-alert": "Answer alert",
  certificate: "Certificate",
  sponsor: "Sponsor",
};

/** The 'Outgoing e-mail' status list of the Settings page (super admins). */
export function OutgoingMailList({
  overview,
  limit,
}: {
  overview: OutgoingMailOverview;
  limit: number;
}) {
  const { emails, counts } = overview;
  return (
    <>
      <p>
        E-mails the site sends (replies, acknowledgements, staff alerts, assignments, reminders,
        password resets) wait in a queue and are retried for a few hours while the mail server
        refuses them. Those that still fail are kept here to be sent again; a failed reply or
        acknowledgement also shows on its message.
      </p>
      <ul aria-label="E-mails by status" className="mt-3 flex flex-wrap gap-2">
        {(["queued", "sent", "failed"] as const).map((status) => (
          <li
            key={status}
            className={cn("rounded-full px-3 py-1 text-xs font-semibold", statusStyles[status])}
          >
            {statusLabels[status]}: {counts[status]}
          </li>
        ))}
      </ul>
      {emails.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">No e-mails yet.</p>
      ) : (
        <ol
          aria-label={`Outgoing e-mail, newest first (the latest ${limit})`}
          className="mt-3 divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {emails.map((email) => (
            <li key={email.id} data-email-id={email.id} className="flex flex-wrap gap-3 py-3">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-semibold",
                      statusStyles[email.status],
                    )}
                  >
                    {statusLabels[email.status]}
                  </span>
                  <span className="font-medium break-words text-slate-900 dark:text-white">
                    {email.subject}
                  </span>
                </p>
                <p className="text-xs break-words text-slate-600 dark:text-slate-400">
                  {kindLabels[email.kind] ?? email.kind} to {email.recipients.join(", ")}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Queued {formatDateTime(email.createdAt)}
                  {email.sentAt ? ` · Sent ${formatDateTime(email.sentAt)}` : ""}
                  {email.nextTryAt ? ` · Next try ${formatDateTime(email.nextTryAt)}` : ""} ·
                  Attempts: {email.attempts}
                </p>
                {email.lastError ? (
                  <p className="text-xs break-words">Last error: {email.lastError}</p>
                ) : null}
              </div>
              {email.status === "failed" ? (
                <Form method="post" className="self-center">
                  <IntentFields intent="retry-email" id={email.id} />
                  <Button type="submit" variant="outline" size="sm">
                    Retry {(kindLabels[email.kind] ?? "e-mail").toLowerCase()}
                    <span className="sr-only"> “{email.subject}”</span>
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
