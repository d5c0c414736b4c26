import type { SubmissionResult } from "@conform-to/react";

/**
 * What every action (portal, sign-in, public form) answers when it does not redirect: Conform's
 * submission result, which carries the field errors, the form's own errors (under `""`) and the
 * values to keep, and a notice for a success that stays on the page (null on a failure).
 * Built on the server by `action-reply.server.ts`, read on the screen by `useActionReply`.
 * Only types and plain objects here, so the public forms speak it without loading Conform.
 */
export type ActionReply = { result: SubmissionResult<string[]>; notice: string | null };

/** The values a reply keeps for the form: what was typed, by field name. */
export type KeptValues = Record<string, string>;

/** The errors a reply shows for the whole form (Conform's `""` key), if any. */
export const formErrorsOf = (reply: ActionReply | null | undefined) =>
  reply?.result.error?.[""] ?? undefined;

/** Every error a reply shows, by field name (`""` for the whole form). */
export function errorsOf(reply: ActionReply | null | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(reply?.result.error ?? {}).filter((entry): entry is [string, string[]] =>
      Boolean(entry[1]?.length),
    ),
  );
}

/** The value a reply kept for one field (a refused form's input), if it kept a text. */
export function keptValueOf(reply: ActionReply | null | undefined, name: string) {
  const value = reply?.result.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * A failure of the whole form built without a parsed submission: a client action's own (the
 * connection dropped, an upload cancelled) or a request no form could make. `keep` is what
 * the form shows again.
 */
export function formFailure(message: string, keep?: KeptValues): ActionReply {
  return {
    result: { status: "error", error: { "": [message] }, ...(keep ? { initialValue: keep } : {}) },
    notice: null,
  };
}

/**
 * The first error of each field of a reply, when it answers this form of a page with several
 * (its intent, and `id` for a row's form: IntentFields); none otherwise.
 */
export function errorsFor(reply: ActionReply | null | undefined, intent: string, id = "") {
  if (keptValueOf(reply, "intent") !== intent || (keptValueOf(reply, "id") ?? "") !== id) return {};
  return Object.fromEntries(
    Object.entries(errorsOf(reply)).map(([name, list]) => [name, list[0]]),
  ) as Record<string, string | undefined>;
}

/** Whether a reply refused this form: its <details> then opens on the errors. */
export const refusedHere = (reply: ActionReply | null | undefined, intent: string, id = "") =>
  Object.keys(errorsFor(reply, intent, id)).length > 0;
