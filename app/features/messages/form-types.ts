import type { messageFormTypes } from "~/db/schema";

export type MessageFormType = (typeof messageFormTypes)[number];

/** Where a message came from, as staff read it: a public form, an e-mail or WhatsApp. */
export const formTypeNames: Record<MessageFormType, string> = {
  inquiry: "Course inquiry",
  contact: "Contact form",
  email: "E-mail",
  whatsapp: "WhatsApp",
};

/** The same, short, for a badge in a list. */
export const formTypeBadges: Record<MessageFormType, string> = {
  inquiry: "Inquiry",
  contact: "Contact",
  email: "E-mail",
  whatsapp: "WhatsApp",
};
