import { useSyncExternalStore } from "react";
import { type ActionReply, formFailure } from "~/lib/forms/action-reply";
import {
  postWithProgress,
  UploadAbortedError,
  UploadConnectionError,
} from "~/lib/forms/post-with-progress";

export const uploadMessages = {
  cancelled: "Upload cancelled. Nothing was saved.",
  connectionLost: "The upload failed: the connection was lost. Please try again.",
} as const;

export type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; loaded: number; total: number; cancel: () => void }
  | { phase: "saving" };

// One course form is open at a time, so one upload at a time: a store outside React that the
// client action writes and the progress bar reads.
let state: UploadState = { phase: "idle" };
const listeners = new Set<() => void>();
function setState(next: UploadState) {
  state = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const idle: UploadState = { phase: "idle" };

/** The course form's upload as it goes: bytes sent, or saving once all are sent. */
export function useUploadProgress(): UploadState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => idle,
  );
}

const hasFile = (form: FormData) =>
  [...form.values()].some((value) => value instanceof File && value.size > 0);

/**
 * The course route's `clientAction`. A save with files goes to the same server action through
 * XMLHttpRequest, so the form shows how much is sent and can cancel; anything else goes the
 * usual way. Without JavaScript none of this runs: the form posts itself.
 */
export async function courseFormClientAction<ServerData>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<ServerData>;
}): Promise<ServerData | ActionReply> {
  const form = await request.clone().formData();
  if (!hasFile(form)) return serverAction();
  const cancelling = new AbortController();
  const stop = () => cancelling.abort();
  // Staff may cancel only while the form is still being sent; once the server has it all, it
  // may already be saving.
  const cancel = () => {
    if (state.phase === "uploading") stop();
  };
  request.signal.addEventListener("abort", stop, { once: true });
  setState({ phase: "uploading", loaded: 0, total: 0, cancel });
  try {
    return (await postWithProgress(request, form, {
      signal: cancelling.signal,
      onProgress: ({ loaded, total }) => setState({ phase: "uploading", loaded, total, cancel }),
      onSent: () => setState({ phase: "saving" }),
    })) as ServerData;
  } catch (error) {
    // Cancelled before the whole form was sent: the server read a cut-off form and saved nothing.
    if (error instanceof UploadAbortedError && !request.signal.aborted)
      return formFailure(uploadMessages.cancelled);
    if (error instanceof UploadConnectionError) return formFailure(uploadMessages.connectionLost);
    throw error;
  } finally {
    request.signal.removeEventListener("abort", stop);
    setState(idle);
  }
}
