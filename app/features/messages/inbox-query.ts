import * as z from "zod/mini";
import { messageFormTypes, messagePriorities, messageStatuses } from "~/db/schema";
import { searchParam } from "~/lib/outside-text";

export const INBOX_PAGE_SIZE = 20;

export const inboxTabs = [
  { id: "all", label: "All Messages" },
  { id: "unread", label: "Unread" },
  { id: "inquiry", label: "Inquiries" },
  { id: "contact", label: "Contact Forms" },
  { id: "assigned", label: "Assigned to Me" },
] as const;
export type InboxTab = (typeof inboxTabs)[number]["id"];

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.union([z.enum(values), z.literal("")]), "");

const schema = z.object({
  tab: z.catch(z.enum(inboxTabs.map((tab) => tab.id) as [InboxTab, ...InboxTab[]]), "all"),
  formType: optionalEnum(messageFormTypes),
  status: optionalEnum(messageStatuses),
  priority: optionalEnum(messagePriorities),
  q: searchParam(200),
  sort: z.catch(z.enum(["newest", "oldest"]), "newest"),
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});

export type InboxQuery = z.output<typeof schema>;

/** The inbox's tab, filters, search, sort and page from the URL; bad values fall back. */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return schema.parse({
    tab: params.get("tab") ?? "all",
    formType: params.get("formType") ?? "",
    status: params.get("status") ?? "",
    priority: params.get("priority") ?? "",
    q: params.get("q") ?? "",
    sort: params.get("sort") ?? "newest",
    page: params.get("page") ?? "1",
  });
}

/** Query string for a list state (defaults left out), plus the open message, if any. */
export function inboxSearch(query: InboxQuery, openId?: string | null) {
  const params = new URLSearchParams();
  if (query.tab !== "all") params.set("tab", query.tab);
  if (query.formType) params.set("formType", query.formType);
  if (query.status) params.set("status", query.status);
  if (query.priority) params.set("priority", query.priority);
  if (query.q) params.set("q", query.q);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  if (openId) params.set("id", openId);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const inboxHref = (query: InboxQuery, openId?: string | null) =>
  `/admin-portal/messages${inboxSearch(query, openId)}`;

/** SPEC.md section 8, Messages, and the texts of the inbox's other actions. */
export const inboxMessages = {
  loadFailed: "Failed to load messages",
  statsFailed: "Failed to load message statistics",
  statusUpdated: "Status updated successfully",
  statusFailed: "Failed to update status",
  priorityUpdated: "Priority updated successfully",
  priorityFailed: "Failed to update priority",
  assigned: "Message assigned successfully",
  unassigned: "Message unassigned",
  assignFailed: "Failed to assign message",
  notesSaved: "Notes saved successfully",
  notesFailed: "Failed to add message notes",
  deleted: "Message deleted successfully",
  deleteFailed: "Failed to delete message",
  notFound: "This message no longer exists.",
  inactiveAssignee: "Messages can only be assigned to an active admin.",
  bulkDone: (count: number, what: string) =>
    `${count} ${count === 1 ? "message" : "messages"} ${what}`,
  noneSelected: "Select at least one message first.",
} as const;
