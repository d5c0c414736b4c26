import { Link } from "react-router";
import { timetableHref } from "~/features/intakes/list-url";
import { formatPhone } from "~/lib/text/phone-format";
import { Card } from "~/ui/card";
import type { AbsentStudents } from "../attendance.server";
import { ABSENT_TWICE_TEXT } from "../attendance-rules";
import { weekHref } from "../cohort-links";
import type { ListedSession } from "../sessions.server";
import { SessionLine } from "./session-line";

const linkClasses = "font-medium text-brand-800 hover:underline dark:text-brand-300";

/** The dashboard's card of today's classes, and of the students to call after two absences. */
export function TodayCard({
  sessions,
  absent,
}: {
  sessions: ListedSession[];
  absent: AbsentStudents;
}) {
  return (
    <Card id="today-classes" title="Today's classes">
      {sessions.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">No classes today.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {sessions.map((session) => (
            <SessionLine key={session.id} session={session} />
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link to={weekHref()} className={linkClasses}>
          This week's timetable
        </Link>
      </p>
      {absent.total ? (
        <div className="mt-4 border-t border-slate-100 pt-4 dark:border-slate-800">
          <h3 className="font-semibold">
            {ABSENT_TWICE_TEXT}: {absent.total} to call
          </h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {absent.students.map((student) => (
              <li key={student.applicationId}>
                {student.fullName} · {formatPhone(student.phone)} ·{" "}
                <Link to={timetableHref(student.intakeId)} className={linkClasses}>
                  {student.courseTitle}, {student.intakeLabel}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
