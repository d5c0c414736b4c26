import { Link } from "react-router";
import { timetableHref } from "~/features/intakes/list-url";
import { registerHref, registerLinkText } from "../cohort-links";
import { formatClock, sessionWhere } from "../session-text";
import type { ListedSession } from "../sessions.server";

export const staffLinkClasses =
  "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800";

/** 'Cancelled' beside a session's title: in words, not only struck through. */
export function CancelledBadge() {
  return (
    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
      Cancelled
    </span>
  );
}

/** One session in a list across intakes (the week view, today's classes): when, what, where, who, its register. */
export function SessionLine({ session }: { session: ListedSession }) {
  const cancelled = session.status === "cancelled";
  return (
    <li className="flex flex-wrap justify-between gap-2 py-2">
      <div>
        <p className="font-medium">
          {formatClock(session.startsAt)}–{formatClock(session.endsAt)} ·{" "}
          <Link to={timetableHref(session.intakeId)} className="underline">
            {session.courseTitle}, {session.intakeLabel}
          </Link>
          {cancelled ? <CancelledBadge /> : null}
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {session.title} · {sessionWhere(session)}
          {session.tutorName ? ` · ${session.tutorName}` : ""}
        </p>
      </div>
      {cancelled ? null : (
        <Link to={registerHref(session.id)} className={staffLinkClasses}>
          {registerLinkText(session)}
          <span className="sr-only">
            : {session.title}, {session.courseTitle}
          </span>
        </Link>
      )}
    </li>
  );
}
