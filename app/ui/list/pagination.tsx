import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { Link } from "react-router";
import { cn } from "../cn";

/** The pages to show: at most `window` consecutive pages around the current one. */
function pageWindow(page: number, totalPages: number, window = 5): number[] {
  const size = Math.min(window, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

const itemClasses =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm font-medium";

/** Page links, at most five numbers around the current page. Plain links: no JS needed. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const edge = (target: number, disabled: boolean, text: string, Icon: typeof ChevronLeft) => {
    const content = (
      <>
        <Icon aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{text}</span>
      </>
    );
    return disabled ? (
      <span
        aria-disabled="true"
        className={cn(
          itemClasses,
          "border-slate-200 text-slate-400 dark:border-slate-800 dark:text-slate-600",
        )}
      >
        {content}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        className={cn(
          itemClasses,
          "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
        )}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      {edge(page - 1, page <= 1, "Previous page", ChevronLeft)}
      {pageWindow(page, totalPages).map((number) => (
        <Link
          key={number}
          to={hrefFor(number)}
          aria-current={number === page ? "page" : undefined}
          className={cn(
            itemClasses,
            number === page
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
          )}
        >
          <span className="sr-only">Page </span>
          {number}
        </Link>
      ))}
      {edge(page + 1, page >= totalPages, "Next page", ChevronRight)}
    </nav>
  );
}
