import { ClockBadge } from "~/features/reply-clock/clock-badge";
import { replyClock } from "./reply-clock";

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
  return <ClockBadge state={clock.state} label={short ? clock.shortLabel : clock.label} />;
}
