import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";
import X from "lucide-react/icons/x";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type ToastKind = "success" | "error";
type Toast = { id: number; kind: ToastKind; message: string };

/** How long a toast stays: an error 6 s, a success 4 s. */
const TOAST_DURATION_MS: Record<ToastKind, number> = { error: 6000, success: 4000 };
const MAX_TOASTS = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function dismiss(id: number) {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  return id;
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  dismiss,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Dismisses a toast after its duration, counting only the time it is not paused: a paused
 * toast keeps the time it had left (WCAG 2.2.1, a slow reader keeps an error in view).
 */
function useExpiry(item: Toast, paused: boolean) {
  const remaining = useRef(TOAST_DURATION_MS[item.kind]);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [item.id, paused]);
}

/** Dismisses the toast `element` shows; focus inside it moves to a neighbour, not the page top. */
function dismissKeepingFocus(element: HTMLElement, id: number) {
  if (element.contains(document.activeElement)) {
    const neighbour = element.nextElementSibling ?? element.previousElementSibling;
    neighbour?.querySelector("button")?.focus();
  }
  dismiss(id);
}

function ToastItem({ item }: { item: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useExpiry(item, hovered || focused);
  const Icon = item.kind === "success" ? CheckCircle2 : XCircle;
  return (
    <li
      data-toast={item.kind}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
      onKeyDown={(event) => {
        if (event.key === "Escape") dismissKeepingFocus(event.currentTarget, item.id);
      }}
      className="pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
    >
      <Icon
        aria-hidden="true"
        className={
          item.kind === "success"
            ? "h-5 w-5 shrink-0 text-brand-700"
            : "h-5 w-5 shrink-0 text-red-700"
        }
      />
      <p className="flex-1">{item.message}</p>
      <button
        type="button"
        onClick={(event) => {
          const toastElement = event.currentTarget.closest("li");
          if (toastElement) dismissKeepingFocus(toastElement, item.id);
        }}
        className="rounded p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
      >
        <X aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">Dismiss notification</span>
      </button>
    </li>
  );
}

/** Top-right stack of toasts, announced to screen readers. */
export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-4 right-4 z-[60] w-[min(24rem,calc(100vw-2rem))]"
    >
      <ol aria-live="polite" className="flex flex-col gap-2">
        {items.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
