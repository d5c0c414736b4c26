import type { Application } from "~/db/schema";
import { replyClock } from "~/features/reply-clock/reply-clock";

/**
 * The 24-hour reply promise on an application: a new one nobody has answered yet waits like an
 * unread message; once answered (a decision, an automatic offer) or moved on, it has no clock.
 */
export function applicationReplyClock(
  application: Pick<Application, "status" | "createdAt" | "answeredAt">,
  now: Date | string,
) {
  if (application.status !== "new" || application.answeredAt) return null;
  return replyClock({ waitingSince: application.createdAt, status: "unread" }, now);
}
