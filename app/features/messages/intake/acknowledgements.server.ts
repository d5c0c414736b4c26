import type { Transaction } from "~/db/client.server";
import { messageEvents } from "~/db/schema";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { env } from "~/lib/infra/env.server";
import {
  emailAddressSubject,
  hitRateLimit,
  type RateLimitRule,
} from "~/lib/infra/rate-limit.server";
import { isOfficeOpen } from "~/lib/site/office-hours";
import { acknowledgementEmail, type MessageForEmail } from "../message-emails.server";

/**
 * At most three acknowledgements to one address a day: the forms take any address, and without
 * this anyone could have the academy e-mail a stranger over and over (each from a new IP).
 */
export const acknowledgementRateLimit: RateLimitRule = {
  name: "acknowledgement",
  limit: 3,
  windowMs: 24 * 60 * 60 * 1000,
};

/**
 * Whether a message from this address gets an acknowledgement: on unless
 * SEND_ACKNOWLEDGEMENTS=false, and within the address's daily allowance (which this uses up).
 * Asked before the message's transaction: PGlite has one connection, which that holds.
 */
export async function mayAcknowledge(email: string) {
  if (!env().SEND_ACKNOWLEDGEMENTS) return false;
  return (await hitRateLimit(acknowledgementRateLimit, emailAddressSubject(email))).allowed;
}

/**
 * Queues the visitor's acknowledgement (their reference and the 24-hour promise) in the
 * transaction that stores their message, and records it in the message's history. Answers go
 * to REPLY_TO when it is set.
 */
export async function queueAcknowledgement(
  tx: Transaction,
  message: MessageForEmail & { email: string },
) {
  const { REPLY_TO, publicUrl } = env();
  const emailId = await queueEmail(tx, {
    kind: "acknowledgement",
    to: [message.email],
    ...acknowledgementEmail(message, {
      officeOpen: isOfficeOpen(new Date(message.createdAt)),
      publicUrl,
    }),
    messageId: message.id,
    replyTo: REPLY_TO,
  });
  await tx
    .insert(messageEvents)
    .values({ messageId: message.id, kind: "acknowledgement-sent", emailId });
}
