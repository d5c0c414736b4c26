import MessageSquarePlus from "lucide-react/icons/message-square-plus";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import { Link } from "react-router";
import type { SavedReply } from "~/db/schema";
import { formatShortDate } from "~/lib/dates";
import { buttonClasses } from "~/ui/button";
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
              <Link
                to={savedReplyListHref({ modal: "edit", id: reply.id })}
                preventScrollReset
                className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
              >
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Edit<span className="sr-only"> {reply.title}</span>
              </Link>
              <Link
                to={savedReplyListHref({ modal: "delete", id: reply.id })}
                preventScrollReset
                className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete<span className="sr-only"> {reply.title}</span>
              </Link>
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
