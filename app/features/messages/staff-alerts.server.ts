import type { NewMessage } from "~/db/schema";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
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
 * Alerts staff of a stored message. Called after the message is saved and not awaited by the
 * visitor's request: a mail failure is logged and never loses or delays the message.
 */
export async function alertStaff(message: NewMessage & { id: string }) {
  const { NOTIFY_EMAILS: recipients, publicUrl } = env();
  if (!recipients.length) return;
  try {
    await sendMail({ to: recipients, ...staffAlert(message, publicUrl) });
  } catch (error) {
    logger.error({ err: error }, "Alerting staff of a new message failed");
  }
}
