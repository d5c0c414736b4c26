import ChevronRight from "lucide-react/icons/chevron-right";
import { DetailRow } from "~/ui/triage/detail-row";
import type { InboxMessage } from "./inbox.server";

function Recorded({ value }: { value: string | null }) {
  return value ? (
    <span className="font-mono text-xs">{value}</span>
  ) : (
    <span className="text-slate-600 italic dark:text-slate-400">Not recorded</span>
  );
}

/**
 * What the visitor's request said about them, for telling spam from a real visitor. Shown as
 * plain text, never as links: the visitor's browser sent them unchecked.
 */
export function TechnicalDetails({
  message,
}: {
  message: Pick<InboxMessage, "ipAddress" | "userAgent" | "referrer">;
}) {
  return (
    <details className="group rounded-lg border border-slate-200 dark:border-slate-700">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="h-4 w-4 transition-transform group-open:rotate-90"
        />
        Technical details
      </summary>
      <dl className="divide-y divide-slate-100 border-t border-slate-200 px-3 dark:divide-slate-800 dark:border-slate-700">
        <DetailRow label="IP address">
          <Recorded value={message.ipAddress} />
        </DetailRow>
        <DetailRow label="User agent">
          <Recorded value={message.userAgent} />
        </DetailRow>
        <DetailRow label="Referrer">
          <Recorded value={message.referrer} />
        </DetailRow>
      </dl>
    </details>
  );
}
