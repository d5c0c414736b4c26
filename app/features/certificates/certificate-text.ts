import { formatLongDate } from "~/lib/format/dates";
import { nounFor } from "~/lib/format/plural";

/*
 * The words a certificate prints, written once: the PDF and the public verify page show the
 * same text, so an employer compares them field by field.
 */

/** '12 January 2027 to 30 April 2027'. */
export const periodText = (startsOn: string, endsOn: string) =>
  `${formatLongDate(startsOn)} to ${formatLongDate(endsOn)}`;

/** '48 hours of instruction'. */
export const hoursText = (hours: number) => `${hours} ${nounFor(hours, "hour")} of instruction`;

/** '3 May 2027', the Lagos date of issue. */
export const issuedOnText = (issuedAt: Date | string) => formatLongDate(issuedAt);
