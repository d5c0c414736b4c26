import { formatApplicationReference } from "~/features/applications/application-rules";
import { parseAdmissionsQuery } from "~/features/applications/list-url";
import { studentsForExport } from "~/features/applications/students.server";
import { requireAdmin } from "~/features/auth/session.server";
import { lagosToday } from "~/lib/format/dates";
import { csvRow } from "~/lib/text/csv";
import type { Route } from "./+types/students-export";

// csvCell writes every time as Lagos local time; the labels say so.
const header = [
  "Reference",
  "Name",
  "Email",
  "Phone",
  "Course",
  "Intake",
  "Starts on",
  "Enrolled at (Lagos time)",
];

/** The Students tab's enrolled students for its intake and search, every page, as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAdmissionsQuery(new URL(request.url).searchParams);
  const encoder = new TextEncoder();
  const batches = studentsForExport(query);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read the names' accents as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      const text = next.value
        .map((student) =>
          csvRow([
            formatApplicationReference(student.reference),
            student.fullName,
            student.email,
            student.phone,
            student.courseTitle,
            student.intakeLabel,
            student.startsOn,
            student.enrolledAt,
          ]),
        )
        .join("");
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="students-${lagosToday()}.csv"`,
    },
  });
}
