import * as z from "zod/mini";
import { searchParam } from "~/lib/text/outside-text";
import { personalDataMessages, personKeyProblem, personKeySchema } from "./person-key";

/**
 * The erase form: the person's key (hidden; a problem with it is the whole form's) and the same
 * key typed again beside it. An empty retyping never confirms, even when the key has no e-mail.
 */
export const eraseSchema = z
  .object({
    intent: z.literal("erase"),
    ...personKeySchema.shape,
    confirm: searchParam(254),
  })
  .check(
    z.superRefine((input, context) => {
      const problem = personKeyProblem(input);
      if (problem) {
        context.addIssue({ code: "custom", input, message: problem });
        return;
      }
      const typed = input.confirm;
      if (!typed || (typed !== input.email && typed !== input.phone))
        context.addIssue({
          code: "custom",
          input: typed,
          path: ["confirm"],
          message: personalDataMessages.confirmRequired,
        });
    }),
  );
