import { desc, eq, inArray, sql } from "drizzle-orm";
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
} from "~/db/schema";

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
const receivedKinds: ReadonlySet<MessageEventKind> = new Set(["visitor-answered", "auto-reply"]);

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

/**
 * A message's history, oldest first: its arrival (from created_at; not stored as an event),
 * then the newest TIMELINE_LIMIT events of message_events with who did them and, for e-mails,
 * where they went and whether they were sent. `hidden` counts the older events left out.
 */
export async function messageTimeline(messageId: string): Promise<MessageTimeline> {
  const [[message], events] = await Promise.all([
    db()
      .select({ createdAt: messages.createdAt })
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
  const [names, files] = await Promise.all([
    adminNames([...assigneeIds]),
    filesOf(events.flatMap((event) => (event.inbound?.id ? [event.inbound.id] : []))),
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
  };
  const entries = events.map(
    (event): TimelineEntry => ({
      id: event.id,
      kind: event.kind,
      at: event.at,
      actor: receivedKinds.has(event.kind)
        ? (event.inbound?.fromName ?? event.inbound?.fromAddress ?? null)
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
    }),
  );
  return { entries: [received, ...entries], hidden: (events[0]?.total ?? 0) - events.length };
}
