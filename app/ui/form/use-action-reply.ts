import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { type ActionReply, formErrorsOf } from "~/lib/forms/action-reply";
import { toast } from "../toaster";

/**
 * How a screen reads an action's reply (`ActionReply`). The form-level error and the notice
 * are toasted once per answer: a new answer with the same text toasts again, a re-render does
 * not. Pass `undefined` while the reply is not this part's to show (a modal that is closed).
 * `lastResult` is for Conform's `useForm`: the field errors and kept values, withheld while a
 * new submission is under way.
 */
export function useActionReply(
  reply: ActionReply | null | undefined,
  { toasts = true }: { toasts?: boolean } = {},
) {
  const navigation = useNavigation();
  const toasted = useRef<ActionReply | null>(null);
  useEffect(() => {
    if (!reply || !toasts || toasted.current === reply) return;
    toasted.current = reply;
    const formError = formErrorsOf(reply)?.[0];
    if (formError) toast.error(formError);
    if (reply.notice) toast.success(reply.notice);
  }, [reply, toasts]);
  return {
    lastResult: navigation.state === "idle" ? reply?.result : null,
    notice: reply?.notice ?? null,
  };
}
