import { Link } from "react-router";
import { defaultInboxQuery, inboxHref } from "~/features/messages/list-url";
import { formatReplyTime } from "~/features/reply-clock/reply-clock";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { formatPhone } from "~/lib/text/phone-format";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { LabelledSection } from "~/ui/labelled-section";
import { DetailFrame } from "~/ui/triage/detail-frame";
import { DetailRow, EmailDetailRow } from "~/ui/triage/detail-row";
import { AdminNotesForm, SaveOnChangeSelect } from "~/ui/triage/record-forms";
import {
  applicationLimits,
  applicationStatusLabels,
  formatApplicationReference,
  mayMove,
  staffMoves,
} from "../application-rules";
import type { AdmissionConfirm } from "./admissions-schema";
import { ApplicationClockBadge, ApplicationStatusBadge } from "./application-badges";
import type {
  ApplicationDetail as Detail,
  PersonRecords,
  ApplicationTimeline as Timeline,
} from "./application-detail.server";
import { ApplicationTimeline } from "./application-timeline";

type AdminOption = { id: string; name: string };

const moveLabels: Record<AdmissionConfirm, string> = {
  offer: "Offer a place",
  waitlist: "Waitlist",
  enrol: "Mark enrolled",
  decline: "Decline",
  withdraw: "Withdraw",
};
const moves = Object.keys(moveLabels) as AdmissionConfirm[];

/** '2 days 4 h left', or 'passed' once the deadline is behind us. */
function timeLeft(deadline: Date | string, now: string) {
  const minutes = (new Date(deadline).getTime() - new Date(now).getTime()) / 60_000;
  return minutes > 0 ? `${formatReplyTime(minutes)} left` : "passed";
}

export function ApplicationDetail({
  application,
  admins,
  timeline,
  person,
  closeHref,
  confirmHref,
  applicationHref,
  now,
  payments,
  reply,
}: {
  application: Detail;
  admins: AdminOption[];
  /** Null when it could not be read: the application still shows. */
  timeline: Timeline | null;
  person: PersonRecords | null;
  closeHref: string;
  confirmHref: (move: AdmissionConfirm) => string;
  applicationHref: (id: string) => string;
  now: string;
  /** The Payments section (the payments feature's), where the place has any. */
  payments?: React.ReactNode;
  /** The page action's last answer: refused notes come back with their text and error. */
  reply: ActionReply | undefined;
}) {
  const reference = formatApplicationReference(application.reference);
  return (
    <DetailFrame
      headingId="application-heading"
      heading={application.fullName}
      facts={
        <>
          {application.courseTitle} · {application.intakeLabel} ·{" "}
          <span className="font-mono">{reference}</span>
        </>
      }
      badges={
        <>
          <ApplicationStatusBadge status={application.status} />
          <ApplicationClockBadge application={application} now={now} />
        </>
      }
      closeHref={closeHref}
      closeLabel="Close application"
    >
      <div className="flex flex-wrap gap-2">
        {moves
          .filter((move) => mayMove(staffMoves, move, application.status))
          .map((move) => (
            <Link
              key={move}
              to={confirmHref(move)}
              preventScrollReset
              className={cn(
                buttonClasses(move === "offer" ? "primary" : "outline", "sm"),
                (move === "decline" || move === "withdraw") && "text-red-700 dark:text-red-400",
              )}
            >
              {moveLabels[move]}
            </Link>
          ))}
      </div>

      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <EmailDetailRow email={application.email} />
        <DetailRow label="Phone">{formatPhone(application.phone)}</DetailRow>
        <DetailRow label="Experience">{application.experienceLevel}</DetailRow>
        <DetailRow label="Heard from">{application.heardFrom}</DetailRow>
        <DetailRow label="Intake">
          {application.courseTitle} · {application.intakeLabel} (starts{" "}
          {formatFullDate(application.startsOn)})
        </DetailRow>
        <DetailRow label="Status">{applicationStatusLabels[application.status]}</DetailRow>
        {application.status === "offered" && application.offerExpiresAt ? (
          <DetailRow label="Accept by">
            {formatDateTime(application.offerExpiresAt)} (Lagos time) ·{" "}
            {timeLeft(application.offerExpiresAt, now)}
          </DetailRow>
        ) : null}
        {application.waitlistPlace ? (
          <DetailRow label="Waitlist">No. {application.waitlistPlace} in line</DetailRow>
        ) : null}
        <DetailRow label="Applied">{formatDateTime(application.createdAt)}</DetailRow>
      </dl>

      <LabelledSection
        id="application-goals-heading"
        title="Goals"
        level={3}
        headingClassName="text-base font-semibold"
      >
        <p className="mt-1 rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-900 dark:bg-slate-800/60 dark:text-slate-100">
          {application.goals}
        </p>
      </LabelledSection>

      <SaveOnChangeSelect
        id="application-assignee"
        intent="assign"
        recordId={application.id}
        name="assignedTo"
        label="Assigned to"
        value={application.assignedTo ?? ""}
        options={[
          { value: "", label: "Unassigned" },
          ...admins.map((admin) => ({ value: admin.id, label: admin.name })),
        ]}
      />

      <AdminNotesForm
        id="application-notes"
        recordId={application.id}
        notes={application.adminNotes}
        maxLength={applicationLimits.notes}
        reply={reply}
      />

      {payments}

      {person ? <PersonRecordsList person={person} applicationHref={applicationHref} /> : null}

      {timeline ? (
        <ApplicationTimeline timeline={timeline} />
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          The history could not be loaded. Reload the page to try again.
        </p>
      )}
    </DetailFrame>
  );
}

/** The person's other applications and messages (same e-mail address or phone number). */
function PersonRecordsList({
  person,
  applicationHref,
}: {
  person: PersonRecords;
  applicationHref: (id: string) => string;
}) {
  if (!person.applicationCount && !person.messageCount) return null;
  const link = "text-brand-800 underline dark:text-brand-300";
  return (
    <LabelledSection
      id="person-records-heading"
      title="Also from this person"
      level={3}
      className="grid gap-2 text-sm"
      headingClassName="text-base font-semibold"
    >
      {person.applicationCount ? (
        <>
          <p>
            {person.applicationCount} other{" "}
            {person.applicationCount === 1 ? "application" : "applications"}
          </p>
          <ul className="grid gap-1">
            {person.applications.map((other) => (
              <li key={other.id}>
                <Link to={applicationHref(other.id)} preventScrollReset className={link}>
                  {formatApplicationReference(other.reference)}: {other.courseTitle} ·{" "}
                  {other.intakeLabel}
                </Link>{" "}
                ({applicationStatusLabels[other.status]}, {formatDateTime(other.createdAt)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {person.messageCount ? (
        <>
          <p>
            {person.messageCount} {person.messageCount === 1 ? "message" : "messages"}
          </p>
          <ul className="grid gap-1">
            {person.messages.map((message) => (
              <li key={message.id}>
                <Link to={inboxHref(defaultInboxQuery, message.id)} className={link}>
                  {message.subject ?? message.courseInterest ?? message.inquiryType ?? "Message"}
                </Link>{" "}
                ({message.status}, {formatDateTime(message.createdAt)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </LabelledSection>
  );
}
