import { addDays, instantFromLagosInput, lagosInputFromInstant } from "~/lib/format/dates";

/*
 * An intake's timetable as a pattern: the weekdays and the hours it meets, between two dates.
 * Staff build the dated sessions from it (then edit them one by one); the intake's class times
 * in words ('Tuesdays & Thursdays 6pm–9pm WAT') fill the pattern in where they can be read.
 */

/** Monday first, as the academy's weeks run; the numbers are JavaScript's (Sunday 0). */
export const weekdays = [
  { day: 1, short: "Mon", long: "Mondays" },
  { day: 2, short: "Tue", long: "Tuesdays" },
  { day: 3, short: "Wed", long: "Wednesdays" },
  { day: 4, short: "Thu", long: "Thursdays" },
  { day: 5, short: "Fri", long: "Fridays" },
  { day: 6, short: "Sat", long: "Saturdays" },
  { day: 0, short: "Sun", long: "Sundays" },
] as const;

/** The most sessions one build makes: a year of evenings, five a week, and then some. */
export const MAX_SESSIONS_PER_BUILD = 300;

export type TimetablePattern = {
  /** Weekday numbers (Sunday 0). */
  days: number[];
  /** Lagos wall-clock times, `HH:mm`. */
  startTime: string;
  endTime: string;
  /** Lagos calendar dates, `YYYY-MM-DD`, both included. */
  from: string;
  until: string;
};

export type SessionTimes = { startsAt: Date; endsAt: Date };

/** The years a timetable may use: any date a form or a URL gives is checked against them. */
export const isTeachingDate = (date: string) =>
  /^20\d{2}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));

/** The longest period one build covers: five years of days (the form refuses more). */
export const MAX_PATTERN_DAYS = 5 * 366;

/** A Lagos date and wall-clock time as an instant (Lagos is UTC+1 all year). */
export const lagosInstant = (date: string, time: string) =>
  instantFromLagosInput(`${date}T${time}`);

/** The sessions a pattern makes, in order; at most MAX_SESSIONS_PER_BUILD + 1 (to say "too many"). */
export function sessionsOfPattern(pattern: TimetablePattern): SessionTimes[] {
  const days = new Set(pattern.days);
  const sessions: SessionTimes[] = [];
  // Counted, and each date checked: past year 9999 a date would never compare as later.
  for (let day = 0; day < MAX_PATTERN_DAYS; day++) {
    const date = addDays(pattern.from, day);
    if (date > pattern.until || !isTeachingDate(date)) break;
    if (!days.has(new Date(`${date}T12:00:00Z`).getUTCDay())) continue;
    sessions.push({
      startsAt: lagosInstant(date, pattern.startTime),
      endsAt: lagosInstant(date, pattern.endTime),
    });
    if (sessions.length > MAX_SESSIONS_PER_BUILD) break;
  }
  return sessions;
}

const dayPattern =
  /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*(?:\s*[–-]\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*)?/gi;
const timeRanges =
  /(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:[–-]|to)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)/gi;

const dayNumber = (word: string) =>
  weekdays.find((weekday) => weekday.short.toLowerCase() === word.slice(0, 3).toLowerCase())?.day;

/** Monday-first positions, so that a range 'Mon–Thu' runs forwards through the week. */
const position = (day: number) => (day + 6) % 7;

function daysOf(text: string): number[] {
  const found = new Set<number>();
  for (const [, first, last] of text.matchAll(dayPattern)) {
    const start = dayNumber(first ?? "");
    if (start === undefined) continue;
    const end = last ? dayNumber(last) : start;
    if (end === undefined) continue;
    for (let at = position(start); at <= position(end); at++) found.add((at + 1) % 7);
  }
  if (found.size === 0 && /\bweekdays?\b/i.test(text)) return [1, 2, 3, 4, 5];
  return weekdays.map((weekday) => weekday.day).filter((day) => found.has(day));
}

/** '6', '30', 'pm' as '18:30'; without am or pm the hour is read as written. */
const clock = (hour: string, minute: string | undefined, half: string | undefined) => {
  const h = Number(hour);
  const h24 = half ? (h % 12) + (half.toLowerCase() === "pm" ? 12 : 0) : h;
  return `${String(h24).padStart(2, "0")}:${minute ?? "00"}`;
};

/**
 * The weekdays and hours an intake's class times in words name, as far as they can be read:
 * 'Weekdays 6pm–9pm WAT (Mon, Wed, Fri)' gives Mon, Wed, Fri 18:00–21:00. What cannot be read
 * is left for staff to choose.
 */
export function readClassTimes(text: string | null): Partial<TimetablePattern> {
  if (!text) return {};
  const ranges = [...text.matchAll(timeRanges)];
  // 'Saturdays 10am–2pm and Wednesdays 7pm–9pm': two patterns in one, for staff to build by hand.
  if (ranges.length > 1) return {};
  const days = daysOf(text);
  const [times] = ranges;
  const hours = times
    ? {
        // '6-9 pm': the first half-day is the second's when it is not written.
        startTime: clock(times[1] ?? "", times[2], times[3] ?? times[6]),
        endTime: clock(times[4] ?? "", times[5], times[6]),
      }
    : {};
  return { ...(days.length ? { days } : {}), ...hours };
}

const timeWords = (time: string) => {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const half = hour >= 12 ? "pm" : "am";
  const h = hour % 12 || 12;
  return minute ? `${h}:${String(minute).padStart(2, "0")}${half}` : `${h}${half}`;
};

/** A pattern in words, as the course page shows it: 'Tuesdays and Thursdays, 6pm–9pm'. */
export function patternWords(days: number[], startTime: string, endTime: string) {
  const names = weekdays.filter((weekday) => days.includes(weekday.day)).map((day) => day.long);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  return `${list}, ${timeWords(startTime)}–${timeWords(endTime)}`;
}

/**
 * Dated sessions in words, each set of hours with its days ('Wednesdays, 7pm–9pm; Saturdays,
 * 10am–2pm'), the most common hours first.
 */
export function sessionsInWords(sessions: { startsAt: Date; endsAt: Date }[]) {
  const daysByHours = new Map<string, { days: Set<number>; count: number }>();
  for (const session of sessions) {
    const start = lagosInputFromInstant(session.startsAt);
    const key = `${start.slice(11, 16)}-${lagosInputFromInstant(session.endsAt).slice(11, 16)}`;
    const entry = daysByHours.get(key) ?? { days: new Set<number>(), count: 0 };
    entry.days.add(new Date(`${start.slice(0, 10)}T12:00:00Z`).getUTCDay());
    entry.count += 1;
    daysByHours.set(key, entry);
  }
  return [...daysByHours]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([key, { days }]) => {
      const [startTime = "", endTime = ""] = key.split("-");
      return patternWords([...days], startTime, endTime);
    })
    .join("; ");
}
