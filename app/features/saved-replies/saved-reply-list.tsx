import MessageSquarePlus from "lucide-react/icons/message-square-plus";
import { Link } from "react-router";
import type { SavedReply } from "~/db/schema";
import { formatShortDate } from "~/lib/format/dates";
import { buttonClasses } from "~/ui/button";
import { RowModalLink } from "~/ui/list/row-actions";
import { savedReplyListHref } from "./list-url";

type ListedReply = Pick<SavedReply, "id" | "title" | "body" | "updatedAt">;

/** The saved replies by title, each with its text, Edit and Delete; or the empty state. */
export function SavedReplyList({ replies }: { replies: ListedReply[] }) {
  if (replies.length === 0) {
    return (
      <div className="px-4 py-12 text-center">
        <p className="text-slate-600 dark:text-slate-300">No saved replies yet.</p>
        <Link
          to={savedReplyListHref({ modal: "create" })}
          preventScrollReset
          className={buttonClasses("primary", "md", "mt-4")}
        >
          <MessageSquarePlus aria-hidden="true" className="h-5 w-5" />
          Add saved reply
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Saved replies" className="divide-y divide-slate-200 dark:divide-slate-800">
      {replies.map((reply) => (
        <li key={reply.id} data-saved-reply={reply.title} className="p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="font-semibold break-words text-slate-900 dark:text-white">
                {reply.title}
              </h2>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Updated {formatShortDate(reply.updatedAt)}
              </p>
            </div>
            <div className="inline-flex gap-1">
              {(["edit", "delete"] as const).map((action) => (
                <RowModalLink
                  key={action}
                  to={savedReplyListHref({ modal: action, id: reply.id })}
                  action={action}
                  name={reply.title}
                />
              ))}
            </div>
          </div>
          <p className="mt-2 line-clamp-4 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
            {reply.body}
          </p>
        </li>
      ))}
    </ul>
  );
}
