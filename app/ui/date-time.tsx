import { formatDateTime } from "~/lib/format/dates";

/** A moment as staff read it ('27 Nov 2026, 14:05', Lagos time), machine-readable in `dateTime`. */
export function DateTime({ at, className }: { at: Date | string; className?: string }) {
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {formatDateTime(at)}
    </time>
  );
}
