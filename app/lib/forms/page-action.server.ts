import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import { redirectWithFlash } from "../router/flash.server";
import { failureReply, invalidSubmission, type Refusal } from "./action-reply.server";
import { readForm } from "./request-form.server";

/** One handler per intent of the page's action schema, given that intent's parsed input; it answers the success toast. */
export type IntentHandlers<Input extends { intent: string }> = {
  [Intent in Input["intent"]]: (input: Extract<Input, { intent: Intent }>) => Promise<string>;
};

type ParsedSubmission<Input> = Submission<unknown, string[], Input>;

/**
 * Every portal page's action after its guard (docs/decisions/0065): a parsed submission that
 * failed is answered with its field errors; a valid one is dispatched on its `intent`; the
 * handler's success goes back to the page with a toast, and a thrown refusal is answered as the
 * form's error (`failureReply`). `what` names the action in the log of an unexpected failure.
 */
export async function dispatchIntent<Input extends { intent: string }>(
  submission: ParsedSubmission<Input>,
  handlers: IntentHandlers<Input>,
  options: {
    /** Where a success goes: the page's list as it was, or a place that depends on the input. */
    successHref: string | ((input: Input) => string);
    what: string;
    /** Fields never sent back (passwords). */
    hideFields?: string[];
    /** See `invalidSubmission`: on a page of hidden inputs, the fields that show an error. */
    fieldsShown?: readonly string[];
    /** The text the form shows for a refusal instead of its own (naming the action that failed). */
    formMessage?: (refusal: Refusal, input: Input) => string;
  },
) {
  const { hideFields, fieldsShown, formMessage } = options;
  if (submission.status !== "success")
    return invalidSubmission(submission, { hideFields, fieldsShown });
  const input = submission.value;
  const handle = handlers[input.intent as Input["intent"]] as (input: Input) => Promise<string>;
  let message: string;
  try {
    message = await handle(input);
  } catch (error) {
    return failureReply(submission, error, options.what, {
      hideFields,
      fieldsShown,
      formMessage: formMessage && ((refusal) => formMessage(refusal, input)),
    });
  }
  const to =
    typeof options.successHref === "string" ? options.successHref : options.successHref(input);
  return redirectWithFlash(to, message);
}

/** Reads a portal form without uploads and parses it with Conform against `schema`. */
export async function readSubmission<Schema extends $ZodType>(request: Request, schema: Schema) {
  return parseWithZod(await readForm(request), { schema }) as ParsedSubmission<output<Schema>>;
}
