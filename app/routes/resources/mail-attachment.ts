import { requireAdmin } from "~/features/auth/session.server";
import { mailAttachment } from "~/features/conversations/conversation.server";
import { privateFileNotFound, privateFileResponse } from "~/lib/http/private-file.server";
import { mailAttachments } from "~/lib/infra/storage/index.server";
import type { Route } from "./+types/mail-attachment";

/**
 * A file that came with a visitor's e-mail, to signed-in staff only: found by the conversation
 * and the file's id, never by a storage key from the URL, and never cached by a shared cache.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const file = await mailAttachment(params.messageId, params.fileId);
  if (!file) return privateFileNotFound();
  const object = await mailAttachments().get(file.key);
  if (!object) return privateFileNotFound();
  return privateFileResponse(request, object, { ...file, fallbackName: "attachment" });
}
