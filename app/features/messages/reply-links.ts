/** Reply by e-mail (SPEC.md section 2): subject 'Re: ' plus the subject or inquiry type. */
export function replyMailto(message: {
  email: string;
  subject: string | null;
  inquiryType: string | null;
}) {
  const topic = message.subject || message.inquiryType || "Your message";
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${topic}`)}`;
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

/** A WhatsApp link for senders who chose 'Phone / WhatsApp' and gave a number. */
export function whatsAppLink(message: {
  fullName: string;
  phone: string | null;
  contactMethod: string | null;
  courseInterest: string | null;
}) {
  if (message.contactMethod !== "Phone / WhatsApp") return null;
  const number = nigerianWhatsAppNumber(message.phone);
  if (!number) return null;
  const firstName = message.fullName.trim().split(/\s+/)[0] ?? message.fullName;
  const about = message.courseInterest ? ` about ${message.courseInterest}` : "";
  const text = `Hello ${firstName}, thank you for your inquiry${about} at Lagos Tech Academy. How can we help you?`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
