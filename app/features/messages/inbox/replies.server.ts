import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import {
  type Admin,
  inboundEmails,
  type MessageEventKind,
  messageEvents,
  messages,
  outgoingEmails,
  whatsappMessages,
  whatsappStatuses,
} from "~/db/schema";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import type { SentEmail } from "~/features/outgoing-mail/send-email-job.server";
import { UserFacingError } from "~/lib/errors";
import { env } from "~/lib/infra/env.server";
import { inboxMessages } from "../list-url";
import { replyAddress } from "../reply-address";
import { awaitingReply } from "../reply-clock.server";
import { scheduleReplyReminder } from "../reply-reminders.server";
import { firstReplyStamp, rowWrittenAt } from "./inbox.server";
import { actInTransaction, asActor } from "./message-actor.server";
import { replySubject } from "./reply-links";

/** Channels a reply sent outside the portal can be recorded for. */
export const recordedReplyChannels = {
  whatsapp: "replied-whatsapp",
  email: "replied-email",
} as const satisfies Record<string, MessageEventKind>;
export type RecordedReplyChannel = keyof typeof recordedReplyChannels;

function conversationReplyTo(token: string) {
  const { INBOUND_REPLY_ADDRESS: inbound, REPLY_TO } = env();
  return inbound ? replyAddress(inbound, token) : REPLY_TO;
}

/** The message to reply to, locked so two replies at once stamp replied_at once. */
async function lockMessage(tx: Transaction, id: string) {
  const [message] = await tx
    .select({
      id: messages.id,
      email: messages.email,
      subject: messages.subject,
      inquiryType: messages.inquiryType,
      reference: messages.reference,
      replyToken: messages.replyToken,
    })
    .from(messages)
    .where(eq(messages.id, id))
    .for("update");
  if (!message) throw new UserFacingError(inboxMessages.notFound, 404);
  return message;
}

/**
 * A visitor's answers in each channel (a mail, a WhatsApp message): when each arrived, whether it
 * restarted the clock, and when a reply answered it (its response time).
 */
const visitorAnswers = [
  {
    table: inboundEmails,
    id: inboundEmails.id,
    messageId: inboundEmails.messageId,
    restartedClock: inboundEmails.restartedClock,
    arrivedAt: inboundEmails.receivedAt,
    answeredAt: inboundEmails.answeredAt,
  },
  {
    table: whatsappMessages,
    id: whatsappMessages.id,
    messageId: whatsappMessages.messageId,
    restartedClock: whatsappMessages.restartedClock,
    arrivedAt: whatsappMessages.storedAt,
    answeredAt: whatsappMessages.answeredAt,
  },
];

/**
 * A reply makes the message replied; only the first reply stamps replied_at, as of `at` (by
 * default now). `onlyIfWaiting`: only a message still waiting for its reply changes status (a
 * delivered e-mail reply leaves a message staff archived meanwhile as it is).
 */
export async function markReplied(
  tx: Transaction,
  id: string,
  { at, onlyIfWaiting = false }: { at?: Date; onlyIfWaiting?: boolean } = {},
) {
  await tx
    .update(messages)
    .set({
      status: onlyIfWaiting
        ? sql`case when ${awaitingReply} then 'replied'::message_status else ${messages.status} end`
        : "replied",
      repliedAt: at ? sql`coalesce(${messages.repliedAt}, ${at})` : firstReplyStamp,
      updatedAt: rowWrittenAt,
    })
    .where(eq(messages.id, id));
  // The reply also answers the visitor's answers that restarted the clock: their response time.
  const answeredAt = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  for (const channel of visitorAnswers)
    await tx.execute(sql`
      update ${channel.table} set ${sql.identifier(channel.answeredAt.name)} = ${answeredAt}
      where ${channel.messageId} = ${id} and ${channel.restartedClock}
        and ${channel.answeredAt} is null and ${channel.arrivedAt} <= ${answeredAt}`);
}

/**
 * Sends the visitor an e-mail reply from the portal: queued for delivery (with retries) in the
 * transaction that records it in the message's history. The message stays on the reply clock
 * until the mail server accepts the reply (`replyDelivered`).
 */
export async function sendReply(actor: Pick<Admin, "id">, id: string, body: string) {
  await asActor(actor, async (tx) => {
    const message = await lockMessage(tx, id);
    if (!message.email) throw new UserFacingError(inboxMessages.noEmailAddress, 400, "body");
    const emailId = await queueEmail(tx, {
      kind: "reply",
      to: [message.email],
      subject: replySubject(message),
      text: body,
      messageId: id,
      // The visitor's answer comes back into this conversation (INBOUND_REPLY_ADDRESS), or at
      // least to a mailbox staff read (REPLY_TO), never to MAIL_FROM's no-reply address.
      replyTo: conversationReplyTo(message.replyToken),
    });
    await tx
      .insert(messageEvents)
      .values({ messageId: id, kind: "reply-sent", actorId: actor.id, emailId });
  });
}

/**
 * A reply the mail server accepted answers its message, as of its delivery: a message still
 * waiting becomes replied (recorded as the replying admin's change), and the first delivered
 * reply stamps replied_at. Runs in the transaction that marks the e-mail sent.
 */
export async function replyDelivered(tx: Transaction, email: SentEmail) {
  if (email.kind !== "reply" || !email.messageId) return;
  const [reply] = await tx
    .select({ actorId: messageEvents.actorId })
    .from(messageEvents)
    .where(and(eq(messageEvents.emailId, email.id), eq(messageEvents.kind, "reply-sent")));
  await actInTransaction(tx, reply?.actorId ?? null);
  await markReplied(tx, email.messageId, { at: email.sentAt, onlyIfWaiting: true });
}

/** Records a reply made on WhatsApp or from the admin's own e-mail app. */
export async function recordReply(
  actor: Pick<Admin, "id">,
  id: string,
  channel: RecordedReplyChannel,
) {
  await asActor(actor, async (tx) => {
    await lockMessage(tx, id);
    await tx
      .insert(messageEvents)
      .values({ messageId: id, kind: recordedReplyChannels[channel], actorId: actor.id });
    await markReplied(tx, id);
  });
}

/**
 * When the visitor has been answered, as the history stands: replies the mail server accepted
 * and nobody sent back, WhatsApp replies Meta accepted and did not report failed, and replies
 * recorded by hand; oldest first.
 */
async function answerTimes(tx: Transaction, id: string): Promise<Date[]> {
  const rows = await tx.execute<{ at: Date | string }>(sql`
    select ${outgoingEmails.sentAt} as at from ${outgoingEmails}
    where ${outgoingEmails.messageId} = ${id} and ${outgoingEmails.kind} = 'reply'
      and ${outgoingEmails.status} = 'sent' and ${outgoingEmails.bouncedAt} is null
      and ${outgoingEmails.sentAt} is not null
    union all
    select ${messageEvents.createdAt} from ${messageEvents}
    where ${messageEvents.messageId} = ${id}
      and ${messageEvents.kind} in ('replied-whatsapp', 'replied-email')
    union all
    select ${whatsappMessages.sentAt} from ${whatsappMessages}
    where ${whatsappMessages.messageId} = ${id} and ${whatsappMessages.direction} = 'out'
      and ${whatsappMessages.wamid} is not null
      and not exists (select 1 from ${whatsappStatuses} where ${whatsappStatuses.wamid} = ${whatsappMessages.wamid}
        and ${whatsappStatuses.status} = 'failed')
    order by at`);
  return rows.rows.map((row) => new Date(row.at));
}

/**
 * A reply the mail server accepted and the visitor's server later sent back answers nothing,
 * as one the mail server refused: what its delivery did is undone (`replyDelivered`). A message
 * it had made replied, with no other answer since its wait began, is waiting again (unread,
 * back in the lists and on its clock from the same start, its reminder armed); replied_at and
 * the answered visitor answers (the figures) move to the next answer that stands, or none.
 */
export async function replyBounced(tx: Transaction, emailId: string) {
  const [email] = await tx
    .select({ messageId: outgoingEmails.messageId, sentAt: outgoingEmails.sentAt })
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.id, emailId), eq(outgoingEmails.kind, "reply")));
  if (!email?.messageId || !email.sentAt) return;
  await answerWithdrawn(tx, email.messageId, email.sentAt);
}

/**
 * An answer that did not reach the visitor after all (an e-mail sent back, a WhatsApp reply
 * Meta reports failed), given when it had counted as sent: the conversation's answers are
 * counted again without it, as `replyBounced` tells.
 */
export async function answerWithdrawn(tx: Transaction, id: string, sentAt: Date) {
  const [message] = await tx.select().from(messages).where(eq(messages.id, id)).for("update");
  if (!message) return;
  const answers = await answerTimes(tx, id);
  const firstFrom = (start: Date) => answers.find((at) => at >= start) ?? null;
  const waitingAgain = message.status === "replied" && !firstFrom(message.waitingSince);
  await tx.execute(sql`select set_config('academy.actor_label', 'System', true)`);
  await tx
    .update(messages)
    .set({
      repliedAt: firstFrom(message.createdAt),
      ...(waitingAgain ? { status: "unread" as const } : {}),
    })
    .where(eq(messages.id, id));
  for (const channel of visitorAnswers) {
    const answered = await tx.execute<{ id: string; arrived_at: Date | string }>(sql`
      select ${channel.id} as id, ${channel.arrivedAt} as arrived_at from ${channel.table}
      where ${channel.messageId} = ${id} and ${channel.answeredAt} = ${sentAt.toISOString()}::timestamptz`);
    for (const row of answered.rows)
      await tx.execute(sql`
        update ${channel.table}
        set ${sql.identifier(channel.answeredAt.name)} = ${firstFrom(new Date(row.arrived_at))?.toISOString() ?? null}::timestamptz
        where ${channel.id} = ${row.id}`);
  }
  if (waitingAgain) await scheduleReplyReminder(tx, message);
}
