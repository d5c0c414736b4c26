import AlarmClock from "lucide-react/icons/alarm-clock";
import Clock from "lucide-react/icons/clock";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { cn } from "~/ui/cn";
import { type ReplyClockState, replyClock } from "../reply-clock";
import { capitalize } from "./message-badges";

const looks: Record<ReplyClockState, { icon: typeof Clock; className: string; prefix: string }> = {
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
 * How long a message has waited for its reply and how much is left of the 24 hours; nothing
 * once it is replied to or archived. The words say the state; the colour and icon repeat it.
 */
export function ReplyClockBadge({
  message,
  now,
  short = false,
}: {
  message: { waitingSince: Date | string; status: string };
  now: Date | string;
  /** The list row's form: the hours left, not the hours waited. */
  short?: boolean;
}) {
  const clock = replyClock(message, now);
  if (!clock) return null;
  const look = looks[clock.state];
  const Icon = look.icon;
  const label = short ? clock.shortLabel : clock.label;
  return (
    <span
      data-reply-clock={clock.state}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
        look.className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {look.prefix}
      {capitalize(label)}
    </span>
  );
}
