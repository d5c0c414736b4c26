import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/ui/button";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";

export function PageHeader({
  title,
  description,
  add,
  actions,
}: {
  title: string;
  description?: string;
  /** The list's 'Add …' button: a link that opens its create modal over the list. */
  add?: { to: string; icon: LucideIcon; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-extrabold text-slate-900 dark:text-white">{title}</h1>
        {description ? (
          <p className="mt-1 text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
      </div>
      {add ? (
        <div className="flex flex-wrap gap-2">
          <AddLink {...add} />
        </div>
      ) : actions ? (
        <div className="flex flex-wrap gap-2">{actions}</div>
      ) : null}
    </div>
  );
}

function AddLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link to={to} preventScrollReset className={buttonClasses("primary")}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      {label}
    </Link>
  );
}

/** One figure of a page's statistics row. */
export type StatFigure = { label: string; value: ReactNode; hint?: string; icon?: LucideIcon };

function StatCard({ label, value, hint, icon: Icon }: StatFigure) {
  return (
    <div className={cn(cardClasses, "p-5")}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
        {Icon ? (
          <Icon aria-hidden="true" className="h-6 w-6 text-brand-700 dark:text-brand-300" />
        ) : null}
      </div>
      <p className="mt-2 text-3xl font-extrabold text-slate-900 dark:text-white">{value}</p>
      {hint ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

/** A page's statistics row: a card per figure, the row named for screen readers by `label`. */
export function StatCards({
  label,
  className,
  figures,
}: {
  label: string;
  className: string;
  figures: StatFigure[];
}) {
  return (
    <section aria-label={label} className={className}>
      {figures.map((figure) => (
        <StatCard key={figure.label} {...figure} />
      ))}
    </section>
  );
}

/** A placeholder page that says its section is under development. */
export function UnderDevelopment({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <p className="text-lg font-semibold text-slate-900 dark:text-white">
          This section is under development.
        </p>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          It will arrive in a later release.
        </p>
      </div>
    </>
  );
}
