import type { Admin } from "~/db/schema";
import { listActiveAdminOptions } from "~/features/admins/admins.server";
import { savedRepliesFilledFor } from "~/features/saved-replies/reply-context.server";
import { readOrFailureText, readOrNull } from "~/lib/http/unavailable.server";
import { logger } from "~/lib/infra/logger.server";
import { openRecordId } from "~/lib/router/list-href";
import { inboxMessages, parseInboxQuery } from "../list-url";
import { deliveryState } from "./delivery-state";
import { getMessage, listMessages, markOpened, messageStats } from "./inbox.server";
import { earlierMessagesFrom } from "./sender-messages.server";
import { messageTimeline } from "./timeline.server";
import { whatsappReplyState } from "./whatsapp-replies.server";

/** The inbox page: the list, its figures, and the open message with its extras. */
export async function loadInboxPage(actor: Admin, params: URLSearchParams) {
  const query = parseInboxQuery(params);
  const openId = openRecordId(params);
  // Marking it read must never stop the message from showing.
  if (openId)
    await markOpened(actor, openId).catch((error) =>
      logger.error({ err: error }, "Marking a message read failed"),
    );
  const opened = openId ? getMessage(openId) : Promise.resolve(null);
  const [list, stats, admins, message, timeline, linked] = await Promise.all([
    readOrFailureText(inboxMessages.loadFailed, () => listMessages(query, actor)),
    readOrFailureText(inboxMessages.statsFailed, () => messageStats()),
    listActiveAdminOptions(),
    opened,
    // The message's extras never stop it from showing: each is null when it cannot be read.
    openId ? readOrNull("Loading a message's history", () => messageTimeline(openId)) : null,
    opened.then((found) =>
      found ? readOrNull("Loading a sender's messages", () => earlierMessagesFrom(found)) : null,
    ),
  ]);
  const [whatsapp, savedReplies] = await Promise.all([
    message?.formType === "whatsapp"
      ? readOrNull("Loading a WhatsApp conversation's window", () =>
          whatsappReplyState(message, params.get("template")),
        )
      : null,
    message
      ? readOrNull("Loading saved replies", () => savedRepliesFilledFor(message)).then(
          (replies) => replies ?? [],
        )
      : [],
  ]);
  // A saved reply inserted without JavaScript comes back as the draft.
  const insertedId = params.get("savedReply");
  return {
    query,
    list,
    stats,
    admins: admins.map(({ id, name }) => ({ id, name })),
    message,
    timeline,
    delivery: timeline ? deliveryState(timeline) : null,
    linked,
    confirmDelete: params.get("confirm") === "delete" && Boolean(message),
    now: new Date().toISOString(),
    savedReplies,
    whatsapp,
    draft: savedReplies.find((reply) => reply.id === insertedId)?.text ?? "",
  };
}
