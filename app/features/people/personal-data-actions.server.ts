import type { Admin } from "~/db/schema";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { personalDataMessages } from "./person-key";
import { erasePerson } from "./personal-data.server";
import { personalDataHref } from "./personal-data-href";
import { eraseSchema } from "./schema";

/** Erasing a person's data (the route guards with requireSuperAdmin), once their key is confirmed. */
export async function personalDataPageAction(actor: Admin, request: Request) {
  const submission = await readSubmission(request, eraseSchema);
  return dispatchIntent(
    submission,
    {
      erase: async ({ email, phone }) => {
        await erasePerson(actor, { email, phone });
        return personalDataMessages.erased;
      },
    },
    {
      successHref: ({ email, phone }) => personalDataHref({ email, phone }),
      what: "Erasing a person's data",
      fieldsShown: ["confirm"],
    },
  );
}
