import { Form } from "react-router";
import { LabelledSection } from "~/ui/labelled-section";
import { attendanceText, markLabels } from "../attendance-rules";
import { sessionShortWhen, sessionWhen, sessionWhere } from "../session-text";
import type { StudentTimetable } from "../student-page.server";

const heading = "mb-3 text-lg font-bold text-slate-900";
const linkClasses = "font-medium text-brand-800 underline underline-offset-2";

/** The next class: when, where, the online link, and ways to put it in a calendar. */
function NextSession({ timetable }: { timetable: StudentTimetable }) {
  const next = timetable.sessions.find((session) => session.id === timetable.next?.id);
  if (!next || !timetable.next)
    return <p className="text-slate-800">No more classes are planned.</p>;
  return (
    <div className="rounded-xl border-2 border-brand-700 bg-white p-4">
      <p className="font-semibold text-slate-900">{next.title}</p>
      <p className="text-slate-800">{sessionWhen(next)}</p>
      {next.place ? <p className="text-slate-800">Where: {next.place}</p> : null}
      {next.onlineUrl ? (
        <p className="break-all text-slate-800">
          Online:{" "}
          <a className={linkClasses} href={next.onlineUrl}>
            {next.onlineUrl}
          </a>
        </p>
      ) : null}
      {next.tutorName ? <p className="text-slate-800">Tutor: {next.tutorName}</p> : null}
      {timetable.firstSessionNote ? (
        <p className="mt-2 whitespace-pre-line text-slate-800">
          <span className="font-semibold">What to bring: </span>
          {timetable.firstSessionNote}
        </p>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
        <a
          className={linkClasses}
          href={timetable.next.googleLink}
          rel="noopener noreferrer"
          target="_blank"
        >
          Add to Google Calendar
        </a>
        <a className={linkClasses} href={timetable.next.icsPath}>
          Download for your calendar (.ics)
        </a>
      </p>
    </div>
  );
}

/** The student's classes on their private page: next class, timetable, calendar, attendance. */
export function MyTimetable({ timetable }: { timetable: StudentTimetable }) {
  if (timetable.sessions.length === 0)
    return (
      <LabelledSection id="classes-heading" title="Your classes" headingClassName={heading}>
        <p className="text-slate-800">The timetable is being prepared: it will show here.</p>
      </LabelledSection>
    );
  return (
    <>
      <LabelledSection id="next-class-heading" title="Your next class" headingClassName={heading}>
        <NextSession timetable={timetable} />
      </LabelledSection>
      {timetable.feed ? (
        <LabelledSection id="calendar-heading" title="Your calendar" headingClassName={heading}>
          <p className="text-slate-800">
            Subscribe once and your phone's calendar keeps every class, moved or cancelled ones
            included.{" "}
            <a className={linkClasses} href={timetable.feed.webcal}>
              Subscribe to your classes
            </a>
          </p>
          <label htmlFor="calendar-url" className="mt-3 block text-sm font-medium text-slate-800">
            Or copy this address into Google Calendar (Other calendars, From URL):
          </label>
          <input
            id="calendar-url"
            readOnly
            value={timetable.feed.url}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900"
          />
          <p className="mt-1 text-sm text-slate-700">Keep it to yourself: it is private to you.</p>
          <Form method="post" action={timetable.feed.replaceAction} className="mt-2">
            <button type="submit" className={linkClasses}>
              Shared it by mistake? Replace my calendar address
            </button>
          </Form>
        </LabelledSection>
      ) : null}
      {timetable.attendance ? (
        <LabelledSection id="attendance-heading" title="Attendance" headingClassName={heading}>
          <p className="text-slate-800">{attendanceText(timetable.attendance)}</p>
        </LabelledSection>
      ) : null}
      <LabelledSection id="timetable-heading" title="Timetable" headingClassName={heading}>
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {timetable.sessions.map((session) => (
            <li key={session.id} className="p-3">
              <p className="font-medium text-slate-900">
                <span className={session.status === "cancelled" ? "line-through" : undefined}>
                  {session.title}
                </span>
                {session.status === "cancelled" ? " (cancelled)" : null}
                {session.mark ? ` · ${markLabels[session.mark]}` : null}
              </p>
              <p className="text-sm text-slate-700">{sessionShortWhen(session)}</p>
              <p className="text-sm break-words text-slate-700">{sessionWhere(session)}</p>
              {session.notice ? <p className="text-sm text-slate-700">{session.notice}</p> : null}
            </li>
          ))}
        </ol>
      </LabelledSection>
    </>
  );
}
