import Inbox from "lucide-react/icons/inbox";
import Mail from "lucide-react/icons/mail";
import MailCheck from "lucide-react/icons/mail-check";
import MailOpen from "lucide-react/icons/mail-open";
import Sun from "lucide-react/icons/sun";
import { Suspense } from "react";
import { useNavigate, useNavigation } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { inboxPageAction } from "~/features/messages/inbox/inbox-actions.server";
import { InboxList } from "~/features/messages/inbox/inbox-list";
import { loadInboxPage } from "~/features/messages/inbox/inbox-page.server";
import { InboxStatsLine } from "~/features/messages/inbox/inbox-stats-line";
import { InboxFilters, InboxTabs } from "~/features/messages/inbox/inbox-toolbar";
import { inboxHref, inboxMessages } from "~/features/messages/list-url";
import { PageHeader, StatCards } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { ErrorView } from "~/ui/error-view";
import { useActionReply } from "~/ui/form/use-action-reply";
import { lazyPart } from "~/ui/lazy-part";
import { Pagination } from "~/ui/list/pagination";
import { TriageLayout, TriageListFooter } from "~/ui/triage/triage-layout";
import { useRevealOnOpen } from "~/ui/use-reveal-on-open";
import type { Route } from "./+types/messages";

// The open message and the delete confirmation are loaded when opened, not with the list.
const MessageDetail = lazyPart(
  () => import("~/features/messages/inbox/message-detail"),
  "MessageDetail",
);
const DeleteModal = lazyPart(() => import("~/ui/form/confirm-modal"), "DeleteModal");

export const meta: Route.MetaFunction = () => [{ title: "Messages and Inquiries | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  return loadInboxPage(actor, new URL(request.url).searchParams);
}

export const action = async ({ request }: Route.ActionArgs) =>
  inboxPageAction(await requireAdmin(request), request);

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
    whatsapp,
    draft,
  } = loaderData;
  const navigate = useNavigate();
  const _navigation = useNavigation();
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
      <TriageLayout
        toolbar={
          <>
            <InboxTabs query={query} />
            <InboxFilters query={query} />
          </>
        }
        listLabel="Messages"
        list={
          list.value ? (
            <>
              <InboxList
                items={list.value.messages}
                query={query}
                openId={message?.id ?? null}
                admins={admins}
                now={now}
              />
              <TriageListFooter
                count={`${list.value.pagination.total.toLocaleString("en-NG")}${list.value.pagination.capped ? "+" : ""} ${list.value.pagination.total === 1 ? "message" : "messages"}`}
                pages={
                  <Pagination
                    page={list.value.pagination.page}
                    totalPages={list.value.pagination.totalPages}
                    hrefFor={(page) => inboxHref({ ...query, page })}
                    label="Message pages"
                  />
                }
              />
            </>
          ) : (
            <ErrorView
              headingLevel="h2"
              retry
              title={inboxMessages.loadFailed}
              message="We couldn't load the messages. Please try again."
            />
          )
        }
        detail={
          message
            ? {
                id: "message-details",
                label: "Message details",
                content: (
                  <MessageDetail
                    message={message}
                    admins={admins}
                    closeHref={closeHref}
                    deleteHref={`${messageHref}&confirm=delete`}
                    now={now}
                    draft={draft}
                    reply={actionData}
                    savedReplies={savedReplies}
                    timeline={timeline}
                    delivery={delivery}
                    linked={linked}
                    messageHref={(id) => inboxHref(query, id)}
                    whatsapp={whatsapp}
                  />
                ),
              }
            : null
        }
      />
      {message && confirmDelete ? (
        <Suspense>
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
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
