import { firstName } from "~/lib/text/person-name";
import { formatReference } from "../reference";

type ReplyTopic = { subject: string | null; inquiryType: string | null; reference: number };

/**
 * The subject of every reply: 'Re: ' plus the subject or inquiry type (without a 'Re:' or
 * reference it already had), then the message's reference, so the visitor's answer finds its
 * way back to the message and the thread stays together in their mail app.
 */
export function replySubject(message: ReplyTopic) {
  const topic = (message.subject || message.inquiryType || "Your message")
    // A conversation started by e-mail has the visitor's own 'Re: …' or '[LTA-…]' already.
    .replace(/^\s*((re|fwd?|aw)\s*:\s*)+/i, "")
    .replace(/\s*\[LTA-\d+\]/gi, "")
    .trim();
  return `Re: ${topic || "Your message"} [${formatReference(message.reference)}]`;
}

/** Reply from the admin's own e-mail app, with the draft (if any) as the body. */
export function replyMailto(message: ReplyTopic & { email: string }, body = "") {
  const address = encodeURIComponent(message.email).replace(/%40/g, "@");
  const draft = body.trim() ? `&body=${encodeURIComponent(body)}` : "";
  return `mailto:${address}?subject=${encodeURIComponent(replySubject(message))}${draft}`;
}

/**
 * A Nigerian phone number as WhatsApp wants it (country code, digits only), from forms such
 * as 0803 123 4567, 803 123 4567, +234 803 123 4567 or 234-803-123-4567. Null if it is not
 * a Nigerian mobile or landline number.
 */
export function nigerianWhatsAppNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.startsWith("234")) digits = digits.slice(3);
  if (digits.startsWith("0")) digits = digits.slice(1);
  return /^[1-9]\d{9}$/.test(digits) ? `234${digits}` : null;
}

/**
 * A WhatsApp link for any sender who gave a (Nigerian) phone number, whichever way they asked
 * to be contacted, carrying the draft reply when there is one, else a greeting.
 */
export function whatsAppLink(
  message: {
    fullName: string;
    phone: string | null;
    courseInterest: string | null;
  },
  draft = "",
) {
  const number = nigerianWhatsAppNumber(message.phone);
  if (!number) return null;
  const greeted = firstName(message.fullName) || message.fullName;
  const about = message.courseInterest ? ` about ${message.courseInterest}` : "";
  const text =
    draft.trim() ||
    `Hello ${greeted}, thank you for your inquiry${about} at Lagos Tech Academy. How can we help you?`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
