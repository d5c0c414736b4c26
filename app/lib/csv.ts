import { lagosTimestamp } from "~/lib/dates";

/**
 * One CSV cell: quoted, quotes doubled, an instant as Lagos local time ('2026-03-10 10:15'; the
 * header row says so), and a text that a spreadsheet would run as a formula (starting with =,
 * +, -, @, tab or carriage return) prefixed with an apostrophe, so a visitor's text can never
 * execute in the admin's spreadsheet.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? lagosTimestamp(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
