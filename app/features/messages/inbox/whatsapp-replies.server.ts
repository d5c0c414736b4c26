import { and, desc, eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import type { Admin, NewWhatsappMessage, WhatsappContent } from "~/db/schema";
import { messageEvents, messages, whatsappMessages, whatsappStatuses } from "~/db/schema";
import { replyContextFor } from "~/features/saved-replies/reply-context.server";
import { UserFacingError } from "~/lib/errors";
import { env, type WhatsappConfig } from "~/lib/infra/env.server";
import { inboxMessages } from "../list-url";
import {
  GraphRefusedError,
  graphApi,
  type TemplateToSend,
  type WhatsappTemplate,
} from "../whatsapp/graph-api.server";
import { filledTemplate, windowClosesAt } from "../whatsapp/whatsapp-window";
import { asActor } from "./message-actor.server";
import { markReplied } from "./replies.server";

/** What the composer of a WhatsApp conversation needs. */
export type WhatsappReplyState = {
  /** The channel is configured: replies go through Meta (else only 'Replied on WhatsApp'). */
  connected: boolean;
  /** When the customer-service window closes (ISO); null: closed or never opened. */
  windowClosesAt: string | null;
  /** The approved templates, read while the window is closed; null when Meta could not be asked. */
  templates: { value: string; label: string }[] | null;
  /** The template chosen (`?template=name:language`), its parameters filled from the conversation. */
  chosen: (WhatsappTemplate & { parameters: string[] }) | null;
};

/** When the person last wrote on WhatsApp in this conversation. */
async function lastInboundAt(messageId: string) {
  const [last] = await db()
    .select({ at: whatsappMessages.sentAt })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.messageId, messageId), eq(whatsappMessages.direction, "in")))
    .orderBy(desc(whatsappMessages.sentAt))
    .limit(1);
  return last?.at ?? null;
}

async function openWindowCloses(messageId: string, now: Date) {
  const last = await lastInboundAt(messageId);
  const closes = last ? windowClosesAt(last) : null;
  return closes && closes > now ? closes : null;
}

/** Templates are read from Meta at most every five minutes per process. */
const TEMPLATES_TTL_MS = 5 * 60_000;
let templatesCache: { at: number; key: string; templates: WhatsappTemplate[] } | null = null;

async function approvedTemplates(config: WhatsappConfig) {
  const key = `${config.graphUrl}/${config.businessAccountId}`;
  if (
    templatesCache &&
    templatesCache.key === key &&
    Date.now() - templatesCache.at < TEMPLATES_TTL_MS
  )
    return templatesCache.templates;
  const templates = await graphApi(config).approvedTemplates();
  templatesCache = { at: Date.now(), key, templates };
  return templates;
}

const templateValue = (template: Pick<WhatsappTemplate, "name" | "language">) =>
  `${template.name}:${template.language}`;

/**
 * A template's parameters as the conversation fills them, in the saved replies' order: the
 * person's first name, the course, its next session, its fee and its brochure link ('' where the
 * conversation tells nothing, for staff to fill).
 */
async function parametersFor(
  message: { fullName: string; courseInterest: string | null },
  count: number,
) {
  const context = await replyContextFor(message);
  const byPlaceholder = {
    name: context.name,
    course: context.course,
    next_session: context.nextSession,
    price: context.price,
    brochure_link: context.brochureLink,
  };
  const order = ["name", "course", "next_session", "price", "brochure_link"] as const;
  return Array.from({ length: count }, (_, index) => byPlaceholder[order[index] ?? "name"] ?? "");
}

/** The composer's state for a WhatsApp conversation; `chosen`: the template picked by its value. */
export async function whatsappReplyState(
  message: { id: string; fullName: string; courseInterest: string | null },
  chosen: string | null,
  now = new Date(),
): Promise<WhatsappReplyState> {
  const config = env().whatsapp;
  const closes = await openWindowCloses(message.id, now);
  if (!config)
    return {
      connected: false,
      windowClosesAt: closes?.toISOString() ?? null,
      templates: [],
      chosen: null,
    };
  // Meta out of reach must not hide the conversation: the composer says so instead.
  const templates = closes ? [] : await approvedTemplates(config).catch(() => null);
  const picked = templates?.find((template) => templateValue(template) === chosen) ?? null;
  return {
    connected: true,
    windowClosesAt: closes?.toISOString() ?? null,
    templates:
      templates?.map((template) => ({
        value: templateValue(template),
        label: `${template.name} (${template.language})`,
      })) ?? null,
    chosen: picked
      ? { ...picked, parameters: await parametersFor(message, picked.parameterCount) }
      : null,
  };
}

/** The conversation to answer on WhatsApp: its number as Meta wants it (digits only). */
async function recipientOf(id: string) {
  const [message] = await db()
    .select({ phone: messages.phone, formType: messages.formType })
    .from(messages)
    .where(eq(messages.id, id));
  if (!message) throw new UserFacingError(inboxMessages.notFound, 404);
  if (message.formType !== "whatsapp" || !message.phone)
    throw new UserFacingError(inboxMessages.notFound, 404);
  return message.phone.replace(/\D/g, "");
}

export type WhatsappReply = { text: string } | { template: TemplateToSend };

/**
 * Sends a reply on WhatsApp from the portal: free text inside the 24-hour window, an approved
 * template at any time. Once Meta accepts it the reply answers the conversation (stamps its
 * first reply, takes it off the clock); a refusal by Meta is kept on the conversation with
 * Meta's code and reason, and the conversation stays on the clock, as a refused e-mail does.
 */
export async function sendWhatsappReply(
  actor: Pick<Admin, "id">,
  id: string,
  reply: WhatsappReply,
) {
  const config = env().whatsapp;
  if (!config) throw new UserFacingError(inboxMessages.whatsappUnavailable, 503);
  const to = await recipientOf(id);
  const now = new Date();
  if ("text" in reply && !(await openWindowCloses(id, now)))
    throw new UserFacingError(inboxMessages.whatsappWindowClosed, 409, "body");
  const body = "text" in reply ? reply.text : await templateText(config, reply.template);
  const content: WhatsappContent =
    "text" in reply ? { type: "text" } : { type: "template", template: reply.template };
  const sent = { body, content, sentAt: now };
  const api = graphApi(config);
  let wamid: string;
  try {
    wamid =
      "text" in reply
        ? await api.sendText(to, reply.text)
        : await api.sendTemplate(to, reply.template);
  } catch (error) {
    if (!(error instanceof GraphRefusedError))
      throw new UserFacingError(inboxMessages.whatsappUnavailable, 503);
    await asActor(actor, (tx) =>
      recordSend(tx, actor, id, { ...sent, errorCode: error.code, errorTitle: error.title }),
    );
    throw new UserFacingError(
      inboxMessages.whatsappRefused(`${error.title}${error.code ? ` (code ${error.code})` : ""}`),
      502,
      "body",
    );
  }
  await asActor(actor, async (tx) => {
    await recordSend(tx, actor, id, { ...sent, wamid });
    // Meta's 'failed' may have come before its answer reached us: then it answers nothing.
    const [failed] = await tx
      .select({ wamid: whatsappStatuses.wamid })
      .from(whatsappStatuses)
      .where(and(eq(whatsappStatuses.wamid, wamid), eq(whatsappStatuses.status, "failed")));
    if (!failed) await markReplied(tx, id, { at: now });
  });
}

/** A reply sent (or refused) in the conversation's history, as the admin's. */
async function recordSend(
  tx: Transaction,
  actor: Pick<Admin, "id">,
  messageId: string,
  reply: Pick<
    NewWhatsappMessage,
    "body" | "content" | "sentAt" | "wamid" | "errorCode" | "errorTitle"
  >,
) {
  const [row] = await tx
    .insert(whatsappMessages)
    .values({ ...reply, messageId, direction: "out", actorId: actor.id })
    .returning({ id: whatsappMessages.id });
  if (row)
    await tx
      .insert(messageEvents)
      .values({ messageId, kind: "whatsapp-sent", actorId: actor.id, whatsappMessageId: row.id });
}

/** The text a template sends, for the conversation's history; refused when it is not approved. */
async function templateText(config: WhatsappConfig, template: TemplateToSend) {
  const known = (await approvedTemplates(config)).find(
    (candidate) => templateValue(candidate) === templateValue(template),
  );
  if (!known) throw new UserFacingError("Choose one of the approved templates.", 400, "template");
  if (
    template.parameters.length !== known.parameterCount ||
    template.parameters.some((p) => !p.trim())
  )
    throw new UserFacingError("Fill in every parameter of the template.", 400, "template");
  return filledTemplate(known.body, template.parameters);
}
