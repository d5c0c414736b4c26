import { csvRow } from "~/lib/text/csv";
import { reportCharts } from "./report-charts";
import type { ReportPeriod } from "./report-period";
import { csvMeasure, csvValue } from "./report-table";
import type { Report } from "./reports.server";

// The Reports page's data as one CSV in long form (one figure per row), so a spreadsheet can
// filter and pivot it: every cell of every chart's table (report-charts.tsx), named by its chart,
// its row and its column. Days, weeks and hours are Lagos time; cells pass csvCell's formula
// guard (a course title is typed by an admin, an inquiry type by a visitor of an older form).

export const REPORT_CSV_HEADER = ["Chart", "Item (Lagos time)", "Measure", "Value"];

export function reportCsvRows(report: Report): unknown[][] {
  return reportCharts.flatMap((chart) => {
    const { columns, rows } = chart.table(report);
    const [itemColumn, ...measures] = columns;
    return rows.flatMap(([item, ...values]) =>
      measures.map((measure, index) => [
        chart.title,
        itemColumn ? csvValue(itemColumn.kind, item ?? null) : item,
        csvMeasure(measure),
        csvValue(measure.kind, values[index] ?? null),
      ]),
    );
  });
}

export function reportCsv(report: Report): string {
  return [REPORT_CSV_HEADER, ...reportCsvRows(report)].map(csvRow).join("");
}

export const reportCsvFilename = (period: ReportPeriod) =>
  `academy-report-${period.from}-to-${period.to}.csv`;
