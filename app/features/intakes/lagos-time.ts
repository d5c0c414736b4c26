/**
 * A `datetime-local` input's value (`YYYY-MM-DDTHH:mm`) is a wall-clock time in Lagos; these
 * turn it into an instant and back. Lagos is UTC+1 all year (no DST).
 */

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:mm` read as Lagos time. */
export const instantFromLagosInput = (value: string) => new Date(`${value}:00+01:00`);

/** An instant as a `datetime-local` value in Lagos time. */
export const lagosInputFromInstant = (instant: Date | string) =>
  new Date(new Date(instant).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
