import { data } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { reportCsv, reportCsvFilename } from "~/features/reports/report-csv";
import { parseReportPeriod } from "~/features/reports/report-period";
import { loadReport } from "~/features/reports/reports.server";
import { lagosToday } from "~/lib/format/dates";
import type { Route } from "./+types/reports-export";

/** The Reports page's data for its period, as CSV (Lagos times, formulas neutralised). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { period, error } = parseReportPeriod(new URL(request.url).searchParams, lagosToday());
  if (error) throw data(error, { status: 400 });
  const report = await loadReport(period);
  // A byte-order mark, so spreadsheet programs read accents as UTF-8.
  return new Response(`\uFEFF${reportCsv(report)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportCsvFilename(period)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
