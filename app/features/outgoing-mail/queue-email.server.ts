import type { Transaction } from "~/db/client.server";
import { type OutgoingEmailKind, outgoingEmails } from "~/db/schema";
import { sendEmailJob } from "./send-email-job.server";

export type EmailToQueue = {
  kind: OutgoingEmailKind;
  to: string[];
  subject: string;
  text: string;
  /** The visitor's message the e-mail is about, if any. */
  messageId?: string;
  /** Where answers go instead of MAIL_FROM (`Reply-To`). */
  replyTo?: string;
  /** The payment whose receipt goes with it (made when the e-mail is sent). */
  paymentId?: string;
  /** The certificate whose PDF goes with it (made when the e-mail is sent). */
  certificateId?: string;
};

/**
 * Records an e-mail to send and enqueues its delivery, both in the caller's transaction: the
 * e-mail exists exactly when what caused it was stored, whatever happens to the process after.
 */
export async function queueEmail(tx: Transaction, email: EmailToQueue): Promise<string> {
  const [row] = await tx
    .insert(outgoingEmails)
    .values({
      kind: email.kind,
      recipients: email.to,
      subject: email.subject,
      body: email.text,
      messageId: email.messageId ?? null,
      replyTo: email.replyTo ?? null,
      paymentId: email.paymentId ?? null,
      certificateId: email.certificateId ?? null,
    })
    .returning({ id: outgoingEmails.id });
  if (!row) throw new Error("The e-mail was not recorded");
  await sendEmailJob.enqueue(tx, { id: row.id });
  return row.id;
}
