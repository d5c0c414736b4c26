import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { Link } from "react-router";
import { timetableHref } from "~/features/intakes/list-url";
import { addDays, formatFullDate } from "~/lib/format/dates";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { registerHref, weekHref } from "../cohort-links";
import { formatClock, sessionWhere } from "../session-text";
import type { WeekSession } from "../sessions.server";

/** The sessions of one week across intakes, day by day: which rooms are in use, and by whom. */
export function WeekView({
  monday,
  days,
}: {
  monday: string;
  days: { date: string; sessions: WeekSession[] }[];
}) {
  const linkClasses =
    "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800";
  return (
    <div className="grid gap-4">
      <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
        <Link to={weekHref(addDays(monday, -7))} className={linkClasses}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous week
        </Link>
        <Link to={weekHref()} className={linkClasses}>
          This week
        </Link>
        <Link to={weekHref(addDays(monday, 7))} className={linkClasses}>
          Next week
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </nav>
      {days.map(({ date, sessions }) => (
        <section key={date} aria-labelledby={`day-${date}`} className={cn(cardClasses, "p-4")}>
          <h2 id={`day-${date}`} className="font-bold">
            {formatFullDate(date)}
          </h2>
          {sessions.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">No sessions.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
              {sessions.map((session) => (
                <li key={session.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <div>
                    <p className="font-medium">
                      {formatClock(session.startsAt)}–{formatClock(session.endsAt)} ·{" "}
                      <Link to={timetableHref(session.intakeId)} className="underline">
                        {session.courseTitle}, {session.intakeLabel}
                      </Link>
                      {session.status === "cancelled" ? (
                        <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                          Cancelled
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                      {session.title} · {sessionWhere(session)}
                      {session.tutorName ? ` · ${session.tutorName}` : ""}
                    </p>
                  </div>
                  {session.status === "cancelled" ? null : (
                    <Link to={registerHref(session.id)} className={linkClasses}>
                      Register
                      <span className="sr-only">
                        : {session.title}, {session.courseTitle}
                      </span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
