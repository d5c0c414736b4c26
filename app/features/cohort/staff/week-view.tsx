import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { Link } from "react-router";
import { addDays, formatFullDate } from "~/lib/format/dates";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { weekHref } from "../cohort-links";
import type { ListedSession } from "../sessions.server";
import { SessionLine, staffLinkClasses } from "./session-line";

/** The sessions of one week across intakes, day by day: which rooms are in use, and by whom. */
export function WeekView({
  monday,
  days,
}: {
  monday: string;
  days: { date: string; sessions: ListedSession[] }[];
}) {
  return (
    <div className="grid gap-4">
      <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
        <Link to={weekHref(addDays(monday, -7))} className={staffLinkClasses}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous week
        </Link>
        <Link to={weekHref()} className={staffLinkClasses}>
          This week
        </Link>
        <Link to={weekHref(addDays(monday, 7))} className={staffLinkClasses}>
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
                <SessionLine key={session.id} session={session} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
