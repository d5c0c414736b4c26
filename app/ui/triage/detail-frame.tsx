import type { ReactNode } from "react";
import { DetailCloseLink } from "./detail-close-link";

/**
 * The detail pane of a triage list's open record: its heading, a line of facts, its badges and
 * the × back to the list, then the record's sections.
 */
export function DetailFrame({
  headingId,
  heading,
  facts,
  badges,
  closeHref,
  closeLabel,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  facts: ReactNode;
  badges: ReactNode;
  closeHref: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      // A long e-mail address or reference wraps rather than widen a phone's screen.
      className="flex min-w-0 flex-col gap-5 p-5 [overflow-wrap:anywhere]"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
            {heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{facts}</p>
          <div className="mt-2 flex flex-wrap gap-2">{badges}</div>
        </div>
        <DetailCloseLink to={closeHref} label={closeLabel} />
      </div>
      {children}
    </article>
  );
}
