import { useEffect } from "react";
import { toast } from "./toaster";

/** Shows a form-level error as an error toast each time a new one arrives. */
export function useToastOnError(errors: string[] | undefined) {
  const message = errors?.[0];
  // `errors` is a new array for each answer, so the same message twice toasts twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (message) toast.error(message);
  }, [message, errors]);
}
