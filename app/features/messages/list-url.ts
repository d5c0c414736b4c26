import { href } from "react-router";
import * as z from "zod/mini";
import { messageFormTypes, messagePriorities, messageStatuses } from "~/db/schema/values";
import { listUrl, pageParam } from "~/lib/router/list-href";
import { searchParam } from "~/lib/text/outside-text";

export const INBOX_PAGE_SIZE = 20;

export const inboxTabs = [
  { id: "all", label: "All Messages" },
  { id: "unread", label: "Unread" },
  { id: "overdue", label: "Overdue" },
  { id: "inquiry", label: "Inquiries" },
  { id: "contact", label: "Contact Forms" },
  { id: "assigned", label: "Assigned to Me" },
] as const;
export type InboxTab = (typeof inboxTabs)[number]["id"];

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.union([z.enum(values), z.literal("")]), "");

/** The reply clock filter: messages still waiting with under 4 h left, or past their 24 h. */
export const replyClockFilters = [
  { id: "due-soon", label: "Due soon" },
  { id: "overdue", label: "Overdue" },
] as const;

export const inboxSorts = [
  { id: "newest", label: "Newest first" },
  { id: "oldest", label: "Oldest first" },
  { id: "unanswered", label: "Oldest unanswered first" },
] as const;

const ids = <T extends readonly { id: string }[]>(items: T) =>
  items.map((item) => item.id) as [T[number]["id"], ...T[number]["id"][]];

const schema = z.object({
  tab: z.catch(z.enum(inboxTabs.map((tab) => tab.id) as [InboxTab, ...InboxTab[]]), "all"),
  formType: optionalEnum(messageFormTypes),
  status: optionalEnum(messageStatuses),
  priority: optionalEnum(messagePriorities),
  clock: optionalEnum(ids(replyClockFilters)),
  q: searchParam(200),
  sort: z.catch(z.enum(ids(inboxSorts)), "newest"),
  page: pageParam,
});

const list = listUrl(href("/admin-portal/messages"), schema, { id: "" });

export type InboxQuery = z.output<typeof schema>;

/** The inbox's tab, filters, search, sort and page from the URL; bad values fall back. */
export const parseInboxQuery = list.parse;
/** The unfiltered inbox: what an empty query string reads as. */
export const defaultInboxQuery = list.defaultQuery;

/** A tab other than All, a filter or a search is set (the sort and the page narrow nothing). */
export const narrowsInbox = (query: InboxQuery) =>
  (Object.keys(query) as (keyof InboxQuery)[]).some(
    (key) => key !== "sort" && key !== "page" && query[key] !== defaultInboxQuery[key],
  );

/** Query string for a list state (defaults left out), plus the open message, if any. */
export const inboxSearch = (query: InboxQuery, openId?: string | null) =>
  list.search(query, { id: openId });
/** The inbox URL for a list state (defaults left out) and, optionally, an open message. */
export const inboxHref = (query: InboxQuery, openId?: string | null) =>
  list.href(query, { id: openId });

/** The inbox's texts for loading and for each action (the academy's wording; tests hold it). */
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
  replySent: "Reply sending. It counts as the reply once the mail server accepts it.",
  noEmailAddress: "This conversation has no e-mail address: answer it on WhatsApp.",
  whatsappSent: "Sent on WhatsApp. Delivery ticks follow as WhatsApp reports them.",
  whatsappRefused: (reason: string) => `WhatsApp refused the message: ${reason}`,
  whatsappUnavailable: "WhatsApp could not be reached. Nothing was sent; please try again.",
  whatsappWindowClosed:
    "The 24-hour window is closed: WhatsApp only accepts an approved template until they write again.",
  replyRecorded: {
    whatsapp: "Recorded: replied on WhatsApp",
    email: "Recorded: replied by e-mail",
  },
} as const;
