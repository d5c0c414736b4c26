import type { Admin } from "~/db/schema";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { createCode, deactivateCode } from "../discount-codes.server";
import { discountMessages } from "../discount-messages";
import { discountActionSchema, newCodeOf } from "../discount-schema";
import { discountListHref } from "./list-url";

/** The Discounts page's action: any active admin creates and deactivates codes. */
export async function discountPageAction(actor: Admin, request: Request) {
  const submission = await readSubmission(request, discountActionSchema);
  return dispatchIntent(
    submission,
    {
      create: async (input) => {
        await createCode(newCodeOf(input), actor.id);
        return discountMessages.codeCreated;
      },
      deactivate: async (input) => {
        await deactivateCode(input.id);
        return discountMessages.codeDeactivated;
      },
    },
    { successHref: discountListHref(), what: "Discount codes" },
  );
}
