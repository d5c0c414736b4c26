import { requireAdmin } from "~/features/auth/session.server";
import { messagesForExport } from "~/features/messages/inbox/inbox.server";
import { parseInboxQuery } from "~/features/messages/inbox/list-url";
import { formatReference } from "~/features/messages/reference";
import { lagosToday } from "~/lib/format/dates";
import { csvRow } from "~/lib/text/csv";
import type { Route } from "./+types/messages-export";

// csvCell writes every time as Lagos local time; the labels say so.
const header = [
  "Reference",
  "Received (Lagos time)",
  "Form",
  "Name",
  "Email",
  "Phone",
  "Subject",
  "Inquiry type",
  "Course of interest",
  "Contact method",
  "Message",
  "Status",
  "Priority",
  "Assigned to",
  "Admin notes",
  "Read at (Lagos time)",
  "Replied at (Lagos time)",
];

/** The inbox's current filtered list, every page, as CSV (streamed in batches). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const encoder = new TextEncoder();
  const batches = messagesForExport(query, actor);
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
        .map(({ message, assignedName }) =>
          csvRow([
            formatReference(message.reference),
            message.createdAt,
            message.formType,
            message.fullName,
            message.email,
            message.phone,
            message.subject,
            message.inquiryType,
            message.courseInterest,
            message.contactMethod,
            message.message,
            message.status,
            message.priority,
            assignedName,
            message.adminNotes,
            message.readAt,
            message.repliedAt,
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
      "Content-Disposition": `attachment; filename="messages-${lagosToday()}.csv"`,
    },
  });
}
