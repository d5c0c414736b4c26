import { data } from "react-router";
import { type BodyLimit, bodyLimitFor } from "./body-limits";
import { isAcceptedFieldName } from "./form-field-names";

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const formProblems = {
  unsupported: "This address accepts forms only (urlencoded or multipart).",
  malformed: "The form could not be read. Please go back and send it again.",
  tooManyFields: "The form has more fields than this address accepts.",
  fieldName: "The form has a field this address does not accept. Please go back and send it again.",
} as const;

/** The answer to a body that is not a form (JSON, text, none): 415. */
const unsupportedForm = () => data(formProblems.unsupported, { status: 415 });

/** The answer to a form that cannot be parsed (no boundary, cut off, bad encoding): 400. */
export const malformedForm = () => data(formProblems.malformed, { status: 400 });

/** The media type of a request, without parameters, lowercased ("" when none). */
export function mediaType(request: Request) {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * Reads the form an action was sent. The body is already bounded in bytes by the server
 * (server/body-limit.server.ts); here a body that is no form, or a broken one, or one with
 * more fields than its route accepts or a field name no form has, becomes a 4xx answer thrown
 * to React Router instead of an error (a 500).
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!formTypes.has(mediaType(request))) throw unsupportedForm();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw malformedForm();
  }
  checkFieldNames(form.keys(), bodyLimitFor(new URL(request.url).pathname));
  return form;
}

/**
 * Throws the 4xx answer for a form with more fields than `limit` allows, or with a field name
 * a form parser could be made to choke on (app/lib/forms/form-field-names.ts).
 */
export function checkFieldNames(names: Iterable<string>, limit: BodyLimit) {
  let fields = 0;
  for (const name of names) {
    if (++fields > limit.maxFields) throw data(formProblems.tooManyFields, { status: 413 });
    if (!isAcceptedFieldName(name, limit.maxFields)) {
      throw data(formProblems.fieldName, { status: 400 });
    }
  }
}
