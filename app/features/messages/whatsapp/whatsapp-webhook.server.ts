import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod/mini";
import { db } from "~/db/client.server";
import { defineJob } from "~/features/jobs/define-job.server";
import { env, type WhatsappConfig } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { storableText } from "~/lib/text/storable-text.server";
import { type FailedReply, recordStatus } from "./delivery-statuses.server";
import { graphApi } from "./graph-api.server";
import { receiveWhatsappMessage } from "./receive-whatsapp.server";
import {
  inboundMessageSchema,
  itemsOf,
  statusSchema,
  type WebhookItem,
  webhookDeliverySchema,
} from "./webhook-payload";

/** `X-Hub-Signature-256`: 'sha256=' and the hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export function isWhatsappSignatureValid(
  rawBody: Buffer,
  header: string | null,
  appSecret: string,
) {
  const hex = header?.match(/^sha256=([0-9a-f]{64})$/i)?.[1];
  if (!hex) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(hex, "hex"));
}

/**
 * Meta's webhook set-up: `hub.mode=subscribe` with our verify token is answered with the
 * challenge as plain text; anything else is refused (403), and 404 while the channel is off.
 */
export function answerWebhookCheck(params: URLSearchParams): {
  status: 200 | 403 | 404;
  body: string;
} {
  const config = env().whatsapp;
  if (!config) return { status: 404, body: "" };
  const token = params.get("hub.verify_token") ?? "";
  const challenge = params.get("hub.challenge") ?? "";
  const expected = Buffer.from(config.verifyToken);
  const given = Buffer.from(token);
  const tokenMatches = given.length === expected.length && timingSafeEqual(given, expected);
  if (params.get("hub.mode") !== "subscribe" || !tokenMatches || !/^[\w-]{1,200}$/.test(challenge))
    return { status: 403, body: "" };
  return { status: 200, body: challenge };
}

/** Where a `whatsapp-event` job's payload holds a person's number (erasure finds it there). */
export const whatsappJobPhonePaths = [
  ["message", "from"],
  ["status", "recipient_id"],
];

/**
 * One item of a delivery, worked on apart from the rest: a visitor's message (stored once, its
 * file fetched) or a status of ours. Retried while the database or Meta is away.
 */
export const whatsappEventJob = defineJob<WebhookItem, { replyFailed: FailedReply }>({
  name: "whatsapp-event",
  payload: z.union([
    z.object({
      kind: z.literal("message"),
      message: inboundMessageSchema,
      profileName: z.nullable(z.string().check(z.maxLength(500))),
    }),
    z.object({ kind: z.literal("status"), status: statusSchema }),
  ]),
  retry: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  run: async (item, { hooks }) => {
    const config = env().whatsapp;
    if (!config) return;
    if (item.kind === "status")
      return recordStatus(item.status, hooks.replyFailed ?? (async () => undefined));
    await receiveWhatsappMessage(graphApi(config), item.message, item.profileName);
  },
});

/** The delivery's JSON, every string in it storable (no NUL, no half of an emoji). */
function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"), (_key, value: unknown) =>
      typeof value === "string" ? storableText(value) : value,
    );
  } catch {
    return null;
  }
}

/**
 * A delivery of Meta's webhook: trusted only with a valid signature, answered at once, each of
 * its messages and statuses queued as a job in one transaction (so Meta's retry of a delivery
 * we could not record finds nothing half done). While the database is away the answer is 503
 * and Meta delivers again; a repeat is harmless, each message being stored once by its wamid.
 */
export async function receiveWhatsappWebhook(
  rawBody: Buffer,
  signature: string | null,
  config: WhatsappConfig | undefined = env().whatsapp,
): Promise<{ status: 200 | 400 | 401 | 404 | 503 }> {
  if (!config) return { status: 404 };
  if (!isWhatsappSignatureValid(rawBody, signature, config.appSecret)) return { status: 401 };
  const delivery = z.safeParse(webhookDeliverySchema, parseJson(rawBody));
  if (!delivery.success) return { status: 400 };
  const items = itemsOf(delivery.data, config.phoneNumberId);
  if (!items.length) return { status: 200 };
  try {
    await db().transaction(async (tx) => {
      for (const item of items) await whatsappEventJob.enqueue(tx, item);
    });
  } catch (error) {
    logger.error({ err: error }, "A WhatsApp webhook delivery could not be recorded");
    return { status: 503 };
  }
  return { status: 200 };
}
