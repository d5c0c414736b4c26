import MessageCircle from "lucide-react/icons/message-circle";
import { type ButtonSize, buttonClasses } from "~/ui/button";
import { whatsappLink } from "./whatsapp";

/**
 * 'Chat on WhatsApp': a plain link to our counting redirect (it leaves the site, so no
 * client-side navigation), with the course's message when on a course page.
 */
export function ChatOnWhatsapp({
  courseSlug,
  size = "lg",
  className,
}: {
  courseSlug?: string;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <a
      href={whatsappLink(courseSlug)}
      rel="nofollow"
      className={buttonClasses("whatsapp", size, className)}
    >
      <MessageCircle aria-hidden="true" className="h-5 w-5" />
      Chat on WhatsApp
    </a>
  );
}
