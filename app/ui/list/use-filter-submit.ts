import { useEffect, useRef } from "react";
import { useSubmit } from "react-router";

/**
 * Submits a GET filter form in place: the URL is replaced (no history entry per keystroke) and
 * the scroll position kept. `submitAfterPause` waits until typing stops for `delayMs`.
 */
export function useFilterSubmit() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submitNow = (form: HTMLFormElement | null) => {
    clearTimeout(timer.current);
    submit(form, { replace: true, preventScrollReset: true });
  };
  const submitAfterPause = (form: HTMLFormElement | null, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submitNow(form), delayMs);
  };
  return { submitNow, submitAfterPause };
}
