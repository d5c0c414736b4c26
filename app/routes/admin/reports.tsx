import Download from "lucide-react/icons/download";
import { href } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { PageHeader } from "~/features/portal/page-header";
import { PeriodForm } from "~/features/reports/period-form";
import { ReportCharts } from "~/features/reports/report-charts";
import {
  parseReportPeriod,
  reportPeriodChoices,
  reportPeriodSearch,
} from "~/features/reports/report-period";
import { loadReport } from "~/features/reports/reports.server";
import { formatShortDate, lagosToday } from "~/lib/format/dates";
import { buttonClasses } from "~/ui/button";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => [{ title: "Reports | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { period, error, input } = parseReportPeriod(
    new URL(request.url).searchParams,
    lagosToday(),
  );
  return { period, error, input, report: await loadReport(period) };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { period, error, input, report } = loaderData;
  const choiceLabel =
    reportPeriodChoices.find((item) => item.value === period.choice)?.label ?? "Period";
  const csvHref = `${href("/admin-portal/reports/export")}${reportPeriodSearch(period)}`;
  return (
    <>
      <PageHeader
        title="Reports"
        description={`${period.choice === "custom" ? "" : `${choiceLabel}: `}${formatShortDate(period.from)} to ${formatShortDate(period.to)}.`}
        actions={
          <a href={csvHref} download className={buttonClasses("outline")}>
            <Download aria-hidden="true" className="h-5 w-5" />
            Download CSV
          </a>
        }
      />
      <PeriodForm choice={error ? "custom" : period.choice} input={input} error={error} />

      <ReportCharts report={report} period={period} />
    </>
  );
}
