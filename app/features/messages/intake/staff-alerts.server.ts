import type { Transaction } from "~/db/client.server";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { env } from "~/lib/infra/env.server";
import { type MessageForEmail, staffAlertEmail } from "../message-emails.server";

/**
 * Queues the staff alert of a message in the transaction that stores it: the message and its
 * alert are kept together or not at all, and the job queue delivers the alert (with retries)
 * without the visitor waiting for the mail server.
 */
export async function queueStaffAlert(tx: Transaction, message: MessageForEmail) {
  const { NOTIFY_EMAILS: recipients, publicUrl } = env();
  if (!recipients.length) return;
  await queueEmail(tx, {
    kind: "staff-alert",
    to: recipients,
    ...staffAlertEmail(message, publicUrl),
    messageId: message.id,
  });
}
