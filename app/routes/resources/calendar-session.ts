import {
  calendarLinkAnswer,
  onlyRead,
  sessionCalendar,
  sessionFile,
} from "~/features/cohort/calendar-feed.server";
import { icsFileId } from "~/features/cohort/calendar-links";
import type { Route } from "./+types/calendar-session";

/**
 * One session of a private calendar as a file to open ('Add to calendar'),
 * `/calendar/<kind>/<owner>/<token>/<session>.ics`: the feed's link, the feed's rules.
 */
export function loader({ params }: Route.LoaderArgs) {
  const sessionId = icsFileId(params.file);
  const link = { kind: params.kind, owner: params.owner, token: sessionId && params.token };
  return calendarLinkAnswer(
    link,
    (kind, ownerId) =>
      sessionId ? sessionCalendar(kind, ownerId, sessionId) : Promise.resolve(null),
    sessionFile,
  );
}

export const action = onlyRead;
