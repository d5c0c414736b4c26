import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { errorMessage, UserFacingError } from "../errors";
import { logger } from "../infra/logger.server";

/**
 * How a portal action answers when it does not succeed: a submission its schema refused
 * (`invalidSubmission`), or an error a service threw (`failureReply`). Pages read the reply
 * as their action data; success is a redirect with a flash instead.
 */

/** A thrown error as the person reads it. */
type ActionFailure = {
  /** `errorMessage()`: a UserFacingError's own text, else a database code's or a generic one. */
  message: string;
  /** The form field a UserFacingError names, if any. */
  field?: string;
  /** Anything but a UserFacingError: a defect or an outage, logged and answered 500. */
  unexpected: boolean;
};

/**
 * The one way to turn an error thrown by a service into the action's reply. A UserFacingError
 * keeps its status; anything else is logged (as `"<what> failed"`) and answered 500. `reply`
 * shapes the failure as the page's action data.
 */
export function failureReply<Reply>(
  error: unknown,
  what: string,
  reply: (failure: ActionFailure) => Reply,
) {
  const userFacing = error instanceof UserFacingError;
  if (!userFacing) logger.error({ err: error }, `${what} failed`);
  const failure: ActionFailure = {
    message: errorMessage(error),
    field: userFacing ? error.field : undefined,
    unexpected: !userFacing,
  };
  return data(reply(failure), { status: userFacing ? error.status : 500 });
}

/** A Conform form's failure on the field it names, or for the whole form. */
export const onFieldOrForm = ({ message, field }: ActionFailure) =>
  field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };

/**
 * A Conform submission its schema (or a check of the route, such as refused uploads, given as
 * `options`) refused, answered 400. The `intent` is a hidden field, so its error (a request
 * naming no action of the form) is shown for the whole form.
 */
export function invalidSubmission(
  submission: Pick<Submission<unknown>, "reply">,
  options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] },
) {
  const result: SubmissionResult<string[]> = submission.reply(options);
  const { intent: unknownIntent, ...errors } = result.error ?? {};
  if (unknownIntent) result.error = { ...errors, "": [...unknownIntent, ...(errors[""] ?? [])] };
  return data({ result }, { status: 400 });
}
