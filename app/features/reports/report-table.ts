import { formatNaira, nairaFromKobo } from "~/lib/format/money";
import { formatFigure, weekLabel } from "./report-labels";

// A chart's figures as one table of raw values, each column of a kind that says how the page
// shows a value and how the CSV writes it: the page's tables and the CSV are drawn from it.

/**
 * label: the row's name, as written; week: a week's Monday (ISO date); count: a whole number;
 * decimal: to a tenth (hours, rates); percent: a share out of 100; naira: kobo, shown in naira.
 */
export type ColumnKind = "label" | "week" | "count" | "decimal" | "percent" | "naira";
export type ReportColumn = { name: string; kind: ColumnKind };
/** A value; null where there is nothing to show (no messages judged, not counted per intake). */
export type ReportCell = string | number | null;
export type ReportTable = { caption: string; columns: ReportColumn[]; rows: ReportCell[][] };

/** A value as the page's table shows it. */
export function shownCell(kind: ColumnKind, value: ReportCell): string | number {
  if (value === null) return "—";
  if (typeof value === "string") return kind === "week" ? weekLabel(value) : value;
  if (kind === "naira") return formatNaira(value);
  if (kind === "decimal") return formatFigure(value);
  if (kind === "percent") return `${formatFigure(Math.round(value))}%`;
  return value;
}

/** A value as the CSV writes it: plain numbers a spreadsheet reads, naira to the kobo. */
export function csvValue(kind: ColumnKind, value: ReportCell): string | number | null {
  if (value === null || typeof value === "string")
    return kind === "week" && value ? `Week of ${value}` : value;
  if (kind === "naira") return nairaFromKobo(value).toFixed(2);
  if (kind === "decimal" || kind === "percent") return value.toFixed(1);
  return value;
}

/** A column's name in the CSV, with its unit where the value carries none. */
export const csvMeasure = ({ name, kind }: ReportColumn) =>
  kind === "naira" ? `${name} (NGN)` : kind === "percent" ? `${name} (%)` : name;

/** The table as the page shows it. */
export const shownTable = ({ caption, columns, rows }: ReportTable) => ({
  caption,
  columns: columns.map((column) => column.name),
  rows: rows.map((row) =>
    row.map((value, index) => shownCell(columns[index]?.kind ?? "label", value)),
  ),
});
