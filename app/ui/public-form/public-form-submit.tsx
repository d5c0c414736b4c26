import type { ReactNode } from "react";
import { Button } from "../button";

/** A two-column public form's send button, under both columns: 'Sending...' while it sends. */
export function PublicFormSubmit({
  submitting,
  blocked = false,
  children,
}: {
  submitting: boolean;
  /** Disabled although not sending (consent not yet given). */
  blocked?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="sm:col-span-2">
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting || blocked}>
        {submitting ? "Sending..." : children}
      </Button>
    </div>
  );
}
