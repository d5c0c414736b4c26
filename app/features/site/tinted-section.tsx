import type { ReactNode } from "react";

/**
 * A page section on a full-width grey band, named by its heading (`<id>-heading`); the content
 * follows the heading in the page's width.
 */
export function TintedSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id={`${id}-heading`} className="text-3xl font-extrabold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
