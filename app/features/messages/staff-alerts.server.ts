import type { Transaction } from "~/db/client.server";
import type { NewMessage } from "~/db/schema";
import { env } from "~/lib/env.server";
import { queueEmail } from "~/lib/outgoing-mail.server";
import { defaultInboxQuery, inboxHref } from "./inbox-query";

/** The e-mail to NOTIFY_EMAILS about a new message. */
export function staffAlert(message: NewMessage & { id: string }, publicUrl: string) {
  const kind = message.formType === "inquiry" ? "inquiry" : "contact message";
  const lines = [
    `A new ${kind} has arrived.`,
    "",
    `From: ${message.fullName} <${message.email}>`,
    ...(message.phone ? [`Phone: ${message.phone}`] : []),
    `Form: ${message.formType === "inquiry" ? "Course inquiry" : "Contact form"}`,
    ...(message.courseInterest ? [`Course of interest: ${message.courseInterest}`] : []),
    ...(message.inquiryType ? [`Purpose: ${message.inquiryType}`] : []),
    ...(message.subject ? [`Subject: ${message.subject}`] : []),
    ...(message.contactMethod ? [`Preferred contact: ${message.contactMethod}`] : []),
    "",
    ...(message.message ? [message.message, ""] : []),
    `Open it in the portal: ${publicUrl}${inboxHref(defaultInboxQuery, message.id)}`,
  ];
  return {
    subject: `New ${kind} from ${message.fullName}${message.courseInterest ? ` (${message.courseInterest})` : ""}`,
    text: lines.join("\n"),
  };
}

/**
 * Queues the staff alert of a message in the transaction that stores it: the message and its
 * alert are kept together or not at all, and the job queue delivers the alert (with retries)
 * without the visitor waiting for the mail server.
 */
export async function queueStaffAlert(tx: Transaction, message: NewMessage & { id: string }) {
  const { NOTIFY_EMAILS: recipients, publicUrl } = env();
  if (!recipients.length) return;
  await queueEmail(tx, {
    kind: "staff-alert",
    to: recipients,
    ...staffAlert(message, publicUrl),
    messageId: message.id,
  });
}
