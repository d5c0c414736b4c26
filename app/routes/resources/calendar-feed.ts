import {
  calendarLinkAnswer,
  feedFile,
  onlyRead,
  ownerCalendar,
} from "~/features/cohort/calendar-feed.server";
import { icsFileId } from "~/features/cohort/calendar-links";
import type { Route } from "./+types/calendar-feed";

/**
 * A student's or tutor's private calendar feed, `/calendar/<kind>/<owner>/<token>.ics`, as their
 * calendar app fetches it without cookies every few hours (decision 0070).
 */
export function loader({ params }: Route.LoaderArgs) {
  const link = { kind: params.kind, owner: params.owner, token: icsFileId(params.file) };
  return calendarLinkAnswer(link, ownerCalendar, feedFile);
}

export const action = onlyRead;
