import type { Admin } from "~/db/schema";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { savedReplyListHref } from "./list-url";
import { createSavedReply, deleteSavedReply, updateSavedReply } from "./saved-replies.server";
import { savedReplyActionSchema, savedReplyMessages } from "./schema";

/** The Saved Replies page's action: any active admin adds, edits and deletes them. */
export async function savedReplyPageAction(actor: Admin, request: Request) {
  const submission = await readSubmission(request, savedReplyActionSchema);
  return dispatchIntent(
    submission,
    {
      create: async (input) => {
        await createSavedReply(actor, input);
        return savedReplyMessages.created;
      },
      update: async (input) => {
        await updateSavedReply(input.id, input);
        return savedReplyMessages.updated;
      },
      delete: async (input) => {
        await deleteSavedReply(input.id);
        return savedReplyMessages.deleted;
      },
    },
    { successHref: savedReplyListHref(), what: "Saved replies" },
  );
}
