import MessageSquarePlus from "lucide-react/icons/message-square-plus";
import { requireAdmin } from "~/features/auth/session.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { savedReplyListHref } from "~/features/saved-replies/list-url";
import { PlaceholderHelp } from "~/features/saved-replies/placeholder-help";
import {
  findSavedReplyById,
  listSavedReplies,
} from "~/features/saved-replies/saved-replies.server";
import { savedReplyPageAction } from "~/features/saved-replies/saved-reply-actions.server";
import {
  DeleteSavedReplyModal,
  SavedReplyFormModal,
} from "~/features/saved-replies/saved-reply-form-modal";
import { SavedReplyList } from "~/features/saved-replies/saved-reply-list";
import { readModalTarget } from "~/lib/router/modal-target";
import { useActionReply } from "~/ui/form/use-action-reply";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/saved-replies";

export const meta: Route.MetaFunction = () => [{ title: "Saved Replies | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const [replies, { modal, target }] = await Promise.all([
    listSavedReplies(),
    readModalTarget(params, findSavedReplyById),
  ]);
  return { replies, modal, target };
}

export const action = async ({ request }: Route.ActionArgs) =>
  savedReplyPageAction(await requireAdmin(request), request);

export default function SavedRepliesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { replies, modal, target } = loaderData;
  const listHref = savedReplyListHref();
  const listModal = useListModal(listHref);
  // The form modal shows its own replies; a delete's is toasted here.
  useActionReply(actionData, { heldByOpenForm: modal !== "delete" });

  return (
    <>
      <PageHeader
        title="Saved Replies"
        description="Reusable answers to the questions visitors ask again and again."
        add={{
          to: savedReplyListHref({ modal: "create" }),
          icon: MessageSquarePlus,
          label: "Add saved reply",
        }}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <SavedReplyList replies={replies} />
        </div>
        <PlaceholderHelp />
      </div>
      {modal === "create" || (modal === "edit" && target) ? (
        <SavedReplyFormModal reply={target} actionReply={actionData} {...listModal} />
      ) : null}
      {modal === "delete" && target ? (
        <DeleteSavedReplyModal reply={target} {...listModal} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
