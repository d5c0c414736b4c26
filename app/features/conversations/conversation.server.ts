import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { inboundAttachments, inboundEmails } from "~/db/schema";
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
  return file ?? null;
}
