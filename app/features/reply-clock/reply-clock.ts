/**
 * The 24-hour reply promise made on every public page, as a clock on each message
 * still waiting for a reply. The same thresholds are written in SQL in reply-clock.server.ts.
 */
export const REPLY_PROMISE_HOURS = 24;
/** Under this many hours left, a message is due soon. */
export const DUE_SOON_HOURS = 4;
/** At this age an unanswered message's assignee (or NOTIFY_EMAILS) is reminded, once. */
export const REMINDER_AFTER_HOURS = REPLY_PROMISE_HOURS - DUE_SOON_HOURS;
/** The window of the dashboard's response figures, in days. */
export const RESPONSE_WINDOW_DAYS = 30;

export const HOUR_MS = 60 * 60 * 1000;

export type ReplyClockState = "on-time" | "due-soon" | "overdue";

export type ReplyClock = {
  state: ReplyClockState;
  /** Whole hours waited so far. */
  waitedHours: number;
  /** Whole hours left of the 24, rounded down like the hours waited (0 when overdue). */
  leftHours: number;
  /** Whole hours past the 24 (0 when not overdue). */
  overdueHours: number;
  /** 'waiting 19 h · 5 h left', 'overdue by 3 h'. */
  label: string;
  /** For a list row: '5 h left', 'overdue by 3 h'. */
  shortLabel: string;
};

/** Statuses that still owe the visitor a reply (replied and archived do not). */
export const awaitingReplyStatuses = ["unread", "read"] as const;

export function isAwaitingReply(status: string) {
  return (awaitingReplyStatuses as readonly string[]).includes(status);
}

const hours = (count: number) => `${count} h`;

/**
 * How long a message has waited and how much is left of its 24 hours; null when it is no
 * longer waiting (replied or archived). `now` comes from the loader, so the server's and the
 * browser's render agree.
 */
export function replyClock(
  message: { waitingSince: Date | string; status: string },
  now: Date | string,
): ReplyClock | null {
  if (!isAwaitingReply(message.status)) return null;
  const waitedMs = Math.max(0, new Date(now).getTime() - new Date(message.waitingSince).getTime());
  const leftMs = REPLY_PROMISE_HOURS * HOUR_MS - waitedMs;
  const waitedHours = Math.floor(waitedMs / HOUR_MS);
  if (leftMs <= 0) {
    const overdueHours = Math.floor(Math.abs(leftMs) / HOUR_MS);
    const label = overdueHours < 1 ? "overdue by under 1 h" : `overdue by ${hours(overdueHours)}`;
    return { state: "overdue", waitedHours, leftHours: 0, overdueHours, label, shortLabel: label };
  }
  // Rounded down, so that 'due soon' (under 4 h left) never reads '4 h left'.
  const leftHours = Math.floor(leftMs / HOUR_MS);
  const waited = waitedHours < 1 ? "waiting under 1 h" : `waiting ${hours(waitedHours)}`;
  const left = leftHours < 1 ? "under 1 h left" : `${hours(leftHours)} left`;
  return {
    state: leftMs < DUE_SOON_HOURS * HOUR_MS ? "due-soon" : "on-time",
    waitedHours,
    leftHours,
    overdueHours: 0,
    label: `${waited} · ${left}`,
    shortLabel: left,
  };
}

/** A time to reply as people say it: '45 min', '3 h 20 min', '2 days 4 h'. */
export function formatReplyTime(minutes: number) {
  if (minutes < 60) return `${Math.max(0, Math.round(minutes))} min`;
  const totalHours = Math.floor(minutes / 60);
  if (totalHours < 48) {
    const rest = Math.round(minutes % 60);
    return rest ? `${totalHours} h ${rest} min` : `${totalHours} h`;
  }
  const days = Math.floor(totalHours / 24);
  const hoursLeft = totalHours % 24;
  return hoursLeft ? `${days} days ${hoursLeft} h` : `${days} days`;
}
