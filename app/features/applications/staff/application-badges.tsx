import type { Application, ApplicationStatus } from "~/db/schema";
import { ClockBadge } from "~/features/reply-clock/clock-badge";
import { cn } from "~/ui/cn";
import { applicationReplyClock } from "../application-clock";
import { applicationStatusLabels } from "../application-rules";

const badge = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold";

const statusStyles: Record<ApplicationStatus, string> = {
  new: "bg-sky-100 text-sky-900",
  offered: "bg-violet-100 text-violet-900",
  accepted: "bg-emerald-100 text-emerald-900",
  enrolled: "bg-emerald-200 text-emerald-950",
  waitlisted: "bg-amber-100 text-amber-900",
  declined: "bg-slate-200 text-slate-800",
  withdrawn: "bg-slate-200 text-slate-800",
  expired: "bg-slate-200 text-slate-800",
};

/** An application's status in words (the colour only repeats it). */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <span className={cn(badge, statusStyles[status])}>{applicationStatusLabels[status]}</span>;
}

/** How long a new application has waited for its answer, of the 24 hours promised. */
export function ApplicationClockBadge({
  application,
  now,
  short = false,
}: {
  application: Pick<Application, "status" | "createdAt" | "answeredAt">;
  now: string;
  short?: boolean;
}) {
  const clock = applicationReplyClock(application, now);
  if (!clock) return null;
  return <ClockBadge state={clock.state} label={short ? clock.shortLabel : clock.label} />;
}
