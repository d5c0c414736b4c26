import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  courses,
  messageEvents,
  messages,
  type WhatsappContent,
  whatsappMessages,
} from "~/db/schema";
import { queueStaffAlert } from "~/features/messages/intake/staff-alerts.server";
import { scheduleReplyReminder } from "~/features/messages/reply-reminders.server";
import {
  answerJoinsConversation,
  lockConversation,
} from "~/features/messages/visitor-answers.server";
import { courseNamedInGreeting } from "~/features/site/whatsapp";
import { logger } from "~/lib/infra/logger.server";
import { mailAttachments } from "~/lib/infra/storage/index.server";
import { toInternationalPhone } from "~/lib/text/phone-number";
import type { GraphApi } from "./graph-api.server";
import type { InboundMessage } from "./webhook-payload";
import { keepMedia, mediaOf } from "./whatsapp-media.server";

export type WhatsappOutcome = "new-conversation" | "answer" | "duplicate";

/** The sender's number as the forms store it (E.164): the key that finds the person. */
export const senderPhone = (from: string) => toInternationalPhone(`+${from}`) ?? `+${from}`;

/** What staff read of a message: its text, caption, place or button; files are shown apart. */
function textOf(message: InboundMessage): string {
  if (message.text) return message.text.body;
  const media = mediaOf(message);
  if (media) return message[media.type]?.caption ?? "";
  if (message.location) {
    const { name, address } = message.location;
    return [name, address].filter(Boolean).join(", ");
  }
  return message.button?.text ?? "";
}

function contentOf(message: InboundMessage): WhatsappContent {
  const { latitude, longitude, name, address } = message.location ?? {};
  return {
    type: message.type,
    ...(latitude !== undefined && longitude !== undefined
      ? { location: { latitude, longitude, name, address } }
      : {}),
  };
}

async function alreadyStored(wamid: string) {
  const [row] = await db()
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.wamid, wamid));
  return Boolean(row);
}

/** The person's WhatsApp conversation still in the inbox (not archived), newest first. */
async function openConversationOf(tx: Transaction, phone: string) {
  const [open] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.formType, "whatsapp"),
        eq(messages.phone, phone),
        ne(messages.status, "archived"),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return open?.id ?? null;
}

/** The active course the button's prefilled text names, if any. */
async function courseOf(text: string) {
  const title = courseNamedInGreeting(text);
  if (!title) return null;
  const [course] = await db()
    .select({ title: courses.title })
    .from(courses)
    .where(and(sql`lower(${courses.title}) = lower(${title})`, eq(courses.isActive, true)))
    .limit(1);
  return course?.title ?? null;
}

class AlreadyStored extends Error {}

/**
 * Receives one visitor's WhatsApp message into the conversations: it joins the person's open
 * WhatsApp conversation (found by their number), or starts one on the 24-hour clock with a
 * staff alert. Stored once by its wamid however often Meta delivers it, across processes; a
 * file is fetched first, outside the transaction, and forgotten if the message was not stored.
 * Throws when the database is away: the job tries again.
 */
export async function receiveWhatsappMessage(
  api: GraphApi,
  message: InboundMessage,
  profileName: string | null,
): Promise<WhatsappOutcome> {
  if (await alreadyStored(message.id)) return "duplicate";
  const phone = senderPhone(message.from);
  const text = textOf(message).slice(0, 8192);
  const media = mediaOf(message);
  const content = {
    ...contentOf(message),
    ...(media ? await keepMedia(api, media) : {}),
  };
  const sentAt = new Date(Number(message.timestamp) * 1000);
  const course = await courseOf(text);
  try {
    return await db().transaction(async (tx) => {
      // One conversation per person, even when two of their messages arrive at once in two
      // processes: the second waits here and then finds the first's conversation.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp:${phone}`}))`);
      const openId = await openConversationOf(tx, phone);
      if (openId) await lockConversation(tx, openId);
      const conversationId =
        openId ?? (await startConversation(tx, { phone, profileName, text, course }));
      const [stored] = await tx
        .insert(whatsappMessages)
        .values({
          messageId: conversationId,
          wamid: message.id,
          direction: "in",
          body: text,
          content,
          contextWamid: message.context?.id ?? null,
          sentAt,
        })
        .onConflictDoNothing({ target: whatsappMessages.wamid })
        .returning({ id: whatsappMessages.id, storedAt: whatsappMessages.storedAt });
      // Another delivery of the same message committed first: undo the conversation it started.
      if (!stored) throw new AlreadyStored();
      if (!openId) {
        await tx.insert(messageEvents).values({
          messageId: conversationId,
          kind: "whatsapp-received",
          whatsappMessageId: stored.id,
        });
        return "new-conversation";
      }
      if (course)
        await tx
          .update(messages)
          .set({ courseInterest: course })
          .where(and(eq(messages.id, openId), sql`${messages.courseInterest} is null`));
      const restarted = await answerJoinsConversation(tx, openId, {
        receivedAt: stored.storedAt,
        text: text || media?.name || message.type,
        event: { kind: "whatsapp-received", whatsappMessageId: stored.id },
      });
      if (restarted)
        await tx
          .update(whatsappMessages)
          .set({ restartedClock: true })
          .where(eq(whatsappMessages.id, stored.id));
      return "answer";
    });
  } catch (error) {
    if (content.file)
      await mailAttachments()
        .delete([content.file.key])
        .catch((cause: unknown) =>
          logger.warn(
            { err: cause },
            "A WhatsApp file of a message not stored was left in storage",
          ),
        );
    if (error instanceof AlreadyStored) return "duplicate";
    throw error;
  }
}

/** A message from someone with no open conversation starts one: a 'WhatsApp' message in the inbox. */
async function startConversation(
  tx: Transaction,
  visitor: { phone: string; profileName: string | null; text: string; course: string | null },
) {
  const [message] = await tx
    .insert(messages)
    .values({
      formType: "whatsapp",
      fullName: visitor.profileName ?? visitor.phone,
      email: null,
      phone: visitor.phone,
      message: visitor.text,
      courseInterest: visitor.course,
    })
    .returning();
  if (!message) throw new Error("The conversation was not stored");
  await queueStaffAlert(tx, message);
  await scheduleReplyReminder(tx, message);
  return message.id;
}
