import { addDays } from "~/lib/format/dates";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How far the next intake moves on from this one: its length in days, first and last day
 * included, rounded up to whole weeks, so the copy starts after this one ends on the same weekday.
 */
export function nextIntakeShiftDays(startsOn: string, endsOn: string): number {
  const days = Math.round((Date.parse(endsOn) - Date.parse(startsOn)) / DAY_MS) + 1;
  return Math.ceil(days / 7) * 7;
}

export const shiftDate = (isoDate: string, days: number) => addDays(isoDate, days);
export const shiftInstant = (instant: Date, days: number) =>
  new Date(instant.getTime() + days * DAY_MS);
