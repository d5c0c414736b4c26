import type { LucideIcon } from "lucide-react";
import LayoutGrid from "lucide-react/icons/layout-grid";
import List from "lucide-react/icons/list";
import { Link } from "react-router";
import { cn } from "../cn";

export type ViewOption = { value: string; label: string; icon: LucideIcon; href: string };

/** Two or more views of one list (grid/list, cards/list) as links, so it works without JS. */
export function ViewToggle({ current, options }: { current: string; options: ViewOption[] }) {
  return (
    <fieldset className="flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700">
      <legend className="sr-only">Layout</legend>
      {options.map((option) => (
        <Link
          key={option.value}
          to={option.href}
          replace
          preventScrollReset
          aria-current={current === option.value ? "true" : undefined}
          className={cn(
            "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium",
            current === option.value
              ? "bg-brand-700 text-white"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
          )}
        >
          <option.icon aria-hidden="true" className="h-4 w-4" />
          {option.label}
        </Link>
      ))}
    </fieldset>
  );
}

/**
 * The lists' usual pair of views: a grid of cards (its value and label given, such as 'grid',
 * 'Grid view'), or a list.
 */
export function GridListToggle<Grid extends string>({
  current,
  grid,
  hrefFor,
}: {
  current: Grid | "list";
  grid: { value: Grid; label: string };
  hrefFor: (view: Grid | "list") => string;
}) {
  return (
    <ViewToggle
      current={current}
      options={[
        { ...grid, icon: LayoutGrid, href: hrefFor(grid.value) },
        { value: "list", label: "List view", icon: List, href: hrefFor("list") },
      ]}
    />
  );
}
