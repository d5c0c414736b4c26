import type { Transaction } from "~/db/client.server";
import type { Message } from "~/db/schema";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { env } from "~/lib/infra/env.server";
import { answerAlertEmail } from "./message-emails.server";
import { assigneeOrStaff } from "./reply-reminders.server";

/**
 * Tells the admin the conversation is assigned to (else NOTIFY_EMAILS) that the visitor has
 * answered, in the transaction that stores the answer. Only staff get it: nothing goes back to
 * the visitor, so no automatic mail can start a loop.
 */
export async function queueAnswerAlert(tx: Transaction, message: Message, answer: string) {
  const recipients = await assigneeOrStaff(tx, message.assignedTo);
  if (!recipients.length) return;
  await queueEmail(tx, {
    kind: "answer-alert",
    to: recipients,
    ...answerAlertEmail(message, answer, env().publicUrl),
    messageId: message.id,
  });
}
