import * as z from "zod/mini";
import { deleteIntent, formIntents } from "~/lib/forms/list-actions";
import { requiredText } from "~/lib/forms/required-text";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { knownPlaceholderList, unknownPlaceholders } from "./placeholders";

export const TITLE_MAX = 80;
export const BODY_MAX = 5000;

export const savedReplyMessages = {
  created: "Saved reply created.",
  updated: "Saved reply updated.",
  deleted: "Saved reply deleted.",
  titleRequired: "Title is required",
  bodyRequired: "Reply text is required",
  duplicateTitle: "A saved reply with this title already exists.",
  notFound: "Saved reply not found.",
} as const;

const title = requiredText("Title", savedReplyMessages.titleRequired, TITLE_MAX, singleLine);
const body = requiredText("Reply text", savedReplyMessages.bodyRequired, BODY_MAX, multiLine).check(
  z.superRefine((text, context) => {
    const unknown = unknownPlaceholders(text);
    if (!unknown.length) return;
    const noun = unknown.length === 1 ? "placeholder" : "placeholders";
    context.addIssue({
      code: "custom",
      input: text,
      message: `Unknown ${noun} ${unknown.join(", ")}: use ${knownPlaceholderList}`,
    });
  }),
);

/** The create and edit form: a title staff pick it by, and the text it inserts. */
export const savedReplyFormSchema = z.object({ title, body });

export type SavedReplyInput = z.output<typeof savedReplyFormSchema>;

/** The saved replies page's actions: the two forms, and the delete confirmation. */
export const savedReplyActionSchema = z.discriminatedUnion(
  "intent",
  [...formIntents(savedReplyFormSchema), deleteIntent],
  { error: "Unknown action" },
);
