import type { ReactNode } from "react";
import { nounFor } from "~/lib/format/plural";
import { cardClasses } from "../card";
import { cn } from "../cn";

/** A list's count above it, read out when it changes: '12 students found'. */
export function ListCount({
  total,
  noun,
  suffix,
}: {
  total: number;
  noun: string;
  suffix: string;
}) {
  return (
    <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
      {total.toLocaleString("en-NG")} {nounFor(total, noun)}
      {suffix}
    </p>
  );
}

/** What a list says when it has nothing to show, on a card. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <div className={cn(cardClasses, "p-10 text-center text-slate-600 dark:text-slate-300")}>
      {children}
    </div>
  );
}
