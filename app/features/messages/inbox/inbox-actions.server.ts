import type { Admin } from "~/db/schema";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { openRecordId } from "~/lib/router/list-href";
import { inboxHref, inboxMessages, parseInboxQuery } from "../list-url";
import {
  assignMessage,
  bulkUpdateMessages,
  deleteMessage,
  updateMessageNotes,
  updateMessagePriority,
  updateMessageStatus,
} from "./inbox.server";
import { INBOX_FIELDS_SHOWN, inboxActionFailures, inboxActionSchema } from "./inbox-schema";
import { recordReply, sendReply } from "./replies.server";
import { sendWhatsappReply } from "./whatsapp-replies.server";

const bulkDone = {
  read: "marked read",
  archive: "archived",
  assign: "assigned",
  delete: "deleted",
};

/** The inbox page's action (the route guards with requireAdmin): every change to a message. */
export async function inboxPageAction(actor: Admin, request: Request) {
  const submission = await readSubmission(request, inboxActionSchema);
  const url = new URL(request.url);
  const query = parseInboxQuery(url.searchParams);
  const openId = openRecordId(url.searchParams);
  return dispatchIntent(
    submission,
    {
      status: async (input) => {
        await updateMessageStatus(actor, input.id, input.status);
        return inboxMessages.statusUpdated;
      },
      priority: async (input) => {
        await updateMessagePriority(actor, input.id, input.priority);
        return inboxMessages.priorityUpdated;
      },
      assign: async (input) => {
        await assignMessage(actor, input.id, input.assignedTo ?? null);
        return input.assignedTo ? inboxMessages.assigned : inboxMessages.unassigned;
      },
      notes: async (input) => {
        await updateMessageNotes(actor, input.id, input.notes);
        return inboxMessages.notesSaved;
      },
      reply: async (input) => {
        await sendReply(actor, input.id, input.body);
        return inboxMessages.replySent;
      },
      "whatsapp-reply": async (input) => {
        await sendWhatsappReply(actor, input.id, { text: input.body });
        return inboxMessages.whatsappSent;
      },
      "whatsapp-template": async (input) => {
        const [name = "", language = ""] = input.template.split(":");
        const template = { name, language, parameters: input.parameters };
        await sendWhatsappReply(actor, input.id, { template });
        return inboxMessages.whatsappSent;
      },
      "record-reply": async (input) => {
        await recordReply(actor, input.id, input.channel);
        return inboxMessages.replyRecorded[input.channel];
      },
      delete: async (input) => {
        await deleteMessage(input.id);
        return inboxMessages.deleted;
      },
      bulk: async (input) => {
        const count = await bulkUpdateMessages(
          actor,
          input.ids,
          input.bulkAction,
          input.assignedTo ?? null,
        );
        return inboxMessages.bulkDone(count, bulkDone[input.bulkAction]);
      },
    },
    {
      // The open message stays open, unless this removed it.
      successHref: (input) => {
        const removedOpen =
          input.intent === "delete" ||
          (input.intent === "bulk" &&
            input.bulkAction === "delete" &&
            openId !== null &&
            input.ids.includes(openId));
        return inboxHref(query, removedOpen ? null : openId);
      },
      what: "Updating a message",
      fieldsShown: INBOX_FIELDS_SHOWN,
      formMessage: ({ message, unexpected }, input) =>
        unexpected ? `${inboxActionFailures[input.intent]}: ${message}` : message,
    },
  );
}
