import type { Admin } from "~/db/schema";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { createAdmin, deactivateAdmin, updateAdmin } from "./admins.server";
import { adminListHref, parseAdminListQuery } from "./list-url";
import { adminActionSchema, adminMessages } from "./schema";

/**
 * The Admins page's action. Any active admin may post; the services decide (super admins, and
 * the bootstrap case of creating while no active super admin exists).
 */
export async function adminPageAction(actor: Admin, request: Request) {
  const submission = await readSubmission(request, adminActionSchema);
  return dispatchIntent(
    submission,
    {
      create: async (input) => {
        await createAdmin(actor, input);
        return adminMessages.created;
      },
      update: async (input) => {
        await updateAdmin(actor, input.id, input);
        return adminMessages.updated;
      },
      delete: async (input) => {
        await deactivateAdmin(actor, input.id);
        return adminMessages.deleted;
      },
    },
    {
      // Back to the list as it was (search, sort, page).
      successHref: adminListHref(parseAdminListQuery(new URL(request.url).searchParams)),
      what: "Admin management",
      hideFields: ["password"],
    },
  );
}
