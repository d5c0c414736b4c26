import Search from "lucide-react/icons/search";
import type { ComponentProps } from "react";
import { cn } from "../cn";
import { controlClasses } from "../form/fields";

/** A search box with a magnifier and a label for screen readers. */
export function SearchInput({
  id,
  label,
  className,
  ...input
}: { id: string; label: string; className?: string } & Omit<
  ComponentProps<"input">,
  "id" | "type" | "className"
>) {
  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-slate-500"
      />
      <input id={id} type="search" {...input} className={cn(controlClasses, "pl-10")} />
    </div>
  );
}
