/*
 * Lagos time, in one place: the academy's dates and times are read in Lagos, which is UTC+1 all
 * year (no daylight saving), so an offset is exact. SQL reads the same zone through lagos-sql.ts.
 */
export const LAGOS_TIME_ZONE = "Africa/Lagos";
const LAGOS_OFFSET = "+01:00";
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** A formatter of instants as Lagos reads them, showing `parts` (day, month, year, time). */
const lagosFormat = (parts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-NG", { timeZone: LAGOS_TIME_ZONE, ...parts });

const fullDate = lagosFormat({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
const monthYear = lagosFormat({ month: "short", year: "numeric" });
const monthYearLongFormat = lagosFormat({ month: "long", year: "numeric" });
const dayMonth = lagosFormat({ day: "numeric", month: "short" });
const shortDate = lagosFormat({ day: "numeric", month: "short", year: "numeric" });
const longDate = lagosFormat({ day: "numeric", month: "long", year: "numeric" });
const dateTime = lagosFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * A calendar date (`YYYY-MM-DD`, as PostgreSQL `date` gives it) as an instant at noon in Lagos,
 * so formatting it in Lagos time always shows the same calendar day.
 */
export function calendarDate(isoDate: string): Date {
  return new Date(`${isoDate}T12:00:00${LAGOS_OFFSET}`);
}

const asDate = (value: Date | string) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? calendarDate(value)
    : new Date(value);

export const formatFullDate = (value: Date | string) => fullDate.format(asDate(value));
export const formatMonthYear = (value: Date | string) => monthYear.format(asDate(value));
export const formatShortDate = (value: Date | string) => shortDate.format(asDate(value));
/** '12 January 2027': a date on a document, without the weekday. */
export const formatLongDate = (value: Date | string) => longDate.format(asDate(value));
/** 'January 2027', for an intake's label. */
export const monthYearLong = (value: Date | string) => monthYearLongFormat.format(asDate(value));
/** '12 Jan': a date in the coming months, where the year goes without saying. */
export const formatDayMonth = (value: Date | string) => dayMonth.format(asDate(value));
export const formatDateTime = (value: Date | string) => dateTime.format(asDate(value));

/** Today's calendar date in Lagos as `YYYY-MM-DD`. */
export function lagosToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: LAGOS_TIME_ZONE }).format(now);
}

/** A calendar date (`YYYY-MM-DD`) moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of a calendar date's week (weeks run Monday to Sunday), as `YYYY-MM-DD`. */
export function mondayOf(isoDate: string): string {
  const daysSinceMonday = (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(isoDate, -daysSinceMonday);
}

/** The instant a Lagos calendar day begins. */
export const startOfLagosDate = (isoDate: string) => new Date(`${isoDate}T00:00:00${LAGOS_OFFSET}`);

/** The UTC instant at which today (in Lagos) began. */
export function startOfLagosDay(now: Date = new Date()): Date {
  return startOfLagosDate(lagosToday(now));
}

/**
 * An instant as Lagos local time, `YYYY-MM-DD HH:mm` (for files such as the CSV export, which
 * spreadsheets read as a date).
 */
export function lagosTimestamp(value: Date | string): string {
  return lagosInputFromInstant(value).replace("T", " ");
}

/** A `datetime-local` input's value (`YYYY-MM-DDTHH:mm`), read as a wall-clock time in Lagos. */
export const instantFromLagosInput = (value: string) => new Date(`${value}:00${LAGOS_OFFSET}`);

/** An instant as a `datetime-local` input's value in Lagos time. */
export const lagosInputFromInstant = (instant: Date | string) =>
  new Date(new Date(instant).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
