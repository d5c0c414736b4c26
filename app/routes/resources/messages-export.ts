import { requireAdmin } from "~/features/auth/session.server";
import { messagesForExport } from "~/features/messages/inbox/inbox.server";
import { parseInboxQuery } from "~/features/messages/list-url";
import { formatReference } from "~/features/messages/reference";
import { lagosToday } from "~/lib/format/dates";
import { csvDownload } from "~/lib/http/csv-download";
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
  return csvDownload({
    header,
    batches: messagesForExport(query, actor),
    cells: ({ message, assignedName }) => [
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
    ],
    filename: `messages-${lagosToday()}.csv`,
  });
}
