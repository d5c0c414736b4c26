import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  admins,
  inboundAttachments,
  inboundEmails,
  messageEvents,
  messages,
  type NewMessage,
  outgoingEmails,
} from "~/db/schema";
import { replyBounced } from "~/features/messages/inbox/replies.server";
import { queueStaffAlert } from "~/features/messages/intake/staff-alerts.server";
import { tokenOfAddress } from "~/features/messages/reply-address";
import { scheduleReplyReminder } from "~/features/messages/reply-reminders.server";
import {
  answerJoinsConversation,
  lockConversation,
} from "~/features/messages/visitor-answers.server";
import { type KeptFile, keepFiles } from "~/features/uploads/received-files.server";
import { formatFileSize } from "~/lib/format/file-size";
import { addressOfMailbox } from "~/lib/forms/email-address";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { mailAttachments } from "~/lib/infra/storage/index.server";
import { sentEmailIds, visitorEmailKinds } from "./mail-rules";
import { bouncedMessageIds, type InboundMail, readMail } from "./read-mail.server";

/**
 * What became of a received mail. Every outcome but a thrown error may be acknowledged to the
 * source (SMTP 250, the IMAP message flagged): the mail is stored, was stored before, or is
 * automatic mail about nothing of ours, which is dropped on purpose.
 */
export type ReceiveOutcome =
  | { outcome: "answer" | "new-conversation" | "auto-reply" | "bounce"; messageId: string }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string };

const ourHost = () => new URL(env().publicUrl).hostname;

/** A mail that cannot be parsed at all: refused for good, never retried. */
export class MalformedMailError extends Error {
  constructor(cause: unknown) {
    super("The mail could not be read", { cause });
    this.name = "MalformedMailError";
  }
}

/**
 * The conversation a mail belongs to: by reply address, then by the Message-ID of an e-mail we
 * sent in it, both secrets only its people hold (decision 0055). A reference in the subject is
 * easy to guess and a From easy to forge, so a subject alone threads nothing: that mail starts
 * a conversation of its own. `toStaff`: the mail answers one of our e-mails to staff (an
 * alert), so whoever wrote it, it is not the visitor's answer.
 */
async function conversationOf(mail: InboundMail): Promise<{ id: string; toStaff: boolean } | null> {
  const inbound = env().INBOUND_REPLY_ADDRESS;
  const tokens = inbound
    ? mail.recipients.map((address) => tokenOfAddress(inbound, address)).filter((t) => t !== null)
    : [];
  if (tokens.length) {
    const [byToken] = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(inArray(messages.replyToken, tokens))
      .limit(1);
    if (byToken) return { id: byToken.id, toStaff: false };
  }
  const sentIds = sentEmailIds(mail.threadIds, ourHost());
  if (!sentIds.length) return null;
  const sent = await db()
    .select({ id: outgoingEmails.messageId, kind: outgoingEmails.kind })
    .from(outgoingEmails)
    .where(and(inArray(outgoingEmails.id, sentIds), isNotNull(outgoingEmails.messageId)));
  const toVisitor = sent.find((email) => visitorEmailKinds.has(email.kind));
  const any = toVisitor ?? sent[0];
  return any?.id ? { id: any.id, toStaff: !toVisitor } : null;
}

/**
 * Mail from our own addresses: MAIL_FROM, and every address our alerts go to (NOTIFY_EMAILS,
 * the admins'). An out-of-office there answering an alert, or our alert come back, is never a
 * visitor's answer, so it cannot reopen a conversation and alert staff again, in a loop.
 */
async function isFromOurAddresses(address: string) {
  const from = address.toLowerCase();
  if (from === addressOfMailbox(env().MAIL_FROM)) return true;
  if (env().NOTIFY_EMAILS.some((alerted) => alerted.toLowerCase() === from)) return true;
  const [admin] = await db()
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${from}`)
    .limit(1);
  return Boolean(admin);
}

/**
 * A mail the site sent itself, come back (NOTIFY_EMAILS reaching the mailbox read here): its
 * Message-ID is one of our recorded e-mails', or it comes from one of our own addresses (a
 * relay may have replaced the Message-ID).
 */
async function isOwnMail(mail: InboundMail) {
  if (await isFromOurAddresses(mail.from.address)) return true;
  const ids = sentEmailIds([mail.rfcMessageId], ourHost());
  if (!ids.length) return false;
  const [sent] = await db()
    .select({ id: outgoingEmails.id })
    .from(outgoingEmails)
    .where(inArray(outgoingEmails.id, ids))
    .limit(1);
  return Boolean(sent);
}

async function alreadyStored(rfcMessageId: string) {
  const [row] = await db()
    .select({ id: inboundEmails.id })
    .from(inboundEmails)
    .where(eq(inboundEmails.rfcMessageId, rfcMessageId));
  return Boolean(row);
}

type StoredMail = { id: string; receivedAt: Date };

/** Stores the mail in a conversation; null when another delivery of it was stored first. */
async function insertMail(
  tx: Transaction,
  mail: InboundMail,
  messageId: string,
  kept: KeptFile[],
  refused: { name: string; reason: string }[],
): Promise<StoredMail | null> {
  const [row] = await tx
    .insert(inboundEmails)
    .values({
      messageId,
      rfcMessageId: mail.rfcMessageId,
      kind: mail.kind,
      fromAddress: mail.from.address,
      fromName: mail.from.name,
      subject: mail.subject,
      newText: mail.newText,
      fullText: mail.fullText,
      refusedFiles: refused,
    })
    .onConflictDoNothing({ target: inboundEmails.rfcMessageId })
    .returning({ id: inboundEmails.id, receivedAt: inboundEmails.receivedAt });
  if (!row) return null;
  if (kept.length) {
    await tx.insert(inboundAttachments).values(
      kept.map((file) => ({
        inboundEmailId: row.id,
        storageKey: file.key,
        fileName: file.name,
        contentType: file.type,
        size: file.size,
      })),
    );
  }
  return row;
}

/** A mail about nothing we know starts a conversation: an 'E-mail' message in the inbox. */
async function startConversation(tx: Transaction, mail: InboundMail) {
  const row: NewMessage = {
    formType: "email",
    fullName: mail.from.name || mail.from.address,
    email: mail.from.address,
    subject: mail.subject ?? "(no subject)",
    message: mail.newText,
  };
  const [message] = await tx.insert(messages).values(row).returning();
  if (!message) throw new Error("The conversation was not stored");
  await queueStaffAlert(tx, message);
  await scheduleReplyReminder(tx, message);
  return message.id;
}

/** A bounce of our e-mails: each reply it names is marked undelivered in its conversation. */
async function recordBounce(mail: InboundMail, raw: Buffer): Promise<ReceiveOutcome> {
  const ids = sentEmailIds([...mail.threadIds, ...bouncedMessageIds(raw)], ourHost());
  const bounced = ids.length
    ? await db()
        .select({ id: outgoingEmails.id, messageId: outgoingEmails.messageId })
        .from(outgoingEmails)
        .where(inArray(outgoingEmails.id, ids))
    : [];
  const conversationId = bounced.find((email) => email.messageId)?.messageId;
  if (!conversationId) return { outcome: "ignored", reason: "a bounce of no e-mail of ours" };
  await db().transaction(async (tx) => {
    const stored = await insertMail(tx, mail, conversationId, [], []);
    if (!stored) return;
    // Any e-mail of ours it names (a reply, an acknowledgement) is marked undelivered.
    for (const email of bounced) {
      const [marked] = await tx
        .update(outgoingEmails)
        .set({ bouncedAt: stored.receivedAt })
        .where(and(eq(outgoingEmails.id, email.id), sql`${outgoingEmails.bouncedAt} is null`))
        .returning({ messageId: outgoingEmails.messageId });
      if (marked?.messageId) {
        await tx.insert(messageEvents).values({
          messageId: marked.messageId,
          kind: "reply-bounced",
          emailId: email.id,
          inboundEmailId: stored.id,
        });
        // A reply sent back answered nothing: its message waits again, as if it was refused.
        await replyBounced(tx, email.id);
      }
    }
  });
  return { outcome: "bounce", messageId: conversationId };
}

/**
 * A visitor's mail too large to keep (`tooLargeBytes`, read from its headers alone): its sender,
 * subject and threading are kept, its text replaced by a note that tells staff to ask for it in
 * smaller parts, so that it is seen in the portal rather than lost in the mailbox.
 */
function asTooLarge(mail: InboundMail, bytes: number): InboundMail {
  const note = `An e-mail from ${mail.from.name || mail.from.address} was too large to keep (${formatFileSize(bytes)}); ask them to send it in smaller parts.`;
  return { ...mail, kind: "too-large", newText: note, fullText: note, files: [] };
}

/**
 * Receives one raw mail (from IMAP or the SMTP listener) into the conversations. It returns
 * only once the mail is committed, so the caller acknowledges it to the source after that and
 * a crash before loses nothing; a redelivery (same Message-ID) stores nothing twice. Throws
 * when the mail cannot be parsed or the database is away: the source keeps it and tries again.
 */
export async function receiveMail(
  raw: Buffer,
  {
    envelopeRecipients = [],
    tooLargeBytes,
  }: {
    envelopeRecipients?: string[];
    /** The mail was over the size limit: `raw` is its header section, this its whole size. */
    tooLargeBytes?: number;
  } = {},
): Promise<ReceiveOutcome> {
  const read = await readMail(raw, envelopeRecipients).catch((error: unknown) => {
    throw new MalformedMailError(error);
  });
  if (await alreadyStored(read.rfcMessageId)) return { outcome: "duplicate" };
  if (read.kind === "bounce") return recordBounce(read, raw);
  if (!/^[^@\s]+@[^@\s]+$/.test(read.from.address)) {
    return { outcome: "ignored", reason: "no sender address" };
  }
  const thread = await conversationOf(read);
  const conversationId = thread?.id ?? null;
  // Our own e-mail, or mail answering our e-mail to staff, is automatic mail, whatever its
  // headers say: it never starts or reopens a conversation, nor sends anything, so an alert
  // that comes back, or an out-of-office answering it, cannot start a loop.
  const own = read.kind === "visitor" && (thread?.toStaff || (await isOwnMail(read)));
  const mail: InboundMail = own
    ? { ...read, kind: "auto-reply" }
    : read.kind === "visitor" && tooLargeBytes !== undefined
      ? asTooLarge(read, tooLargeBytes)
      : read;
  if (mail.kind === "auto-reply") {
    // An automatic answer is kept beside its conversation; it never starts or reopens one.
    if (!conversationId) {
      return {
        outcome: "ignored",
        reason: own ? "an e-mail we sent" : "an automatic reply to nothing",
      };
    }
    await db().transaction(async (tx) => {
      const stored = await insertMail(tx, mail, conversationId, [], []);
      if (stored) {
        await tx.insert(messageEvents).values({
          messageId: conversationId,
          kind: "auto-reply",
          inboundEmailId: stored.id,
        });
      }
    });
    return { outcome: "auto-reply", messageId: conversationId };
  }

  const { kept, refused } = await keepFiles(mail.files, randomUUID());
  try {
    const messageId = await db().transaction(async (tx) => {
      // The conversation is locked before the mail names it: the mail's foreign key would take
      // a share lock that two answers at once could not both upgrade (a deadlock).
      if (conversationId) await lockConversation(tx, conversationId);
      const id = conversationId ?? (await startConversation(tx, mail));
      const stored = await insertMail(tx, mail, id, kept, refused);
      // Another delivery of the same mail committed first: undo the conversation it started.
      if (!stored) throw new AlreadyStored();
      if (conversationId) {
        const restarted = await answerJoinsConversation(tx, conversationId, {
          receivedAt: stored.receivedAt,
          text: mail.newText,
          event: { kind: "visitor-answered", inboundEmailId: stored.id },
        });
        if (restarted)
          await tx
            .update(inboundEmails)
            .set({ restartedClock: true })
            .where(eq(inboundEmails.id, stored.id));
      }
      return id;
    });
    return { outcome: conversationId ? "answer" : "new-conversation", messageId };
  } catch (error) {
    await forget(kept);
    if (error instanceof AlreadyStored) return { outcome: "duplicate" };
    throw error;
  }
}

class AlreadyStored extends Error {}

/** Files kept for a mail that was not stored after all (a duplicate, a failed transaction). */
async function forget(files: KeptFile[]) {
  if (!files.length) return;
  await mailAttachments()
    .delete(files.map((file) => file.key))
    .catch((error: unknown) =>
      logger.warn({ err: error }, "Attachments of a mail not stored were left in storage"),
    );
}
