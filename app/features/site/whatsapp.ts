import { formatFullDate } from "~/lib/format/dates";
import { siteConfig } from "~/lib/site/site-config";

/** Where the 'Chat on WhatsApp' buttons point: our redirect, which counts the click. */
export const whatsappLink = (courseSlug?: string) =>
  courseSlug ? `/go/whatsapp?course=${encodeURIComponent(courseSlug)}` : "/go/whatsapp";

/** The message a visitor's WhatsApp opens with: the course and its next session, if known. */
export function whatsappGreeting(course?: { title: string; nextSession: string | null }) {
  if (!course) return `Hello ${siteConfig.name}, I would like to know more about your courses.`;
  const session = course.nextSession
    ? ` (next session: ${formatFullDate(course.nextSession)})`
    : "";
  return `Hello ${siteConfig.name}, I'm interested in the course "${course.title}"${session}. Could you tell me more?`;
}

/**
 * The course title in a message that began as the button's greeting (`whatsappGreeting`), as
 * the visitor sent it; null when the message does not name one that way.
 */
export function courseNamedInGreeting(text: string): string | null {
  const named = text.match(/interested in the course "([^"\n]{1,200})"/);
  return named?.[1]?.trim() || null;
}

/** WhatsApp's click-to-chat address: the number in international form, digits only. */
export const whatsappChatUrl = (number: string, text: string) =>
  `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
