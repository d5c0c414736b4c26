import type { Intake } from "~/db/schema";
import { addDays, formatDayMonth, lagosToday } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";

/**
 * How an intake reads on the public site: places left, enrolment closing, the early-bird
 * offer. Pure rules, so every threshold is tested; the words never rely on colour.
 */

/** At or under this many places left, a visitor is told it is one of the last. */
export const LAST_PLACES = 3;

export function placesLeftText(seats: number, taken: number) {
  const left = Math.max(seats - taken, 0);
  if (left === 0) return "Full";
  if (left === 1) return "Last place";
  if (left <= LAST_PLACES) return `Last ${left} places`;
  return `${left} of ${seats} places left`;
}

/** Within this many Lagos days, the closing is counted in days rather than dated. */
const COUNTED_DAYS = 7;

/**
 * When enrolment closes, by Lagos calendar days, to follow 'Enrolment': 'closes today', 'closes
 * tomorrow', 'closes in 5 days', then 'closes 12 Jan'; 'closed' once the instant has passed.
 */
export function closingText(closesAt: Date, now: Date) {
  if (now.getTime() >= closesAt.getTime()) return "closed";
  const today = lagosToday(now);
  // The day of the last moment enrolment is open (a close at midnight ends the day before).
  const closingDay = lagosToday(new Date(closesAt.getTime() - 1));
  if (closingDay === today) return "closes today";
  if (closingDay === addDays(today, 1)) return "closes tomorrow";
  for (let days = 2; days <= COUNTED_DAYS; days++) {
    if (closingDay === addDays(today, days)) return `closes in ${days} days`;
  }
  return `closes ${formatDayMonth(new Date(closesAt.getTime() - 1))}`;
}

/** The early-bird offer while it lasts (through its end date, Lagos), else null. */
export function earlyBirdText(
  intake: Pick<Intake, "price" | "earlyBirdPrice" | "earlyBirdEndsOn">,
  now: Date,
) {
  const { price, earlyBirdPrice, earlyBirdEndsOn } = intake;
  if (earlyBirdPrice === null || !earlyBirdEndsOn || lagosToday(now) > earlyBirdEndsOn) return null;
  return `Early bird ${formatNaira(earlyBirdPrice)} until ${formatDayMonth(earlyBirdEndsOn)} (save ${formatNaira(price - earlyBirdPrice)})`;
}

export const intakeModeLabels: Record<Intake["mode"], string> = {
  "in-person": "In person",
  online: "Online",
  both: "In person or online",
};

/** 'Starts 12 Jan' for the catalogue, or that the next intake is still to be announced. */
export const nextStartText = (startsOn: string | null) =>
  startsOn ? `Starts ${formatDayMonth(startsOn)}` : "Next intake to be announced";
