import AlarmClock from "lucide-react/icons/alarm-clock";
import Clock from "lucide-react/icons/clock";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { cn } from "~/ui/cn";

/** Where a 24-hour answer clock stands: in time, with little time left, or past it. */
export type ClockBadgeState = "on-time" | "due-soon" | "overdue";

const looks: Record<ClockBadgeState, { icon: typeof Clock; className: string; prefix: string }> = {
  "on-time": {
    icon: Clock,
    className: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
    prefix: "",
  },
  "due-soon": {
    icon: AlarmClock,
    className: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
    prefix: "Due soon · ",
  },
  overdue: {
    icon: TriangleAlert,
    className: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
    prefix: "",
  },
};

/**
 * An answer clock as a badge: the words say the state ('Due soon · …', '… overdue'); the colour
 * and the icon only repeat it.
 */
export function ClockBadge({ state, label }: { state: ClockBadgeState; label: string }) {
  const look = looks[state];
  const Icon = look.icon;
  return (
    <span
      data-reply-clock={state}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
        look.className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {look.prefix}
      {label.charAt(0).toUpperCase() + label.slice(1)}
    </span>
  );
}
