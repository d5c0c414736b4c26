import * as z from "zod/mini";

// The actions a portal list page posts (create, update, toggle, delete and its own), each named
// by `intent`. A record is named by its id as posted: which record it is, is the service's
// question, and it answers 404 for an id that names none.

const recordId = z._default(z.string(), "");

/** The create and edit forms' members: the form's fields, and for an edit the record's id. */
export const formIntents = <Create extends z.ZodMiniObject, Edit extends z.ZodMiniObject = Create>(
  create: Create,
  edit?: Edit,
) =>
  [
    z.extend(create, { intent: z.literal("create") }),
    z.extend((edit ?? create) as Edit, { intent: z.literal("update"), id: recordId }),
  ] as const;

/** A delete confirmation's member. */
export const deleteIntent = z.object({ intent: z.literal("delete"), id: recordId });

/**
 * A list row's active toggle as `ActiveToggleButton` (app/ui/list/row-actions.tsx) posts it: the row's
 * id and the state the screen showed; the toggle sets the opposite.
 */
export const activeToggleSchema = z.object({
  intent: z.literal("toggle"),
  id: recordId,
  isActive: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "true"),
  ),
});
