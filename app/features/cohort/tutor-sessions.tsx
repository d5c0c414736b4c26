import { Link } from "react-router";
import { registerLinkText } from "./cohort-links";
import { sessionShortWhen, sessionWhere } from "./session-text";
import type { TutorSession } from "./tutor-page.server";

/** A tutor's sessions as a list, each with its register where one can be taken. */
export function TutorSessionList({
  sessions,
  registerHref,
}: {
  sessions: TutorSession[];
  /** Where a session's register opens (the tutor's page, or the portal). */
  registerHref: (sessionId: string) => string;
}) {
  if (sessions.length === 0) return <p>No sessions in the coming weeks.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-start justify-between gap-2 p-3">
          <div>
            <p className="font-medium">
              {session.courseTitle}, {session.intakeLabel}: {session.title}
              {session.status === "cancelled" ? " (cancelled)" : ""}
            </p>
            <p className="text-sm">{sessionShortWhen(session)}</p>
            <p className="text-sm break-words">{sessionWhere(session)}</p>
          </div>
          {session.status === "cancelled" ? null : (
            <Link
              to={registerHref(session.id)}
              className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-300"
            >
              {registerLinkText(session)}
              <span className="sr-only">: {session.title}</span>
            </Link>
          )}
        </li>
      ))}
    </ol>
  );
}
