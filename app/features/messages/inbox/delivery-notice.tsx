import CircleAlert from "lucide-react/icons/circle-alert";
import Send from "lucide-react/icons/send";
import { formatDateTime } from "~/lib/format/dates";
import type { DeliveryState, FailedDelivery } from "./delivery-state";

const failureText = (failure: FailedDelivery) => {
  const when = formatDateTime(failure.at);
  const why = failure.error ? ` (${failure.error})` : "";
  return failure.kind === "reply"
    ? `The e-mail reply of ${when} was not delivered${why}. The message is waiting for a reply again.`
    : `The acknowledgement e-mail of ${when} was not delivered${why}. Check the visitor's address, or reach them another way.`;
};

/** Replies still sending and e-mails to the visitor that failed, at the top of a message. */
export function DeliveryNotice({ delivery }: { delivery: DeliveryState | null }) {
  if (!delivery || (!delivery.sending && !delivery.failed.length)) return null;
  return (
    <div className="grid gap-2 text-sm">
      {delivery.failed.map((failure) => (
        <p
          key={`${failure.kind}-${new Date(failure.at).toISOString()}`}
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong>Not delivered: </strong>
            {failureText(failure)}
          </span>
        </p>
      ))}
      {delivery.sending ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <Send aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong>Reply sending: </strong>
            it counts as the reply once the mail server accepts it.
          </span>
        </p>
      ) : null}
    </div>
  );
}
