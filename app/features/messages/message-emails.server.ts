import type { Message } from "~/db/schema";
import { REPLY_PROMISE_HOURS, replyClock } from "~/features/reply-clock/reply-clock";
import { formatDateTime } from "~/lib/format/dates";
import { fullAddress, siteConfig } from "~/lib/site/site-config";
import { firstName } from "~/lib/text/person-name";
import { formTypeNames } from "./form-types";
import { defaultInboxQuery, inboxHref } from "./list-url";
import { formatReference } from "./reference";

// The texts of every e-mail about a visitor's message: the staff alert, the visitor's
// acknowledgement, the assignee's notice and the 20-hour reminder. Plain text; the senders are
// in staff-alerts, acknowledgements, assignment-emails and reply-reminders (*.server.ts).

/** What the e-mails say about a message: a stored row's own columns. */
export type MessageForEmail = Pick<
  Message,
  | "id"
  | "reference"
  | "formType"
  | "fullName"
  | "email"
  | "phone"
  | "subject"
  | "message"
  | "inquiryType"
  | "courseInterest"
  | "contactMethod"
  | "createdAt"
  | "waitingSince"
>;

export type EmailText = { subject: string; text: string };

const isInquiry = (message: MessageForEmail) => message.formType === "inquiry";
const kinds = {
  inquiry: "inquiry",
  contact: "contact message",
  email: "e-mail",
  whatsapp: "WhatsApp message",
} as const;
const kindOf = (message: MessageForEmail) => kinds[message.formType];
const formName = (message: MessageForEmail) => formTypeNames[message.formType];
const tag = (message: MessageForEmail) => `[${formatReference(message.reference)}]`;

/** What the visitor asked about: the form and its choices, one per line. */
function askedAbout(message: MessageForEmail) {
  return [
    `Form: ${formName(message)}`,
    ...(message.courseInterest ? [`Course of interest: ${message.courseInterest}`] : []),
    ...(message.inquiryType ? [`Purpose: ${message.inquiryType}`] : []),
    ...(message.subject ? [`Subject: ${message.subject}`] : []),
  ];
}

/** Who wrote: their name and address, or their name and number for WhatsApp. */
const sender = (message: MessageForEmail) =>
  `${message.fullName} <${message.email ?? message.phone ?? "no address"}>`;

/** Everything staff need to answer a message, one fact per line. */
function messageFacts(message: MessageForEmail) {
  return [
    `Reference: ${formatReference(message.reference)}`,
    `From: ${sender(message)}`,
    ...(message.phone ? [`Phone: ${message.phone}`] : []),
    ...askedAbout(message),
    ...(message.contactMethod ? [`Preferred contact: ${message.contactMethod}`] : []),
    `Received: ${formatDateTime(message.createdAt)} (Lagos time)`,
  ];
}

/** The visitor's text in full, then the link staff open it with. */
function textAndLink(message: MessageForEmail, publicUrl: string) {
  return [
    "",
    ...(message.message ? [message.message, ""] : []),
    `Open it in the portal: ${publicUrl}${inboxHref(defaultInboxQuery, message.id)}`,
  ];
}

/**
 * An e-mail to staff about a message: `intro`, then the message's facts, the visitor's text and
 * the link that opens it in the portal.
 */
function staffEmail(
  message: MessageForEmail,
  publicUrl: string,
  subject: string,
  intro: string[],
): EmailText {
  return {
    subject,
    text: [...intro, "", ...messageFacts(message), ...textAndLink(message, publicUrl)].join("\n"),
  };
}

/** The e-mail to NOTIFY_EMAILS about a new message. */
export function staffAlertEmail(message: MessageForEmail, publicUrl: string): EmailText {
  const course = message.courseInterest ? ` (${message.courseInterest})` : "";
  return staffEmail(
    message,
    publicUrl,
    `New ${kindOf(message)} from ${message.fullName}${course} ${tag(message)}`,
    [`A new ${kindOf(message)} has arrived.`],
  );
}

export const promiseLine = `We will reply within ${REPLY_PROMISE_HOURS} hours.`;

/** The office hours on one line: 'Monday - Friday 9:00 - 18:00, Saturday 10:00 - 16:00, …'. */
const officeHoursText = siteConfig.officeHours
  .map((entry) => `${entry.days} ${entry.hours.toLowerCase()}`)
  .join(", ");

export const officeClosedLine = `Our office is closed right now (office hours, Lagos time: ${officeHoursText}), but the ${REPLY_PROMISE_HOURS} hours still count.`;

const signature = (publicUrl: string) => [
  siteConfig.name,
  fullAddress,
  `Phone: ${siteConfig.phones.join(", ")}`,
  `E-mail: ${siteConfig.emails.join(", ")}`,
  publicUrl,
];

/**
 * The visitor's receipt: their reference, what they asked and the 24-hour promise. Their own
 * text is not quoted: the address is whatever was typed, and the e-mail must not carry a
 * stranger's words to it, with a word on the office hours when it arrived while the office was shut.
 */
export function acknowledgementEmail(
  message: MessageForEmail,
  { officeOpen, publicUrl }: { officeOpen: boolean; publicUrl: string },
): EmailText {
  const what = isInquiry(message)
    ? `inquiry${message.courseInterest ? ` about ${message.courseInterest}` : ""}`
    : "message";
  const reference = formatReference(message.reference);
  return {
    subject: `We received your ${what} ${tag(message)}`,
    text: [
      `Hello ${firstName(message.fullName)},`,
      "",
      `Thank you for writing to ${siteConfig.name}. We received your ${kindOf(message)} on ${formatDateTime(message.createdAt)} (Lagos time). Its reference is ${reference}; please quote it if you write to us about it.`,
      "",
      "You asked about:",
      ...askedAbout(message),
      "",
      promiseLine,
      ...(officeOpen ? [] : [officeClosedLine]),
      "",
      ...signature(publicUrl),
    ].join("\n"),
  };
}

/** The notice to an admin that someone else assigned them a message. */
export function assignmentEmail(
  message: MessageForEmail & Pick<Message, "status">,
  {
    assigneeName,
    assignedBy,
    publicUrl,
    now = new Date(),
  }: { assigneeName: string; assignedBy: string | null; publicUrl: string; now?: Date },
): EmailText {
  const clock = replyClock(message, now);
  const standing = clock
    ? `: ${clock.label}.`
    : message.status === "archived"
      ? ". It is archived."
      : ". It has been replied to.";
  return staffEmail(
    message,
    publicUrl,
    `Assigned to you: ${kindOf(message)} from ${message.fullName} ${tag(message)}`,
    [
      `Hello ${firstName(assigneeName)},`,
      "",
      `${assignedBy ?? "Another admin"} assigned you this ${kindOf(message)}. The visitor was promised a reply within ${REPLY_PROMISE_HOURS} hours of when it arrived${standing}`,
    ],
  );
}

/**
 * The reminder of a message still waiting for its reply, 20 hours in; it says how things stand
 * when it is sent (a reminder delayed by a restart may find the message overdue already).
 */
export function reminderEmail(
  message: MessageForEmail,
  publicUrl: string,
  now: Date = new Date(),
): EmailText {
  const owner = `${message.fullName}'s ${isInquiry(message) ? "inquiry" : "message"}`;
  const clock = replyClock({ waitingSince: message.waitingSince, status: "unread" }, now);
  return staffEmail(
    message,
    publicUrl,
    `Reminder: ${owner} ${tag(message)}: ${clock?.shortLabel ?? "no reply yet"}`,
    [
      `Reminder: ${owner} ${tag(message)} has no reply yet: ${clock?.label ?? "waiting"}. The visitor was promised a reply within ${REPLY_PROMISE_HOURS} hours.`,
    ],
  );
}

/**
 * The alert to the assignee (else NOTIFY_EMAILS) that a visitor answered in a conversation,
 * with the answer's new text; its clock restarts if the conversation had been answered.
 */
export function answerAlertEmail(
  message: MessageForEmail,
  answer: string,
  publicUrl: string,
): EmailText {
  return {
    subject: `${message.fullName} answered ${tag(message)}`,
    text: [
      `${message.fullName} answered ${message.formType === "whatsapp" ? "on WhatsApp" : "by e-mail"}. The conversation is back in the inbox, waiting for a reply within ${REPLY_PROMISE_HOURS} hours.`,
      "",
      `Reference: ${formatReference(message.reference)}`,
      `From: ${sender(message)}`,
      "",
      answer,
      "",
      `Open it in the portal: ${publicUrl}${inboxHref(defaultInboxQuery, message.id)}`,
    ].join("\n"),
  };
}
