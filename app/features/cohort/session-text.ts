import { formatFullDate, LAGOS_TIME_ZONE } from "~/lib/format/dates";

/*
 * A session as people read it, in e-mails and on pages alike: 'Tuesday, 12 January 2027,
 * 6:00 pm to 9:00 pm (Lagos time)' and 'Room 2, 14 Admiralty Way · online: https://…'.
 */

export type SessionForText = {
  title: string;
  startsAt: Date | string;
  endsAt: Date | string;
  place: string | null;
  onlineUrl: string | null;
  status: "scheduled" | "cancelled";
};

const clock = new Intl.DateTimeFormat("en-NG", {
  timeZone: LAGOS_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

/** '6:00 pm'. */
export const formatClock = (at: Date | string) => clock.format(new Date(at));

/** 'Tuesday, 12 January 2027, 6:00 pm to 9:00 pm (Lagos time)'. */
export const sessionWhen = (session: Pick<SessionForText, "startsAt" | "endsAt">) =>
  `${formatFullDate(new Date(session.startsAt))}, ${formatClock(session.startsAt)} to ${formatClock(session.endsAt)} (Lagos time)`;

/** Where to go: the place, the online link, both, or that it is not set yet. */
export const sessionWhere = (session: Pick<SessionForText, "place" | "onlineUrl">) =>
  [session.place, session.onlineUrl ? `online: ${session.onlineUrl}` : null]
    .filter(Boolean)
    .join(" · ") || "place to be announced";

const shortDay = new Intl.DateTimeFormat("en-NG", {
  timeZone: LAGOS_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** 'Tue, 12 Jan 2027 · 6:00 pm–9:00 pm', for lists. */
export const sessionShortWhen = (session: Pick<SessionForText, "startsAt" | "endsAt">) =>
  `${shortDay.format(new Date(session.startsAt))} · ${formatClock(session.startsAt)}–${formatClock(session.endsAt)}`;
