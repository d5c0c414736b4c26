import { parseAdmissionsQuery } from "~/features/applications/list-url";
import { applicantCsvCells, applicantCsvHeader } from "~/features/applications/staff/applicant-csv";
import { studentsForExport } from "~/features/applications/staff/students.server";
import { requireAdmin } from "~/features/auth/session.server";
import { withAttendance } from "~/features/cohort/attendance.server";
import { attendanceCsvCells, attendanceCsvHeader } from "~/features/cohort/attendance-rules";
import { lagosToday } from "~/lib/format/dates";
import { csvDownload } from "~/lib/http/csv-download";
import type { Route } from "./+types/students-export";

// csvCell writes every time as Lagos local time; the labels say so.
const header = [
  ...applicantCsvHeader,
  "Starts on",
  "Enrolled at (Lagos time)",
  ...attendanceCsvHeader,
];

/** The Students tab's enrolled students for its intake and search, every page, as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAdmissionsQuery(new URL(request.url).searchParams);
  return csvDownload({
    header,
    batches: withAttendance(studentsForExport(query)),
    cells: (student) => [
      ...applicantCsvCells(student),
      student.startsOn,
      student.enrolledAt,
      ...attendanceCsvCells(student.attendance),
    ],
    filename: `students-${lagosToday()}.csv`,
  });
}
