import Check from "lucide-react/icons/check";
import CheckCheck from "lucide-react/icons/check-check";
import CircleAlert from "lucide-react/icons/circle-alert";
import MapPin from "lucide-react/icons/map-pin";
import Paperclip from "lucide-react/icons/paperclip";
import { href } from "react-router";
import { formatFileSize } from "~/lib/format/file-size";
import type { WhatsappEntry } from "./timeline.server";

/** Meta's delivery statuses in words; the ticks beside them never say it alone. */
const deliveryLabels = {
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Not delivered",
};

const refusalText = (refusal: { code: number | null; title: string | null }) =>
  `${refusal.title ?? "WhatsApp gave no reason"}${refusal.code ? ` (code ${refusal.code})` : ""}`;

/** Where a message of ours has got to: WhatsApp's ticks, in words. */
function DeliveryLine({ message }: { message: WhatsappEntry }) {
  if (message.refused)
    return (
      <p className="flex items-center gap-1 text-xs font-medium text-red-700 dark:text-red-400">
        <CircleAlert aria-hidden="true" className="h-3.5 w-3.5" />
        Not sent: WhatsApp refused it. {refusalText(message.refused)}
      </p>
    );
  const delivery = message.delivery;
  const status = delivery?.status ?? "accepted";
  const Icon =
    status === "delivered" || status === "read"
      ? CheckCheck
      : status === "failed"
        ? CircleAlert
        : Check;
  const tone =
    status === "failed"
      ? "text-red-700 dark:text-red-400"
      : status === "read"
        ? "text-sky-800 dark:text-sky-300"
        : "text-slate-700 dark:text-slate-300";
  return (
    <p className={`flex items-center gap-1 text-xs font-medium ${tone}`}>
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      WhatsApp: {delivery ? deliveryLabels[delivery.status] : "Accepted by WhatsApp"}
      {delivery?.error ? `: ${refusalText(delivery.error)}` : null}
    </p>
  );
}

/** A WhatsApp message in the conversation: its text, file, place and what it replies to. */
export function WhatsappEntryView({
  message,
  messageId,
}: {
  message: WhatsappEntry;
  messageId: string;
}) {
  const { content } = message;
  const fileHref = href("/admin-portal/messages/:messageId/files/:fileId", {
    messageId,
    fileId: message.id,
  });
  const incoming = message.direction === "in";
  return (
    <div className="mt-1 space-y-1">
      {message.context ? (
        <p className="border-l-2 border-slate-300 pl-2 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400">
          Replying to: {message.context.slice(0, 200)}
        </p>
      ) : null}
      {content.template ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Template {content.template.name}
        </p>
      ) : null}
      {message.body ? (
        <div
          className={`rounded-md p-3 text-sm whitespace-pre-wrap break-words text-slate-900 dark:bg-slate-800/60 dark:text-slate-100 ${incoming ? "border-l-4 border-emerald-600 bg-emerald-50" : "bg-slate-50"}`}
        >
          {message.body}
        </div>
      ) : null}
      {content.file ? (
        <div className="space-y-1 text-xs">
          {content.file.contentType.startsWith("image/") ? (
            <img
              src={fileHref}
              alt={`${content.file.name} sent on WhatsApp`}
              loading="lazy"
              className="max-h-60 rounded-md border border-slate-200 dark:border-slate-700"
            />
          ) : null}
          {content.file.contentType.startsWith("audio/") ? (
            // biome-ignore lint/a11y/useMediaCaption: a visitor's voice note has no captions to give
            <audio controls preload="none" src={fileHref} className="max-w-full" />
          ) : null}
          <p className="flex items-center gap-1">
            <Paperclip aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
            <a className="font-medium text-brand-800 underline dark:text-brand-300" href={fileHref}>
              {content.file.name}
            </a>
            <span className="text-slate-600 dark:text-slate-400">
              ({formatFileSize(content.file.size)})
            </span>
          </p>
        </div>
      ) : null}
      {content.refusedFile ? (
        <p className="text-xs text-red-700 dark:text-red-400">
          {content.refusedFile.name}: {content.refusedFile.reason}
        </p>
      ) : null}
      {content.location ? (
        <p className="flex items-center gap-1 text-xs">
          <MapPin aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
          <a
            className="font-medium text-brand-800 underline dark:text-brand-300"
            href={`https://www.openstreetmap.org/?mlat=${content.location.latitude}&mlon=${content.location.longitude}#map=17/${content.location.latitude}/${content.location.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            A location on the map
          </a>
        </p>
      ) : null}
      {!message.body && !content.file && !content.refusedFile && !content.location ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          A WhatsApp message of a kind the portal does not show ({content.type}); see it on the
          phone.
        </p>
      ) : null}
      {incoming ? null : <DeliveryLine message={message} />}
    </div>
  );
}
