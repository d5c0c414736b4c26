import * as z from "zod/mini";

/**
 * A list row's active toggle as `ActiveToggleButton` (app/ui/row-actions.tsx) posts it: the row's
 * id (which record is the service's question: it answers 404 for an id that names none) and the
 * state the screen showed; the toggle sets the opposite.
 */
export const activeToggleSchema = z.object({
  intent: z.literal("toggle"),
  id: z._default(z.string(), ""),
  isActive: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "true"),
  ),
});
