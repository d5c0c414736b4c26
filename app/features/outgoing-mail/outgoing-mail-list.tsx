import { Form } from "react-router";
import type { OutgoingEmail } from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import type { OutgoingMailOverview } from "./outgoing-mail.server";

const statusLabels: Record<OutgoingEmail["status"], string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
};

const statusStyles: Record<OutgoingEmail["status"], string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

const kindLabels: Record<string, string> = {
  "staff-alert": "Staff alert",
  "password-reset": "Password reset",
};

const headerClasses =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300";

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
        E-mails the site sends (staff alerts, password resets) wait in a queue and are retried for a
        few hours while the mail server refuses them. Those that still fail are kept here to be sent
        again.
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
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-left dark:divide-slate-800">
            <caption className="sr-only">
              Outgoing e-mail, newest first (the latest {limit})
            </caption>
            <thead className="bg-slate-50 dark:bg-slate-800/50">
              <tr>
                <th scope="col" className={headerClasses}>
                  Status
                </th>
                <th scope="col" className={headerClasses}>
                  E-mail
                </th>
                <th scope="col" className={headerClasses}>
                  Attempts
                </th>
                <th scope="col" className={headerClasses}>
                  Last error
                </th>
                <th scope="col" className={headerClasses}>
                  Times (Lagos)
                </th>
                <th scope="col" className={headerClasses}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {emails.map((email) => (
                <tr key={email.id} data-email-id={email.id} className="align-top">
                  <td className="px-3 py-2">
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
                        statusStyles[email.status],
                      )}
                    >
                      {statusLabels[email.status]}
                    </span>
                  </td>
                  <td className="min-w-56 px-3 py-2">
                    <p className="font-medium text-slate-900 dark:text-white">{email.subject}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {kindLabels[email.kind] ?? email.kind} to{" "}
                      <span className="break-all">{email.recipients.join(", ")}</span>
                    </p>
                  </td>
                  <td className="px-3 py-2">{email.attempts}</td>
                  <td className="max-w-72 px-3 py-2 text-xs break-words">
                    {email.lastError ?? "—"}
                  </td>
                  <td className="px-3 py-2 text-xs whitespace-nowrap">
                    <p>Queued {formatDateTime(email.createdAt)}</p>
                    {email.sentAt ? <p>Sent {formatDateTime(email.sentAt)}</p> : null}
                  </td>
                  <td className="px-3 py-2">
                    {email.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry-email" />
                        <input type="hidden" name="id" value={email.id} />
                        <Button type="submit" variant="outline" size="sm">
                          Retry<span className="sr-only"> “{email.subject}”</span>
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
