import { createHash } from "node:crypto";
import EmailReplyParser from "email-reply-parser";
import { convert as htmlToText } from "html-to-text";
import type { Attachment } from "postal-mime";
import type { InboundEmailKind } from "~/db/schema";
import { isAutoReply, isBounce, MAX_MESSAGE_ID_CHARS, MAX_TEXT_CHARS } from "./mail-rules";
import { parseMime } from "./parse-mime.server";

export type MailFile = { name: string; type: string; content: Buffer };

/** A received mail as the conversation needs it: parsed, bounded, and turned into text. */
export type InboundMail = {
  /** The Message-ID, or 'sha256:…' of the raw mail when it has none (a redelivery is the same). */
  rfcMessageId: string;
  kind: InboundEmailKind;
  from: { address: string; name: string | null };
  subject: string | null;
  /** Every address the mail was sent to (To, Cc, Delivered-To, and the SMTP envelope). */
  recipients: string[];
  /** In-Reply-To and References, as written. */
  threadIds: string[];
  /** The whole mail as text; HTML is turned into text, never kept as markup. */
  fullText: string;
  /** What the sender wrote this time, without the quoted history below it. */
  newText: string;
  files: MailFile[];
};

const cut = (text: string) => (text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text as it is stored: no NULs or other control characters (PostgreSQL refuses NUL). */
const clean = (text: string) => text.replace(CONTROL, "").replace(/\r\n?/g, "\n");

/** A header's text on one line (a name, a subject): what it encodes cannot add lines anywhere. */
const oneLine = (text: string) => clean(text).replace(/\s+/g, " ").trim();

/** HTML mail as plain text: scripts, styles and images dropped, links written out. */
function textOfHtml(html: string) {
  return htmlToText(html.slice(0, MAX_TEXT_CHARS * 4), {
    wordwrap: false,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

const replyParser = new EmailReplyParser();

/**
 * The new part of an answer: the visible text above the quoted history and signature, found by
 * email-reply-parser (GitHub's rules, ported). When that leaves nothing (a reply written below
 * the quote), the whole text is shown rather than an empty answer.
 */
export function newTextOf(fullText: string) {
  const visible = replyParser.parseReply(fullText).trim();
  return visible || fullText.trim();
}

const addressesOf = (list: { address?: string; group?: { address?: string }[] }[] | undefined) =>
  (list ?? []).flatMap((entry) =>
    entry.group ? entry.group.map((member) => member.address ?? "") : [entry.address ?? ""],
  );

const asBuffer = (content: Attachment["content"]) =>
  typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content as ArrayBuffer);

/** Throws when the mail cannot be parsed at all; the caller refuses it. */
export async function readMail(
  raw: Buffer,
  envelopeRecipients: string[] = [],
): Promise<InboundMail> {
  const email = await parseMime(raw);
  const headers = email.headers.map((header) => ({ key: header.key, value: header.value }));
  const fromAddress = oneLine(email.from?.address ?? email.sender?.address ?? "").slice(0, 320);
  const messageId = clean(email.messageId ?? "").trim();
  const fullText = cut(
    clean(email.text?.trim() ? email.text : textOfHtml(email.html ?? "")).trim(),
  );
  const kind = isBounce(headers, fromAddress)
    ? "bounce"
    : isAutoReply(headers)
      ? "auto-reply"
      : "visitor";
  return {
    rfcMessageId:
      messageId && messageId.length <= MAX_MESSAGE_ID_CHARS
        ? messageId
        : `sha256:${createHash("sha256").update(raw).digest("hex")}`,
    kind,
    from: { address: fromAddress, name: oneLine(email.from?.name ?? "").slice(0, 200) || null },
    subject: oneLine(email.subject ?? "").slice(0, 500) || null,
    recipients: [
      ...addressesOf(email.to),
      ...addressesOf(email.cc),
      email.deliveredTo ?? "",
      ...headers
        .filter((header) => header.key === "x-original-to" || header.key === "delivered-to")
        .map((header) => header.value),
      ...envelopeRecipients,
    ]
      .map((address) => address.trim())
      .filter(Boolean)
      .slice(0, 100),
    threadIds: [email.inReplyTo ?? "", email.references ?? ""].filter(Boolean),
    fullText,
    newText: kind === "visitor" ? cut(newTextOf(fullText)) : fullText,
    files: email.attachments
      .filter((file) => !file.related || file.disposition === "attachment")
      .map((file) => ({
        name: clean(file.filename ?? "").slice(0, 200) || "attachment",
        type: file.mimeType,
        content: asBuffer(file.content),
      })),
  };
}

/** The Message-IDs of our e-mails that a bounce reports on: in its headers and its parts. */
export function bouncedMessageIds(raw: Buffer) {
  const text = raw.subarray(0, 2 * 1024 * 1024).toString("latin1");
  return [...text.matchAll(/^(?:message-id|in-reply-to|references):[ \t]*(.+)$/gim)].map(
    (match) => match[1] ?? "",
  );
}
