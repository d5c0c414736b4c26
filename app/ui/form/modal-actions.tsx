import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../button";
import { cn } from "../cn";

/**
 * A modal form's last row: Cancel, a link back to the list's URL (so it works without
 * JavaScript), and the submit button, which reads `busyLabel` while the form is sent.
 * `children` come first (an upload's progress); `hideCancel` leaves Cancel out.
 */
export function ModalActions({
  closeHref,
  busy,
  label,
  busyLabel = "Saving...",
  variant,
  hideCancel = false,
  className,
  children,
}: {
  closeHref: string;
  busy: boolean;
  label: string;
  busyLabel?: string;
  variant?: "danger";
  hideCancel?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex justify-end gap-3", className)}>
      {children}
      {hideCancel ? null : (
        <Link to={closeHref} replace preventScrollReset className={buttonClasses("outline")}>
          Cancel
        </Link>
      )}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
