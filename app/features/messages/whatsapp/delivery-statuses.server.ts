import { and, eq, inArray } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type WhatsappDeliveryStatus,
  whatsappDeliveryStatuses,
  whatsappMessages,
  whatsappStatuses,
} from "~/db/schema";
import type { StatusEvent } from "./webhook-payload";

const isDeliveryStatus = (status: string): status is WhatsappDeliveryStatus =>
  (whatsappDeliveryStatuses as readonly string[]).includes(status);

/**
 * Records one of Meta's status events for a message we sent, once (a repeat changes nothing),
 * whether or not the message is stored yet: the status is kept by its wamid and read beside
 * the message, so one that arrives before Meta's answer to our send is not lost.
 */
export async function recordStatus(event: StatusEvent, onFailed: FailedReply) {
  const status = event.status;
  if (!isDeliveryStatus(status)) return;
  const error = event.errors?.[0];
  await db().transaction(async (tx) => {
    const [recorded] = await tx
      .insert(whatsappStatuses)
      .values({
        wamid: event.id,
        status,
        at: new Date(Number(event.timestamp) * 1000),
        errorCode: error?.code ?? null,
        errorTitle: error?.title ?? null,
      })
      .onConflictDoNothing()
      .returning({ status: whatsappStatuses.status });
    if (recorded?.status !== "failed") return;
    // A reply of ours that had counted as the answer did not reach them after all.
    const [reply] = await tx
      .select({ messageId: whatsappMessages.messageId, sentAt: whatsappMessages.sentAt })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.wamid, event.id), eq(whatsappMessages.direction, "out")));
    if (reply) await onFailed(tx, reply.messageId, reply.sentAt);
  });
}

/** What a failed reply undoes (the inbox's `answerWithdrawn`), given by the job's registry. */
export type FailedReply = (tx: Transaction, messageId: string, sentAt: Date) => Promise<void>;

export type Delivery = {
  status: WhatsappDeliveryStatus;
  at: Date;
  error: { code: number | null; title: string | null } | null;
};

/**
 * Where each of these messages has got to: the furthest status Meta reported, whatever order
 * the events came in ('failed' outranks the rest: a message that failed was not read).
 */
export async function deliveriesOf(wamids: string[]): Promise<Map<string, Delivery>> {
  const furthest = new Map<string, Delivery>();
  if (!wamids.length) return furthest;
  const rows = await db()
    .select()
    .from(whatsappStatuses)
    .where(inArray(whatsappStatuses.wamid, wamids));
  const rank = (status: WhatsappDeliveryStatus) => whatsappDeliveryStatuses.indexOf(status);
  for (const row of rows) {
    const known = furthest.get(row.wamid);
    if (known && rank(known.status) >= rank(row.status)) continue;
    furthest.set(row.wamid, {
      status: row.status,
      at: row.at,
      error: row.status === "failed" ? { code: row.errorCode, title: row.errorTitle } : null,
    });
  }
  return furthest;
}
