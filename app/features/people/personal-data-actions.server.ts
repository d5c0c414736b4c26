import type { Admin } from "~/db/schema";
import { failureReply, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { personalDataMessages, personKeyProblem } from "./person-key";
import { erasePerson } from "./personal-data.server";
import { personalDataHref } from "./personal-data-href";
import { eraseSchema } from "./schema";

/** Erasing a person's data (the route guards with requireSuperAdmin), once their key is confirmed. */
export async function personalDataPageAction(actor: Admin, request: Request) {
  const parsed = eraseSchema.safeParse(Object.fromEntries(await readForm(request)));
  const problem = parsed.success
    ? personKeyProblem(parsed.data)
    : personalDataMessages.nothingAsked;
  if (!parsed.success || problem)
    return refusalReply(null, {
      status: 400,
      message: problem ?? personalDataMessages.nothingAsked,
    });
  const { confirm, ...key } = parsed.data;
  if (confirm !== key.email && confirm !== key.phone)
    return refusalReply(null, { status: 400, message: personalDataMessages.confirmRequired });
  try {
    await erasePerson(actor, key);
  } catch (error) {
    return failureReply(null, error, "Erasing a person's data");
  }
  return redirectWithFlash(personalDataHref(key), personalDataMessages.erased);
}
