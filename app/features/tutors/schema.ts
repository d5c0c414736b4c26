import * as z from "zod/mini";
import { activeToggleSchema, formIntents } from "~/lib/forms/list-actions";
import { atMost, requiredText } from "~/lib/forms/required-text";
import { multiLine, personName, singleLine } from "~/lib/text/outside-text";

export const NAME_MAX = 80;
export const ROLE_MAX = 80;
export const BIO_MAX = 400;
export const LINK_MAX = 300;

export const tutorMessages = {
  created: "Tutor added.",
  updated: "Tutor updated.",
  activated: "Tutor activated.",
  deactivated: "Tutor deactivated.",
  nameRequired: "Name is required",
  roleRequired: "Role is required",
  linkInvalid: "Link must be a full https:// address, e.g. https://www.linkedin.com/in/your-name",
  notFound: "Tutor not found.",
  photoFailed: (message: string) => `Failed to upload photo: ${message}`,
  requestTooLarge: "The upload is too large. A photo may be up to 5MB.",
} as const;

/** An https address a visitor's browser can open; anything else (http, javascript:) is refused. */
function isHttpsUrl(text: string) {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username;
  } catch {
    return false;
  }
}

/** The add and edit form: who the tutor is, as the public pages introduce them. */
export const tutorFormSchema = z.object({
  name: requiredText("Name", tutorMessages.nameRequired, NAME_MAX, singleLine).check(
    ...personName("Name"),
  ),
  role: requiredText("Role", tutorMessages.roleRequired, ROLE_MAX, singleLine),
  bio: z._default(z.string().check(z.trim(), multiLine("Bio"), atMost("Bio", BIO_MAX)), ""),
  link: z.optional(
    z
      .string()
      .check(
        z.trim(),
        singleLine("Link"),
        atMost("Link", LINK_MAX),
        z.refine(isHttpsUrl, tutorMessages.linkInvalid),
      ),
  ),
});

export type TutorInput = z.output<typeof tutorFormSchema>;

/** The tutors page's actions: the form (add, edit) and the activate/deactivate toggle. */
export const tutorActionSchema = z.discriminatedUnion(
  "intent",
  [...formIntents(tutorFormSchema), activeToggleSchema],
  { error: "Unknown action" },
);
