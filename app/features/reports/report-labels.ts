import { formatShortDate } from "~/lib/format/dates";
import { nounFor } from "~/lib/format/plural";
import { weekDays } from "~/lib/site/site-config";

// Words and figures for the reports' days, weeks, hours and shares, shared by the page, its
// text alternatives and the CSV.

/** The busiest-times grid's rows, Monday first, in the order reports.server.ts fills them. */
export const weekdayNames = [...weekDays.slice(1), weekDays[0]] as const;

const twoDigits = (hour: number) => String(hour % 24).padStart(2, "0");

/** An hour of the day as the span it covers: '09:00–10:00'. */
export const hourLabel = (hour: number) => `${twoDigits(hour)}:00–${twoDigits(hour + 1)}:00`;

/** A week by its Monday, short enough for a chart's axis: '5 Oct'. */
export const weekAxisLabel = (monday: string) => formatShortDate(monday).replace(/\s*\d{4}$/, "");

/** A week by its Monday, in full for tables and text: 'Week of 5 Oct 2026'. */
export const weekLabel = (monday: string) => `Week of ${formatShortDate(monday)}`;

const figures = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 1 });

/** A figure as every chart, table and sentence of the page shows it: '25', '22.8', '1,204'. */
export const formatFigure = (value: number) => figures.format(value);

/** A count with its noun, singular for one: '1 inquiry', '3 inquiries'. */
export const countOf = (value: number, one: string, many = `${one}s`) =>
  `${formatFigure(value)} ${nounFor(value, one, many)}`;

/** Minutes as hours, to a tenth: the reports give reply times in hours. */
export const hoursFromMinutes = (minutes: number) => Math.round(minutes / 6) / 10;

/** `part` of `whole` in percent, or null when there is nothing to divide. */
export const sharePercent = (part: number, whole: number) => (whole ? (100 * part) / whole : null);

/** A course as reports name it: a course taken off the site still counts, marked as such. */
export const reportCourseName = (course: { title: string; active: boolean }) =>
  course.active ? course.title : `${course.title} (inactive)`;
