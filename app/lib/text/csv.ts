import { lagosTimestamp } from "~/lib/format/dates";

/**
 * A phone number: '+' or '0', then only digits, spaces, dots, dashes and brackets, with 7 to 15
 * digits. No quote, letter or operator that could leave a text constant can appear in it.
 */
const PHONE = /^[+0][\d ().-]{6,24}$/;
const isPhoneNumber = (text: string) => PHONE.test(text) && /^(\D*\d){7,15}\D*$/.test(text);

/**
 * One CSV cell: quoted, quotes doubled, an instant as Lagos local time ('2026-03-10 10:15'; the
 * header row says so). A text that a spreadsheet would run as a formula (starting with =, +,
 * -, @, tab or carriage return) is prefixed with an apostrophe, so a visitor's text can never
 * execute in the admin's spreadsheet; a phone number is written as a text constant
 * (="+234 803 123 4567"), which spreadsheets show as it is, never as a sum or a number without
 * its leading 0 (docs/decisions/0030-csv-phone-numbers-as-text-constants.md).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? lagosTimestamp(value) : String(value);
  if (typeof value === "string" && isPhoneNumber(text)) text = `="${text}"`;
  else if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
