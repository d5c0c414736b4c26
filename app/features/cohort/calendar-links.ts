import { href } from "react-router";

/*
 * Links to a class in a calendar, for pages and e-mails alike (no server code: the browser may
 * build them too): the private feeds a calendar app subscribes to, one session's .ics file, and
 * 'Add to Google Calendar'.
 */

/** What a calendar link needs of a session. */
export type CalendarLinkSession = {
  id: string;
  title: string;
  startsAt: Date | string;
  endsAt: Date | string;
  place: string | null;
  onlineUrl: string | null;
  notice?: string | null;
};

/** A student's feed of their intake's sessions: `/calendar/student/<application>/<token>.ics`. */
export const studentCalendarPath = (applicationId: string, token: string) =>
  href("/calendar/:kind/:owner/:file", {
    kind: "student",
    owner: applicationId,
    file: `${token}.ics`,
  });

/** A tutor's feed of the sessions they teach: `/calendar/tutor/<tutor>/<token>.ics`. */
export const tutorCalendarPath = (tutorId: string, token: string) =>
  href("/calendar/:kind/:owner/:file", { kind: "tutor", owner: tutorId, file: `${token}.ics` });

/** One session of a student's as a file to open: `/calendar/student/<application>/<token>/<session>.ics`. */
export const sessionIcsPath = (applicationId: string, token: string, sessionId: string) =>
  href("/calendar/:kind/:owner/:token/:file", {
    kind: "student",
    owner: applicationId,
    token,
    file: `${sessionId}.ics`,
  });

/** The id a feed's or a session's file name carries ('<id>.ics'); null for any other name. */
export function icsFileId(file: string) {
  return file.endsWith(".ics") ? file.slice(0, -".ics".length) : null;
}

/** '20270112T170000Z': an instant in UTC as iCalendar and Google Calendar write it. */
export const utcStamp = (at: Date | string) =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Where the class is, as one line: the place, else the online link. */
export const sessionLocation = (session: Pick<CalendarLinkSession, "place" | "onlineUrl">) =>
  session.place ?? session.onlineUrl ?? "";

/** What a calendar entry says of the class beyond its time: place, online link, notice. */
export const sessionDetails = (
  session: Pick<CalendarLinkSession, "place" | "onlineUrl" | "notice">,
) =>
  [
    session.place ? `Place: ${session.place}` : null,
    session.onlineUrl ? `Online: ${session.onlineUrl}` : null,
    session.notice ? `Note: ${session.notice}` : null,
  ]
    .filter(Boolean)
    .join("\n");

/** A calendar entry's title: 'Session 3 · Data Analysis with Python'. */
export const sessionSummary = (session: Pick<CalendarLinkSession, "title">, courseTitle: string) =>
  `${session.title} · ${courseTitle}`;

/** 'Add to Google Calendar': Google's event template, filled in with the session. */
export function googleCalendarLink(session: CalendarLinkSession, courseTitle: string) {
  const query = new URLSearchParams({
    action: "TEMPLATE",
    text: sessionSummary(session, courseTitle),
    dates: `${utcStamp(session.startsAt)}/${utcStamp(session.endsAt)}`,
    details: sessionDetails(session),
    location: sessionLocation(session),
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}
