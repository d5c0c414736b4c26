import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A short fact with its icon before it (a course's lessons, duration, language). `className`
 * replaces the default gap (`cn` does not merge conflicting classes).
 */
export function IconText({
  icon: Icon,
  className = "gap-1",
  children,
}: {
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={cn("inline-flex items-center", className)}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
    </span>
  );
}
