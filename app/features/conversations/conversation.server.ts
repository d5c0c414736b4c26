import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { inboundAttachments, inboundEmails, whatsappMessages } from "~/db/schema";
import { isUuid } from "~/lib/ids";

/** A file of a mail in this conversation, or null (another conversation's file is not found). */
export async function mailAttachment(messageId: string, fileId: string) {
  if (!isUuid(messageId) || !isUuid(fileId)) return null;
  const [file] = await db()
    .select({
      key: inboundAttachments.storageKey,
      name: inboundAttachments.fileName,
      type: inboundAttachments.contentType,
    })
    .from(inboundAttachments)
    .innerJoin(inboundEmails, eq(inboundEmails.id, inboundAttachments.inboundEmailId))
    .where(and(eq(inboundAttachments.id, fileId), eq(inboundEmails.messageId, messageId)));
  if (file) return file;
  // A file a visitor sent on WhatsApp: its message's id is the file's.
  const [message] = await db()
    .select({ content: whatsappMessages.content })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.id, fileId), eq(whatsappMessages.messageId, messageId)));
  const kept = message?.content.file;
  return kept ? { key: kept.key, name: kept.name, type: kept.contentType } : null;
}
