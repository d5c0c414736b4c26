/**
 * The rules for mail coming back from visitors, kept free of I/O so that they are tested alone:
 * the limits, what counts as automatic mail, and the reply address of a conversation.
 */

/**
 * A mail larger than this is not kept. SMTP refuses it (552), so the sender's server tells the
 * sender; one already taken from the IMAP mailbox is kept as its headers and a note to staff.
 */
export const MAX_MAIL_BYTES = 45 * 1024 * 1024;
/** Stored text is cut here (a pasted log, a forwarded thread): the mail is kept, not refused. */
export const MAX_TEXT_CHARS = 100_000;
/** A Message-ID longer than this is not one we sent or can key on; the mail's digest is used. */
export const MAX_MESSAGE_ID_CHARS = 500;

type Header = { key: string; value: string };

const headerValue = (headers: Header[], key: string) =>
  headers
    .find((header) => header.key === key)
    ?.value.trim()
    .toLowerCase() ?? "";

/**
 * A delivery status report (RFC 3464) or a classic bounce from a mailer daemon: never a
 * visitor's words, and never answered.
 */
export function isBounce(headers: Header[], from: string) {
  const contentType = headerValue(headers, "content-type");
  if (contentType.startsWith("multipart/report") && contentType.includes("delivery-status"))
    return true;
  if (headers.some((header) => header.key === "x-failed-recipients")) return true;
  return /^(mailer-daemon|postmaster)@/i.test(from);
}

/**
 * An out-of-office or other automatic answer (RFC 3834 Auto-Submitted, the older Precedence
 * and X-Autoreply headers): shown in the conversation, but it never reopens it or sends mail.
 */
export function isAutoReply(headers: Header[]) {
  const autoSubmitted = headerValue(headers, "auto-submitted");
  if (autoSubmitted && autoSubmitted !== "no") return true;
  if (["bulk", "junk", "list", "auto_reply"].includes(headerValue(headers, "precedence")))
    return true;
  return headers.some((header) =>
    ["x-autoreply", "x-autorespond", "x-auto-response-suppress"].includes(header.key),
  );
}

/**
 * Our e-mails to the visitor of a conversation: an answer to one of them is theirs. Every other
 * e-mail of a conversation (alerts, reminders, assignments) goes to staff.
 */
export const visitorEmailKinds: ReadonlySet<string> = new Set(["reply", "acknowledgement"]);

/** The ids of e-mails we sent, from Message-ID values such as '<uuid@host>'. */
export function sentEmailIds(messageIds: string[], host: string): string[] {
  const pattern = /<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@([^>\s]+)>/gi;
  const ids = new Set<string>();
  for (const value of messageIds) {
    for (const match of value.slice(0, 10_000).matchAll(pattern)) {
      if (match[2]?.toLowerCase() === host.toLowerCase()) ids.add(match[1]?.toLowerCase() ?? "");
    }
    if (ids.size >= 50) break;
  }
  ids.delete("");
  return [...ids];
}
