import X from "lucide-react/icons/x";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "full";

/**
 * What every modal over a list takes (docs/decisions/0010): the list's URL, where Cancel and the
 * close button lead, and `onClose`, which goes there when the dialog is dismissed.
 */
export type ListModalProps = { closeHref: string; onClose: () => void };

const closeClasses =
  "rounded-md p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

const widths: Record<ModalSize, string> = {
  sm: "max-w-sm",
  md: "max-w-lg",
  lg: "max-w-2xl",
  xl: "max-w-4xl",
  full: "max-w-none w-[calc(100vw-2rem)] h-[calc(100dvh-2rem)]",
};

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus
 * to the opener; `onClose` keeps React's state in step.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = "md",
  children,
  footer,
  closeHref,
}: {
  open: boolean;
  onClose: () => void;
  /** Where the close button leads: a URL-driven modal then closes without JavaScript too. */
  closeHref?: string;
  title: string;
  description?: string;
  size?: ModalSize;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const hydrated = useHydrated();
  const openRef = useRef(open);
  openRef.current = open;
  // `close` also fires when the parent closed the dialog; report only closes by the person.
  const handleClose = () => {
    if (openRef.current) onClose();
  };

  // Before JavaScript runs, an open modal is rendered as an open (non-modal) dialog, so it
  // works from a URL such as `?modal=create`; once hydrated it becomes a real modal.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, hydrated]);

  return (
    // Escape is handled by <dialog> itself; the click handler only adds "click outside closes".
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <dialog
      ref={dialogRef}
      open={!hydrated && open ? true : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) handleClose();
      }}
      className={cn(
        "m-auto w-[calc(100vw-2rem)] rounded-xl bg-white p-0 text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100",
        widths[size],
      )}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {description}
              </p>
            ) : null}
          </div>
          {closeHref ? (
            <Link to={closeHref} replace preventScrollReset className={closeClasses}>
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">Close</span>
            </Link>
          ) : (
            <button type="button" onClick={handleClose} className={closeClasses}>
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">Close</span>
            </button>
          )}
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-4 dark:border-slate-700">
            {footer}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
