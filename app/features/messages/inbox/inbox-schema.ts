import * as z from "zod/mini";
import { messagePriorities, messageStatuses } from "~/db/schema/values";
import { unfilledPlaceholdersMessage } from "~/features/saved-replies/placeholders";
import { atMost, optionalText } from "~/lib/forms/required-text";
import { uuidSchema } from "~/lib/ids";
import { multiLine } from "~/lib/text/outside-text";
import { inboxMessages } from "../list-url";

/**
 * The inbox's actions, one form per intent. Every issue the schema raises is the text staff
 * see: the fields staff type in (`INBOX_FIELDS_SHOWN`) show their own rule beside them; any
 * other issue is the form's: the failure text of its intent (the hidden fields only break when
 * the request was not sent by the page), 'Select at least one message first.', or 'Invalid
 * request' for a request naming no intent.
 */

/** What each intent reports when it fails. */
export const inboxActionFailures = {
  status: inboxMessages.statusFailed,
  priority: inboxMessages.priorityFailed,
  assign: inboxMessages.assignFailed,
  notes: inboxMessages.notesFailed,
  delete: inboxMessages.deleteFailed,
  bulk: "Failed to update the selected messages",
  reply: "Failed to send the reply",
  "record-reply": "Failed to record the reply",
  "whatsapp-reply": "Failed to send the WhatsApp reply",
  "whatsapp-template": "Failed to send the template",
} as const;

/** The fields whose errors show beside them; the others are hidden inputs and checkboxes. */
export const INBOX_FIELDS_SHOWN = ["body", "notes", "template", "parameters"];
export const NOTES_MAX = 5000;
/** A reply's text: room for a long answer, bounded so one e-mail stays reasonable. */
export const REPLY_MAX = 10_000;
/** WhatsApp's own limit on a text message's body. */
export const WHATSAPP_REPLY_MAX = 4096;
/** A template takes at most this many parameters here; each is short, by Meta's rules. */
const TEMPLATE_PARAMETERS_MAX = 10;
const TEMPLATE_PARAMETER_CHARS = 1000;

/** A reply's text: written, one that may span lines, bounded, with every placeholder filled. */
const replyText = (max: number) =>
  z.string("Write the reply before sending it").check(
    z.trim(),
    z.minLength(1, "Write the reply before sending it"),
    multiLine("The reply"),
    atMost("The reply", max),
    z.superRefine((text, context) => {
      const message = unfilledPlaceholdersMessage(text);
      if (message) context.addIssue({ code: "custom", input: text, message });
    }),
  );

/** An admin, or nobody: an empty choice arrives as no value at all. */
const assignee = (failure: string) => z.optional(uuidSchema(failure));

export const inboxActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      id: uuidSchema(inboxActionFailures.status),
      status: z.enum(messageStatuses, inboxActionFailures.status),
    }),
    z.object({
      intent: z.literal("priority"),
      id: uuidSchema(inboxActionFailures.priority),
      priority: z.enum(messagePriorities, inboxActionFailures.priority),
    }),
    z.object({
      intent: z.literal("assign"),
      id: uuidSchema(inboxActionFailures.assign),
      assignedTo: assignee(inboxActionFailures.assign),
    }),
    z.object({
      intent: z.literal("notes"),
      // Emptied notes arrive as no value: they are cleared.
      notes: z._default(optionalText("Notes", NOTES_MAX, multiLine), ""),
      id: uuidSchema(inboxActionFailures.notes),
    }),
    z.object({ intent: z.literal("delete"), id: uuidSchema(inboxActionFailures.delete) }),
    z.object({
      intent: z.literal("reply"),
      body: replyText(REPLY_MAX),
      id: uuidSchema(inboxActionFailures.reply),
    }),
    z.object({
      intent: z.literal("whatsapp-reply"),
      body: replyText(WHATSAPP_REPLY_MAX),
      id: uuidSchema(inboxActionFailures["whatsapp-reply"]),
    }),
    z.object({
      intent: z.literal("whatsapp-template"),
      id: uuidSchema(inboxActionFailures["whatsapp-template"]),
      template: z
        .string("Choose a template")
        .check(
          z.regex(/^[a-z0-9_]{1,512}:[A-Za-z_]{2,20}$/, "Choose one of the approved templates."),
        ),
      // A template without parameters sends none at all.
      parameters: z.prefault(
        z
          .array(
            z
              .string("Fill in every parameter of the template.")
              .check(
                z.trim(),
                z.minLength(1, "Fill in every parameter of the template."),
                z.maxLength(TEMPLATE_PARAMETER_CHARS, "A parameter is at most 1,000 characters."),
                z.regex(/^[^\n\t]*$/, "A parameter is one line, without tabs."),
              ),
          )
          .check(z.maxLength(TEMPLATE_PARAMETERS_MAX, inboxActionFailures["whatsapp-template"])),
        [],
      ),
    }),
    z.object({
      intent: z.literal("record-reply"),
      id: uuidSchema(inboxActionFailures["record-reply"]),
      channel: z.enum(["whatsapp", "email"], inboxActionFailures["record-reply"]),
    }),
    z.object({
      intent: z.literal("bulk"),
      // Nothing ticked sends no `ids` at all.
      ids: z.prefault(
        z
          .array(uuidSchema(inboxActionFailures.bulk), inboxActionFailures.bulk)
          .check(
            z.minLength(1, inboxMessages.noneSelected),
            z.maxLength(100, inboxActionFailures.bulk),
          ),
        [],
      ),
      bulkAction: z.enum(["read", "archive", "assign", "delete"], inboxActionFailures.bulk),
      assignedTo: assignee(inboxActionFailures.bulk),
    }),
  ],
  { error: "Invalid request" },
);
