import { count, desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Admin, type OutgoingEmail, outgoingEmailStatuses, outgoingEmails } from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { requeueFailedEmail } from "~/lib/outgoing-mail.server";
import { OUTGOING_MAIL_LIST_LIMIT, outgoingMailMessages } from "./schema";

export type OutgoingEmailRow = Pick<
  OutgoingEmail,
  | "id"
  | "kind"
  | "recipients"
  | "subject"
  | "status"
  | "attempts"
  | "lastError"
  | "createdAt"
  | "sentAt"
>;

export type OutgoingMailOverview = {
  emails: OutgoingEmailRow[];
  counts: Record<OutgoingEmail["status"], number>;
};

/** The newest outgoing e-mails (without their text) and how many have each status. */
export async function outgoingMailOverview(): Promise<OutgoingMailOverview> {
  const emails = await db()
    .select({
      id: outgoingEmails.id,
      kind: outgoingEmails.kind,
      recipients: outgoingEmails.recipients,
      subject: outgoingEmails.subject,
      status: outgoingEmails.status,
      attempts: outgoingEmails.attempts,
      lastError: outgoingEmails.lastError,
      createdAt: outgoingEmails.createdAt,
      sentAt: outgoingEmails.sentAt,
    })
    .from(outgoingEmails)
    .orderBy(desc(outgoingEmails.createdAt), desc(outgoingEmails.id))
    .limit(OUTGOING_MAIL_LIST_LIMIT);
  const totals = await db()
    .select({ status: outgoingEmails.status, total: count() })
    .from(outgoingEmails)
    .groupBy(outgoingEmails.status);
  const counts = Object.fromEntries(
    outgoingEmailStatuses.map((status) => [status, 0]),
  ) as OutgoingMailOverview["counts"];
  for (const row of totals) counts[row.status] = row.total;
  return { emails, counts };
}

/** A super admin sends a failed e-mail again. */
export async function retryOutgoingEmail(actor: Admin, id: string) {
  if (actor.role !== "super_admin")
    throw new UserFacingError(outgoingMailMessages.onlySuperAdmins, 403);
  if (!(await requeueFailedEmail(id)))
    throw new UserFacingError(outgoingMailMessages.notFailed, 409);
}
