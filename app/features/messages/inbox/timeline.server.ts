import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  admins,
  inboundAttachments,
  inboundEmails,
  type MessageEventKind,
  messageEvents,
  messages,
  type OutgoingEmail,
  outgoingEmails,
  type WhatsappContent,
  whatsappMessages,
} from "~/db/schema";
import { type Delivery, deliveriesOf } from "~/features/messages/whatsapp/delivery-statuses.server";

/** At most this many events are shown; older ones are summed up in one line. */
export const TIMELINE_LIMIT = 200;

export const SYSTEM_ACTOR = "System";
export const FORMER_ADMIN = "A former admin";

/** Events the app does on its own; for the others a missing admin is one since deleted. */
const systemKinds: ReadonlySet<MessageEventKind> = new Set([
  "acknowledgement-sent",
  "reminder-sent",
  "reply-bounced",
]);

/** Events of mail the visitor's side sent: the actor is the sender, not an admin. */
const receivedKinds: ReadonlySet<MessageEventKind> = new Set([
  "visitor-answered",
  "auto-reply",
  "whatsapp-received",
]);

/** A WhatsApp message of the conversation: the visitor's, or one staff sent from the portal. */
export type WhatsappEntry = {
  id: string;
  direction: "in" | "out";
  body: string;
  content: Pick<WhatsappContent, "type" | "location" | "refusedFile" | "template"> & {
    /** The file kept (opened through the portal by the message's id). */
    file: { name: string; contentType: string; size: number } | null;
  };
  /** The text of the message it replies to, where that is in this conversation. */
  context: string | null;
  /** Meta refused our send: its code and reason. */
  refused: { code: number | null; title: string } | null;
  /** How far Meta delivered ours (sent, delivered, read, failed). */
  delivery: Delivery | null;
};

/** A file that came with a visitor's e-mail, opened through the portal. */
export type ReceivedFile = { id: string; name: string; type: string; size: number };

/** A mail the visitor's side sent: what is new in it, the whole of it, and its files. */
export type ReceivedMail = {
  id: string;
  from: string;
  subject: string | null;
  newText: string;
  fullText: string;
  files: ReceivedFile[];
  refusedFiles: { name: string; reason: string }[];
};

export type TimelineEntry = {
  id: string;
  kind: "received" | MessageEventKind;
  at: Date;
  /** Who did it, as staff read it: a name, 'System' or 'A former admin'. */
  actor: string | null;
  /** Status or priority values; for 'assigned', the admins' names (null: nobody). */
  from: string | null;
  to: string | null;
  /** The e-mail the event sent, with its delivery status; the body only for a reply. */
  email: {
    status: OutgoingEmail["status"];
    recipients: string[];
    body: string | null;
    /** The mail server's last refusal (shown once the e-mail has failed). */
    lastError: string | null;
    /** The visitor's mail server sent it back as undeliverable. */
    bounced: boolean;
  } | null;
  /** For a visitor's answer, an automatic reply or a bounce: the mail received. */
  received: ReceivedMail | null;
  /** For a WhatsApp message received or sent: the message. */
  whatsapp: WhatsappEntry | null;
};

export type MessageTimeline = { entries: TimelineEntry[]; hidden: number };

/** The names of the admins with these ids (a deleted admin's id is missing from the map). */
async function adminNames(ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db()
    .select({ id: admins.id, name: admins.name })
    .from(admins)
    .where(inArray(admins.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The files kept of each of these received mails. */
async function filesOf(inboundIds: string[]): Promise<Map<string, ReceivedFile[]>> {
  const byMail = new Map<string, ReceivedFile[]>();
  if (!inboundIds.length) return byMail;
  const rows = await db()
    .select({
      id: inboundAttachments.id,
      mailId: inboundAttachments.inboundEmailId,
      name: inboundAttachments.fileName,
      type: inboundAttachments.contentType,
      size: inboundAttachments.size,
    })
    .from(inboundAttachments)
    .where(inArray(inboundAttachments.inboundEmailId, inboundIds))
    .orderBy(inboundAttachments.storageKey);
  for (const { mailId, ...file } of rows) {
    byMail.set(mailId, [...(byMail.get(mailId) ?? []), file]);
  }
  return byMail;
}

/** The texts of the conversation's WhatsApp messages that others reply to, by wamid. */
async function quotedTexts(messageId: string, wamids: string[]): Promise<Map<string, string>> {
  if (!wamids.length) return new Map();
  const rows = await db()
    .select({ wamid: whatsappMessages.wamid, body: whatsappMessages.body })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.messageId, messageId), inArray(whatsappMessages.wamid, wamids)));
  return new Map(rows.flatMap((row) => (row.wamid ? [[row.wamid, row.body || "(a file)"]] : [])));
}

/**
 * A message's history, oldest first: its arrival (from created_at; not stored as an event),
 * then the newest TIMELINE_LIMIT events of message_events with who did them and, for e-mails,
 * where they went and whether they were sent. `hidden` counts the older events left out.
 */
export async function messageTimeline(messageId: string): Promise<MessageTimeline> {
  const [[message], events] = await Promise.all([
    db()
      .select({ createdAt: messages.createdAt, fullName: messages.fullName })
      .from(messages)
      .where(eq(messages.id, messageId))
      .limit(1),
    db()
      .select({
        id: messageEvents.id,
        kind: messageEvents.kind,
        at: messageEvents.createdAt,
        actorName: admins.name,
        detail: messageEvents.detail,
        emailStatus: outgoingEmails.status,
        recipients: outgoingEmails.recipients,
        lastError: outgoingEmails.lastError,
        bouncedAt: outgoingEmails.bouncedAt,
        inbound: {
          id: inboundEmails.id,
          fromAddress: inboundEmails.fromAddress,
          fromName: inboundEmails.fromName,
          subject: inboundEmails.subject,
          newText: inboundEmails.newText,
          fullText: inboundEmails.fullText,
          refusedFiles: inboundEmails.refusedFiles,
        },
        whatsapp: {
          id: whatsappMessages.id,
          wamid: whatsappMessages.wamid,
          direction: whatsappMessages.direction,
          body: whatsappMessages.body,
          content: whatsappMessages.content,
          contextWamid: whatsappMessages.contextWamid,
          errorCode: whatsappMessages.errorCode,
          errorTitle: whatsappMessages.errorTitle,
        },
        // A reply's text is what staff wrote; other e-mails' bodies are templates.
        body: sql<
          string | null
        >`case when ${messageEvents.kind} = 'reply-sent' then ${outgoingEmails.body} end`,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(messageEvents)
      .leftJoin(admins, eq(admins.id, messageEvents.actorId))
      .leftJoin(outgoingEmails, eq(outgoingEmails.id, messageEvents.emailId))
      .leftJoin(inboundEmails, eq(inboundEmails.id, messageEvents.inboundEmailId))
      .leftJoin(whatsappMessages, eq(whatsappMessages.id, messageEvents.whatsappMessageId))
      .where(eq(messageEvents.messageId, messageId))
      .orderBy(desc(messageEvents.createdAt), desc(messageEvents.id))
      .limit(TIMELINE_LIMIT),
  ]);
  if (!message) return { entries: [], hidden: 0 };
  events.reverse();

  const assigneeIds = new Set<string>();
  for (const event of events) {
    if (event.kind !== "assigned") continue;
    if (event.detail?.from) assigneeIds.add(event.detail.from);
    if (event.detail?.to) assigneeIds.add(event.detail.to);
  }
  const whatsapp = events.flatMap((event) => (event.whatsapp ? [event.whatsapp] : []));
  const [names, files, deliveries, quoted] = await Promise.all([
    adminNames([...assigneeIds]),
    filesOf(events.flatMap((event) => (event.inbound?.id ? [event.inbound.id] : []))),
    deliveriesOf(whatsapp.flatMap((message) => (message.wamid ? [message.wamid] : []))),
    quotedTexts(
      messageId,
      whatsapp.flatMap((message) => (message.contextWamid ? [message.contextWamid] : [])),
    ),
  ]);
  const assigneeName = (id: string | null | undefined) =>
    id ? (names.get(id) ?? FORMER_ADMIN) : null;

  const received: TimelineEntry = {
    id: "received",
    kind: "received",
    at: message.createdAt,
    actor: null,
    from: null,
    to: null,
    email: null,
    received: null,
    whatsapp: null,
  };
  const entries = events.map(
    (event): TimelineEntry => ({
      id: event.id,
      kind: event.kind,
      at: event.at,
      actor: receivedKinds.has(event.kind)
        ? (event.inbound?.fromName ?? event.inbound?.fromAddress ?? message.fullName)
        : (event.actorName ??
          event.detail?.by ??
          (systemKinds.has(event.kind) ? SYSTEM_ACTOR : FORMER_ADMIN)),
      from:
        event.kind === "assigned" ? assigneeName(event.detail?.from) : (event.detail?.from ?? null),
      to: event.kind === "assigned" ? assigneeName(event.detail?.to) : (event.detail?.to ?? null),
      email: event.emailStatus
        ? {
            status: event.emailStatus,
            recipients: event.recipients ?? [],
            body: event.body,
            lastError: event.emailStatus === "failed" ? event.lastError : null,
            bounced: event.bouncedAt !== null,
          }
        : null,
      received: event.inbound
        ? {
            id: event.inbound.id,
            from: event.inbound.fromName
              ? `${event.inbound.fromName} <${event.inbound.fromAddress}>`
              : event.inbound.fromAddress,
            subject: event.inbound.subject,
            newText: event.inbound.newText,
            fullText: event.inbound.fullText,
            files: files.get(event.inbound.id) ?? [],
            refusedFiles: event.inbound.refusedFiles,
          }
        : null,
      whatsapp: event.whatsapp
        ? {
            id: event.whatsapp.id,
            direction: event.whatsapp.direction,
            body: event.whatsapp.body,
            content: {
              type: event.whatsapp.content.type,
              location: event.whatsapp.content.location,
              refusedFile: event.whatsapp.content.refusedFile,
              template: event.whatsapp.content.template,
              file: event.whatsapp.content.file
                ? {
                    name: event.whatsapp.content.file.name,
                    contentType: event.whatsapp.content.file.contentType,
                    size: event.whatsapp.content.file.size,
                  }
                : null,
            },
            context: event.whatsapp.contextWamid
              ? (quoted.get(event.whatsapp.contextWamid) ?? null)
              : null,
            refused:
              event.whatsapp.errorTitle !== null
                ? { code: event.whatsapp.errorCode, title: event.whatsapp.errorTitle }
                : null,
            delivery: event.whatsapp.wamid ? (deliveries.get(event.whatsapp.wamid) ?? null) : null,
          }
        : null,
    }),
  );
  return { entries: [received, ...entries], hidden: (events[0]?.total ?? 0) - events.length };
}
