import * as z from "zod/mini";
import type { OutgoingEmail } from "~/db/schema";
import { uuidSchema } from "~/lib/ids";

/** The Settings list shows the newest e-mails only; its counts cover them all. */
export const OUTGOING_MAIL_LIST_LIMIT = 50;

/** An e-mail's delivery status in words, wherever it is shown (Settings, a message's history). */
export const emailStatusLabels: Record<OutgoingEmail["status"], string> = {
  queued: "Sending",
  sent: "Sent",
  failed: "Failed",
};

export const outgoingMailMessages = {
  retried: "The e-mail is queued to be sent again",
  notFailed: "Only a failed e-mail can be retried",
  invalid: "Invalid request",
} as const;

/** Settings' button that sends a failed e-mail again. */
export const retryEmailSchema = z.object({
  intent: z.literal("retry-email"),
  id: uuidSchema(outgoingMailMessages.invalid),
});
