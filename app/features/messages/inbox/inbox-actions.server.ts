import type { Admin } from "~/db/schema";
import { failureReply, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
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
import { inboxActionFailures, parseInboxAction, REPLY_MAX } from "./inbox-schema";
import { recordReply, sendReply } from "./replies.server";

/** A reply's text, kept with its refusal so nothing typed is lost (without JavaScript too). */
const draftOf = (form: FormData) => {
  const body = form.get("body");
  return typeof body === "string" ? { body: body.slice(0, 2 * REPLY_MAX) } : undefined;
};

/** The inbox page's action (the route guards with requireAdmin): every change to a message. */
export async function inboxPageAction(actor: Admin, request: Request) {
  const form = await readForm(request);
  const { action: input, error } = parseInboxAction(form);
  if (!input) return refusalReply(null, { status: 400, message: error }, { keep: draftOf(form) });
  const url = new URL(request.url);
  const query = parseInboxQuery(url.searchParams);
  const openId = openRecordId(url.searchParams);
  const done = (message: string, stayOnMessage = true) =>
    redirectWithFlash(inboxHref(query, stayOnMessage ? openId : null), message);
  try {
    switch (input.intent) {
      case "status":
        await updateMessageStatus(actor, input.id, input.status);
        return done(inboxMessages.statusUpdated);
      case "priority":
        await updateMessagePriority(actor, input.id, input.priority);
        return done(inboxMessages.priorityUpdated);
      case "assign":
        await assignMessage(actor, input.id, input.assignedTo || null);
        return done(input.assignedTo ? inboxMessages.assigned : inboxMessages.unassigned);
      case "notes":
        await updateMessageNotes(actor, input.id, input.notes);
        return done(inboxMessages.notesSaved);
      case "reply":
        await sendReply(actor, input.id, input.body);
        return done(inboxMessages.replySent);
      case "record-reply":
        await recordReply(actor, input.id, input.channel);
        return done(inboxMessages.replyRecorded[input.channel]);
      case "delete":
        await deleteMessage(input.id);
        return done(inboxMessages.deleted, false);
      case "bulk": {
        const count = await bulkUpdateMessages(
          actor,
          input.ids,
          input.bulkAction,
          input.assignedTo || null,
        );
        const what = {
          read: "marked read",
          archive: "archived",
          assign: "assigned",
          delete: "deleted",
        }[input.bulkAction];
        const removedOpen =
          input.bulkAction === "delete" && openId !== null && input.ids.includes(openId);
        return done(inboxMessages.bulkDone(count, what), !removedOpen);
      }
    }
  } catch (error) {
    return failureReply(null, error, "Updating a message", {
      formMessage: ({ message, unexpected }) =>
        unexpected ? `${inboxActionFailures[input.intent]}: ${message}` : message,
      keep: draftOf(form),
    });
  }
}
