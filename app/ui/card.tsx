import type { ReactNode } from "react";
import { cn } from "./cn";

/** The portal's card surface: a rounded white panel with a border, dark in dark mode. */
export const cardClasses =
  "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

/**
 * A titled card: a section named by its heading (`<id>-heading`), with an optional link or
 * control at the heading's end.
 */
export function Card({
  id,
  title,
  action,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={`${id}-heading`} className="text-lg font-bold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className={cn(cardClasses, "p-5", className)}>
      {action ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
