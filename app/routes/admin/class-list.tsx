import ArrowLeft from "lucide-react/icons/arrow-left";
import { data, Link } from "react-router";
import { admissionsHref } from "~/features/applications/list-url";
import { ClassListSheet } from "~/features/applications/staff/class-list";
import { studentsExportHref } from "~/features/applications/staff/student-links";
import { classList } from "~/features/applications/staff/students.server";
import { requireAdmin } from "~/features/auth/session.server";
import { certificateCells } from "~/features/certificates/intake-certificates.server";
import { attendanceCells } from "~/features/cohort/attendance.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { CsvExportLink } from "~/ui/list/csv-export-link";
import { PrintButton } from "~/ui/print-button";
import type { Route } from "./+types/class-list";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Class list: ${loaderData ? `${loaderData.intake.courseTitle} · ${loaderData.intake.label}` : "Intake"} | Admin Portal`,
  },
];

/** An intake's printable class list: `?intake=<id>`; an unknown intake is a 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const intakeId = new URL(request.url).searchParams.get("intake") ?? "";
  const [list, attendance, certificates] = await Promise.all([
    classList(intakeId),
    attendanceCells(intakeId),
    certificateCells(intakeId),
  ]);
  if (!list) throw data(null, { status: 404 });
  return { ...list, attendance, certificates };
}

export default function ClassListPage({ loaderData }: Route.ComponentProps) {
  const { intake } = loaderData;
  return (
    <>
      <Link
        to={admissionsHref({ tab: "students", intake: intake.id })}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline dark:text-brand-300 print:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to students
      </Link>
      <PageHeader
        title="Class list"
        description={`${intake.courseTitle} · ${intake.label}`}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <PrintButton />
            <CsvExportLink href={studentsExportHref({ intake: intake.id, q: "" })} />
          </div>
        }
      />
      <ClassListSheet {...loaderData} />
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
