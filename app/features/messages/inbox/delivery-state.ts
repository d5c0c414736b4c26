import type { MessageTimeline, TimelineEntry } from "./timeline.server";

/** An e-mail to the visitor the mail server refused for good. */
export type FailedDelivery = {
  kind: "reply" | "acknowledgement";
  at: Date;
  error: string | null;
};

export type DeliveryState = {
  /** E-mail replies the mail server has not accepted yet: they do not count as replies. */
  sending: number;
  /** Refused e-mails to the visitor not made up for by a later reply, oldest first. */
  failed: FailedDelivery[];
};

/** A reply the visitor has had: an e-mail the mail server accepted, or one recorded by hand. */
const answered = (entry: TimelineEntry) =>
  entry.kind === "replied-whatsapp" ||
  entry.kind === "replied-email" ||
  (entry.kind === "reply-sent" && entry.email?.status === "sent" && !entry.email.bounced);

/** What staff are told of an e-mail the visitor's mail server sent back. */
export const BOUNCED_TEXT = "The visitor's mail server sent it back as undeliverable.";

/**
 * What a message's history says of its e-mails to the visitor, for every admin who opens it:
 * replies still sending, and replies or an acknowledgement that failed since the last reply.
 */
export function deliveryState(timeline: MessageTimeline): DeliveryState {
  let sending = 0;
  let failed: FailedDelivery[] = [];
  for (const entry of timeline.entries) {
    if (answered(entry)) failed = [];
    if (entry.kind !== "reply-sent" && entry.kind !== "acknowledgement-sent") continue;
    if (entry.email?.status === "queued" && entry.kind === "reply-sent") sending += 1;
    if (entry.email?.status === "failed" || entry.email?.bounced)
      failed.push({
        kind: entry.kind === "reply-sent" ? "reply" : "acknowledgement",
        at: entry.at,
        error: entry.email.bounced ? BOUNCED_TEXT : entry.email.lastError,
      });
  }
  return { sending, failed };
}
