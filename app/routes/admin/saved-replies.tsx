import { parseWithZod } from "@conform-to/zod/v4";
import MessageSquarePlus from "lucide-react/icons/message-square-plus";
import { requireAdmin } from "~/features/auth/session.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { savedReplyListHref } from "~/features/saved-replies/list-url";
import { PlaceholderHelp } from "~/features/saved-replies/placeholder-help";
import {
  createSavedReply,
  deleteSavedReply,
  findSavedReplyById,
  listSavedReplies,
  updateSavedReply,
} from "~/features/saved-replies/saved-replies.server";
import {
  DeleteSavedReplyModal,
  SavedReplyFormModal,
} from "~/features/saved-replies/saved-reply-form-modal";
import { SavedReplyList } from "~/features/saved-replies/saved-reply-list";
import { savedReplyActionSchema, savedReplyMessages } from "~/features/saved-replies/schema";
import { failureReply, invalidSubmission } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
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

const succeed = (message: string) => redirectWithFlash(savedReplyListHref(), message);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: savedReplyActionSchema });
  if (submission.status !== "success") return invalidSubmission(submission, {});
  const input = submission.value;
  try {
    switch (input.intent) {
      case "create":
        await createSavedReply(actor, input);
        return succeed(savedReplyMessages.created);
      case "update":
        await updateSavedReply(input.id, input);
        return succeed(savedReplyMessages.updated);
      case "delete":
        await deleteSavedReply(input.id);
        return succeed(savedReplyMessages.deleted);
    }
  } catch (error) {
    return failureReply(submission, error, "Saved replies");
  }
}

export default function SavedRepliesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { replies, modal, target } = loaderData;
  const listHref = savedReplyListHref();
  const listModal = useListModal(listHref);
  // The form modal shows its own replies; a delete's is toasted here.
  useActionReply(modal === "delete" ? actionData : undefined);

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
