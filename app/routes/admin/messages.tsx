import Inbox from "lucide-react/icons/inbox";
import Mail from "lucide-react/icons/mail";
import MailCheck from "lucide-react/icons/mail-check";
import MailOpen from "lucide-react/icons/mail-open";
import Sun from "lucide-react/icons/sun";
import { useNavigate, useNavigation } from "react-router";
import { listActiveAdminOptions } from "~/features/admins/admins.server";
import { requireAdmin } from "~/features/auth/session.server";
import { deliveryState } from "~/features/messages/inbox/delivery-state";
import {
  assignMessage,
  bulkUpdateMessages,
  deleteMessage,
  getMessage,
  listMessages,
  markOpened,
  messageStats,
  updateMessageNotes,
  updateMessagePriority,
  updateMessageStatus,
} from "~/features/messages/inbox/inbox.server";
import { InboxList } from "~/features/messages/inbox/inbox-list";
import {
  inboxActionFailures,
  parseInboxAction,
  REPLY_MAX,
} from "~/features/messages/inbox/inbox-schema";
import { InboxStatsLine } from "~/features/messages/inbox/inbox-stats-line";
import { InboxFilters, InboxTabs } from "~/features/messages/inbox/inbox-toolbar";
import { MessageDetail } from "~/features/messages/inbox/message-detail";
import { recordReply, sendReply } from "~/features/messages/inbox/replies.server";
import { earlierMessagesFrom } from "~/features/messages/inbox/sender-messages.server";
import { messageTimeline } from "~/features/messages/inbox/timeline.server";
import { inboxHref, inboxMessages, parseInboxQuery } from "~/features/messages/list-url";
import { PageHeader, StatCards } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { savedRepliesFilledFor } from "~/features/saved-replies/reply-context.server";
import { keptValueOf } from "~/lib/forms/action-reply";
import { failureReply, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { logger } from "~/lib/infra/logger.server";
import { settle } from "~/lib/infra/page-part.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { openRecordId } from "~/lib/router/list-href";
import { ErrorView } from "~/ui/error-view";
import { DeleteModal } from "~/ui/form/confirm-modal";
import { useActionReply } from "~/ui/form/use-action-reply";
import { Pagination } from "~/ui/list/pagination";
import { useRevealOnOpen } from "~/ui/use-reveal-on-open";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages and Inquiries | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseInboxQuery(params);
  const openId = openRecordId(params);
  // Marking it read must never stop the message from showing.
  if (openId)
    await markOpened(actor, openId).catch((error) =>
      logger.error({ err: error }, "Marking a message read failed"),
    );
  const opened = openId ? getMessage(openId) : Promise.resolve(null);
  const [list, stats, admins, message, timeline, linked] = await Promise.all([
    settle(listMessages(query, actor), inboxMessages.loadFailed),
    settle(messageStats(), inboxMessages.statsFailed),
    listActiveAdminOptions(),
    opened,
    // The message's extras never stop it from showing: each is null when it cannot be read.
    openId ? readOrNull("Loading a message's history", () => messageTimeline(openId)) : null,
    opened.then((found) =>
      found ? readOrNull("Loading a sender's messages", () => earlierMessagesFrom(found)) : null,
    ),
  ]);
  const savedReplies = message
    ? ((await readOrNull("Loading saved replies", () => savedRepliesFilledFor(message))) ?? [])
    : [];
  // A saved reply inserted without JavaScript comes back as the draft.
  const insertedId = params.get("savedReply");
  return {
    query,
    list,
    stats,
    admins: admins.map(({ id, name }) => ({ id, name })),
    message,
    timeline,
    delivery: timeline ? deliveryState(timeline) : null,
    linked,
    confirmDelete: params.get("confirm") === "delete" && Boolean(message),
    now: new Date().toISOString(),
    savedReplies,
    draft: savedReplies.find((reply) => reply.id === insertedId)?.text ?? "",
  };
}

/** A reply's text, kept with its refusal so nothing typed is lost (without JavaScript too). */
const draftOf = (form: FormData) => {
  const body = form.get("body");
  return typeof body === "string" ? { body: body.slice(0, 2 * REPLY_MAX) } : undefined;
};

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const form = await readForm(request);
  const { action: input, error } = parseInboxAction(form);
  if (!input) return refusalReply(null, { status: 400, message: error }, { keep: draftOf(form) });
  const url = new URL(request.url);
  const query = parseInboxQuery(url.searchParams);
  const openId = openRecordId(url.searchParams);
  const done = (message: string, stayOnMessage = true) =>
    redirectWithFlash(inboxHref(query, stayOnMessage ? openId : null), message);
  try {
    switch (input.intent) {
      case "status":
        await updateMessageStatus(actor, input.id, input.status);
        return done(inboxMessages.statusUpdated);
      case "priority":
        await updateMessagePriority(actor, input.id, input.priority);
        return done(inboxMessages.priorityUpdated);
      case "assign":
        await assignMessage(actor, input.id, input.assignedTo || null);
        return done(input.assignedTo ? inboxMessages.assigned : inboxMessages.unassigned);
      case "notes":
        await updateMessageNotes(actor, input.id, input.notes);
        return done(inboxMessages.notesSaved);
      case "reply":
        await sendReply(actor, input.id, input.body);
        return done(inboxMessages.replySent);
      case "record-reply":
        await recordReply(actor, input.id, input.channel);
        return done(inboxMessages.replyRecorded[input.channel]);
      case "delete":
        await deleteMessage(input.id);
        return done(inboxMessages.deleted, false);
      case "bulk": {
        const count = await bulkUpdateMessages(
          actor,
          input.ids,
          input.bulkAction,
          input.assignedTo || null,
        );
        const what = {
          read: "marked read",
          archive: "archived",
          assign: "assigned",
          delete: "deleted",
        }[input.bulkAction];
        const removedOpen =
          input.bulkAction === "delete" && openId !== null && input.ids.includes(openId);
        return done(inboxMessages.bulkDone(count, what), !removedOpen);
      }
    }
  } catch (error) {
    return failureReply(null, error, "Updating a message", {
      formMessage: ({ message, unexpected }) =>
        unexpected ? `${inboxActionFailures[input.intent]}: ${message}` : message,
      keep: draftOf(form),
    });
  }
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const {
    query,
    list,
    stats,
    admins,
    message,
    timeline,
    delivery,
    linked,
    confirmDelete,
    now,
    savedReplies,
    draft,
  } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  useActionReply(actionData);
  useRevealOnOpen("message-details", message?.id ?? null);
  const closeHref = inboxHref(query);
  const messageHref = message ? inboxHref(query, message.id) : closeHref;

  return (
    <>
      <PageHeader
        title="Messages and Inquiries"
        description="Every contact message and course inquiry from the website."
      />
      {stats.value ? <InboxStatsLine stats={stats.value} className="mb-4 md:hidden" /> : null}
      {stats.value ? (
        <StatCards
          label="Message statistics"
          className="mb-6 grid grid-cols-5 gap-4 max-md:hidden"
          figures={[
            { label: "Total", value: stats.value.total, icon: Inbox },
            { label: "Unread", value: stats.value.unread, icon: Mail },
            { label: "Read", value: stats.value.read, icon: MailOpen },
            { label: "Replied", value: stats.value.replied, icon: MailCheck },
            { label: "Today", value: stats.value.today, icon: Sun },
          ]}
        />
      ) : (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {stats.error}
        </p>
      )}
      {/* On a phone an open message comes first; its 'Close message' link leads back here. */}
      <div className={message ? "max-md:hidden" : undefined}>
        <InboxTabs query={query} />
        <InboxFilters query={query} />
      </div>
      <div
        className={
          message
            ? "grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]"
            : undefined
        }
      >
        <section
          aria-label="Messages"
          aria-busy={navigation.state === "loading"}
          className={`rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 ${message ? "max-xl:hidden" : ""}`}
        >
          {list.value ? (
            <>
              <InboxList
                items={list.value.messages}
                query={query}
                openId={message?.id ?? null}
                admins={admins}
                now={now}
              />
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
                <p className="text-slate-600 dark:text-slate-300">
                  {list.value.pagination.total.toLocaleString("en-NG")}
                  {list.value.pagination.capped ? "+" : ""}{" "}
                  {list.value.pagination.total === 1 ? "message" : "messages"}
                </p>
                <Pagination
                  page={list.value.pagination.page}
                  totalPages={list.value.pagination.totalPages}
                  hrefFor={(page) => inboxHref({ ...query, page })}
                  label="Message pages"
                />
              </div>
            </>
          ) : (
            <ErrorView
              headingLevel="h2"
              retry
              title={inboxMessages.loadFailed}
              message="We couldn't load the messages. Please try again."
            />
          )}
        </section>
        {message ? (
          <section
            id="message-details"
            aria-label="Message details"
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <MessageDetail
              message={message}
              admins={admins}
              closeHref={closeHref}
              deleteHref={`${messageHref}&confirm=delete`}
              now={now}
              draft={keptValueOf(actionData, "body") ?? draft}
              savedReplies={savedReplies}
              timeline={timeline}
              delivery={delivery}
              linked={linked}
              messageHref={(id) => inboxHref(query, id)}
            />
          </section>
        ) : null}
      </div>
      {message && confirmDelete ? (
        <DeleteModal
          title="Delete Message"
          id={message.id}
          confirmLabel="Delete Message"
          action={messageHref}
          closeHref={messageHref}
          onClose={() => navigate(messageHref, { replace: true, preventScrollReset: true })}
        >
          <p>
            Delete the message from <strong>{message.fullName}</strong>? This cannot be undone.
          </p>
        </DeleteModal>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
