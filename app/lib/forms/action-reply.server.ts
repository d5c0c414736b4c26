import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { errorMessage, UserFacingError } from "../errors";
import { retryAfter } from "../http/retry-after";
import { logger } from "../infra/logger.server";
import { type ActionReply, formFailure } from "./action-reply";

/**
 * The one place an action's reply is built (the type is in `action-reply.ts`). A failure is
 * `data({ result, notice: null }, { status })`: a submission its schema refused
 * (`invalidSubmission`), a refusal a service returned (`refusalReply`: sign-in outcomes, rate
 * limits, an outage's 503) or an error it threw (`failureReply`). A success that stays on the
 * page is `noticeReply`; any other success is a redirect with a flash.
 */

/** Why an action did not succeed, as the person reads it. */
export type Refusal = {
  status: number;
  message: string;
  /** The form field it is about; shown there when the form has fields. */
  field?: string;
  /** Seconds to wait before trying again (a rate limit); sent as Retry-After. */
  retryAfterSeconds?: number;
  /** Not a refusal at all but a defect or an outage (already logged). */
  unexpected?: boolean;
};

/** A parsed Conform submission: it builds the result and keeps what was typed. */
type Replier = Pick<Submission<unknown>, "reply">;

export type ReplyOptions = {
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  /**
   * The text the whole form shows instead of the refusal's own, such as one naming the action
   * that failed; the field still shows the refusal's own.
   */
  formMessage?: (refusal: Refusal) => string;
  /** On a page of hidden inputs, the fields that show an error; a refusal on another is the form's. */
  fieldsShown?: readonly string[];
};

/**
 * Whether a field's error can be shown beside it: never the hidden `intent`'s, and on a page
 * that lists `fieldsShown`, only theirs.
 */
const isShownField = (field: string, fieldsShown: readonly string[] | undefined) =>
  field !== "intent" && (!fieldsShown || fieldsShown.includes(field));

/** Every reply is `data()`, so its status and headers travel with it. */
const reply = (result: ActionReply["result"], init: ResponseInit) =>
  data<ActionReply>({ result, notice: null }, init);

/**
 * The reply to a refusal. With a submission, the refusal goes on its field when it names one,
 * otherwise on the whole form. Without one (a page with no Conform form) there is no field to
 * show it on, so it is always the form's.
 */
export function refusalReply(
  submission: Replier | null,
  refusal: Refusal,
  { hideFields, formMessage, fieldsShown }: ReplyOptions = {},
) {
  const init = { status: refusal.status, headers: retryAfter(refusal.retryAfterSeconds) };
  const formText = formMessage?.(refusal);
  if (!submission) return reply(formFailure(formText ?? refusal.message).result, init);
  const field = refusal.field && isShownField(refusal.field, fieldsShown) ? refusal.field : null;
  const onField = field ? { [field]: [refusal.message] } : undefined;
  const result = submission.reply({
    hideFields,
    fieldErrors: onField,
    formErrors: formText ? [formText] : onField ? undefined : [refusal.message],
  });
  return reply(result, init);
}

/**
 * An error a service threw, as a refusal: a UserFacingError keeps its text, field and status;
 * anything else is logged (as `"<what> failed"`) and answered 500 with `errorMessage()`'s text.
 */
export function refusalOf(error: unknown, what: string): Refusal {
  if (error instanceof UserFacingError) {
    return { status: error.status, message: error.message, field: error.field };
  }
  logger.error({ err: error }, `${what} failed`);
  return { status: 500, message: errorMessage(error), unexpected: true };
}

/** The reply to an error a service threw (see `refusalOf`). */
export const failureReply = (
  submission: Replier | null,
  error: unknown,
  what: string,
  options?: ReplyOptions,
) => refusalReply(submission, refusalOf(error, what), options);

/**
 * An outage the visitor can do nothing about: logged (as `"<what> failed"`) and answered 503
 * with `message`.
 */
export function unavailableRefusal(error: unknown, what: string, message: string): Refusal {
  logger.error({ err: error }, `${what} failed`);
  return { status: 503, message, unexpected: true };
}

/**
 * A submission its schema (or a check of the route, such as refused uploads or a course that is
 * not offered, given as `options`) refused, answered 400. An error on a field the page does not
 * show is shown for the whole form: always the hidden `intent`'s (a request naming no action of
 * the form), and, where the page lists `fieldsShown`, every field's but those.
 */
export function invalidSubmission(
  submission: Replier,
  {
    fieldsShown,
    ...options
  }: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  } & Pick<ReplyOptions, "hideFields" | "fieldsShown"> = {},
) {
  const result = submission.reply(options);
  const shown = (name: string) => name === "" || isShownField(name, fieldsShown);
  const entries = Object.entries(result.error ?? {});
  const hidden = entries.filter(([name]) => !shown(name)).flatMap(([, texts]) => texts ?? []);
  if (hidden.length) {
    const formTexts = [...hidden, ...(result.error?.[""] ?? [])];
    result.error = {
      ...Object.fromEntries(entries.filter(([name]) => shown(name) && name !== "")),
      // One failure text however many hidden fields it broke.
      "": [...new Set(formTexts)],
    };
  }
  return reply(result, { status: 400 });
}

/** A success that stays on the page: the form is emptied and `notice` says what happened. */
export const noticeReply = (submission: Replier, notice: string) =>
  data<ActionReply>({ result: submission.reply({ resetForm: true }), notice });

/** The form back as the submission changed it, nothing saved (Conform's list buttons). */
export const formReply = (submission: Replier) => reply(submission.reply(), { status: 200 });
