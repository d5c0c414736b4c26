import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * An item of a list of cards: a large icon, a heading and a short text. `className` is the
 * card's surface (its padding, background, ring), `iconClassName` the icon's colour.
 */
export function IconCard({
  icon: Icon,
  title,
  className,
  iconClassName,
  children,
}: {
  icon: LucideIcon;
  title: string;
  className: string;
  iconClassName: string;
  children: ReactNode;
}) {
  return (
    <li className={className}>
      <Icon aria-hidden="true" className={`h-8 w-8 ${iconClassName}`} />
      <h3 className="mt-3 text-lg font-bold">{title}</h3>
      <p className="mt-2 text-sm text-slate-700">{children}</p>
    </li>
  );
}
