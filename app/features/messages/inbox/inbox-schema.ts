import * as z from "zod/mini";
import { messagePriorities, messageStatuses } from "~/db/schema";
import { unfilledPlaceholdersMessage } from "~/features/saved-replies/placeholders";
import { uuidSchema } from "~/lib/ids";
import { multiLine } from "~/lib/text/outside-text";
import { inboxMessages } from "../list-url";

/**
 * The inbox's actions, one form per intent. Every issue the schema raises is the text staff
 * see: a field's own rule where it has one (notes too long, nothing selected), otherwise the
 * failure text of its intent (the hidden fields only break when the request was not sent by
 * the page); a request naming no intent is 'Invalid request'.
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
} as const;

const INVALID_REQUEST = "Invalid request";
export const NOTES_MAX = 5000;
/** A reply's text: room for a long answer, bounded so one e-mail stays reasonable. */
export const REPLY_MAX = 10_000;

const assignee = (failure: string) =>
  z.union([uuidSchema(failure), z.literal("")], { error: failure });

const inboxActionSchema = z.discriminatedUnion(
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
      notes: z
        .string(inboxActionFailures.notes)
        .check(
          z.trim(),
          multiLine("Notes"),
          z.maxLength(
            NOTES_MAX,
            `Notes must be at most ${NOTES_MAX.toLocaleString("en")} characters`,
          ),
        ),
      id: uuidSchema(inboxActionFailures.notes),
    }),
    z.object({ intent: z.literal("delete"), id: uuidSchema(inboxActionFailures.delete) }),
    z.object({
      intent: z.literal("reply"),
      body: z.string(inboxActionFailures.reply).check(
        z.trim(),
        z.minLength(1, "Write the reply before sending it"),
        multiLine("The reply"),
        z.maxLength(
          REPLY_MAX,
          `The reply must be at most ${REPLY_MAX.toLocaleString("en")} characters`,
        ),
        z.superRefine((text, context) => {
          const message = unfilledPlaceholdersMessage(text);
          if (message) context.addIssue({ code: "custom", input: text, message });
        }),
      ),
      id: uuidSchema(inboxActionFailures.reply),
    }),
    z.object({
      intent: z.literal("record-reply"),
      id: uuidSchema(inboxActionFailures["record-reply"]),
      channel: z.enum(["whatsapp", "email"], inboxActionFailures["record-reply"]),
    }),
    z.object({
      intent: z.literal("bulk"),
      ids: z
        .array(uuidSchema(inboxActionFailures.bulk), inboxActionFailures.bulk)
        .check(
          z.minLength(1, inboxMessages.noneSelected),
          z.maxLength(100, inboxActionFailures.bulk),
        ),
      bulkAction: z.enum(["read", "archive", "assign", "delete"], inboxActionFailures.bulk),
      assignedTo: z.optional(assignee(inboxActionFailures.bulk)),
    }),
  ],
  { error: INVALID_REQUEST },
);

type InboxAction = z.output<typeof inboxActionSchema>;

/** The action a form asks for, or the text to answer it with (issues come in field order). */
export function parseInboxAction(
  formData: FormData,
): { action: InboxAction; error?: never } | { action?: never; error: string } {
  const parsed = inboxActionSchema.safeParse({
    ...Object.fromEntries(formData),
    ids: formData.getAll("ids"),
  });
  if (parsed.success) return { action: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? INVALID_REQUEST };
}
