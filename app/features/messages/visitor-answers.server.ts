import { eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { messageEvents, messages, type NewMessageEvent } from "~/db/schema";
import { isAwaitingReply } from "~/features/reply-clock/reply-clock";
import { queueAnswerAlert } from "./answer-alerts.server";
import { scheduleReplyReminder } from "./reply-reminders.server";

/** The conversation's row, locked for the rest of the transaction. */
export async function lockConversation(tx: Transaction, messageId: string) {
  const [message] = await tx
    .select()
    .from(messages)
    .where(eq(messages.id, messageId))
    .for("update");
  if (!message) throw new Error("The conversation was deleted while an answer was stored");
  return message;
}

/**
 * A visitor's answer (an e-mail, a WhatsApp message) joins its conversation, recorded by
 * `event`. A conversation staff had answered (or archived) is reopened: unread, back in the
 * inbox, its 24-hour clock restarted from this answer and its reminder armed again. One still
 * waiting for its reply only becomes unread: its clock keeps running from the message that is
 * still unanswered. Resolves to whether the answer restarted the clock.
 */
export async function answerJoinsConversation(
  tx: Transaction,
  messageId: string,
  answer: {
    receivedAt: Date;
    text: string;
    event: Pick<NewMessageEvent, "kind" | "inboundEmailId" | "whatsappMessageId">;
  },
): Promise<boolean> {
  await tx.execute(sql`select set_config('academy.actor_label', 'System', true)`);
  const message = await lockConversation(tx, messageId);
  const waiting = isAwaitingReply(message.status);
  const [reopened] = await tx
    .update(messages)
    .set({
      status: "unread",
      ...(waiting ? {} : { waitingSince: answer.receivedAt, remindedAt: null }),
    })
    .where(eq(messages.id, messageId))
    .returning();
  if (!waiting && reopened) await scheduleReplyReminder(tx, reopened);
  await tx.insert(messageEvents).values({ messageId, ...answer.event });
  if (reopened) await queueAnswerAlert(tx, reopened, answer.text);
  return !waiting;
}
