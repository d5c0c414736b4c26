import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { type ActionReply, formErrorsOf } from "~/lib/forms/action-reply";
import { toast } from "../toaster";

/**
 * How a screen reads an action's reply (`ActionReply`). The form-level error and the notice
 * are toasted once per answer: a new answer with the same text toasts again, a re-render does
 * not. A page whose open form (a modal) shows the reply itself says so with `heldByOpenForm`,
 * the one way a reply is left to another part of the screen.
 * `lastResult` is for Conform's `useForm`: the field errors and kept values, withheld while a
 * new submission is under way.
 */
export function useActionReply(
  reply: ActionReply | null | undefined,
  { toasts = true, heldByOpenForm = false }: { toasts?: boolean; heldByOpenForm?: boolean } = {},
) {
  const navigation = useNavigation();
  const ours = heldByOpenForm ? undefined : reply;
  const toasted = useRef<ActionReply | null>(null);
  useEffect(() => {
    if (!ours || !toasts || toasted.current === ours) return;
    toasted.current = ours;
    const formError = formErrorsOf(ours)?.[0];
    if (formError) toast.error(formError);
    if (ours.notice) toast.success(ours.notice);
  }, [ours, toasts]);
  return {
    lastResult: navigation.state === "idle" ? ours?.result : null,
    notice: ours?.notice ?? null,
  };
}
