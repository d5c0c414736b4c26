import { and, count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type OutgoingEmail, outgoingEmailStatuses, outgoingEmails } from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { OUTGOING_MAIL_LIST_LIMIT, outgoingMailMessages } from "./schema";
import { sendEmailJob } from "./send-email-job.server";

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
> & {
  /** When the queue tries a waiting e-mail next; null once it is sent or failed. */
  nextTryAt: Date | null;
};

export type OutgoingMailOverview = {
  emails: OutgoingEmailRow[];
  counts: Record<OutgoingEmail["status"], number>;
};

/**
 * When the queue will next try each of these e-mails (those waiting for a first try or a
 * retry; one being tried right now has none).
 */
async function nextEmailTries(ids: string[]): Promise<Map<string, Date>> {
  if (!ids.length) return new Map();
  const result = await db().execute(sql`
    select data->>'id' as id, min(start_after) as next_try_at
    from pgboss.job
    where name = ${sendEmailJob.name} and state in ('created', 'retry')
      and data->>'id' in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    group by data->>'id'
  `);
  const rows = result.rows as { id: string; next_try_at: Date | string }[];
  return new Map(rows.map((row) => [row.id, new Date(row.next_try_at)]));
}

/**
 * The newest outgoing e-mails (without their text) and how many have each status. An e-mail
 * sent in the end shows no error: the refusals before are history, not its state.
 */
export async function outgoingMailOverview(): Promise<OutgoingMailOverview> {
  const rows = await db()
    .select({
      id: outgoingEmails.id,
      kind: outgoingEmails.kind,
      recipients: outgoingEmails.recipients,
      subject: outgoingEmails.subject,
      status: outgoingEmails.status,
      attempts: outgoingEmails.attempts,
      lastError: sql<
        string | null
      >`case when ${outgoingEmails.status} = 'sent' then null else ${outgoingEmails.lastError} end`,
      createdAt: outgoingEmails.createdAt,
      sentAt: outgoingEmails.sentAt,
    })
    .from(outgoingEmails)
    .orderBy(desc(outgoingEmails.createdAt), desc(outgoingEmails.id))
    .limit(OUTGOING_MAIL_LIST_LIMIT);
  const nextTries = await nextEmailTries(
    rows.filter((row) => row.status === "queued").map((row) => row.id),
  );
  const emails = rows.map((row) => ({ ...row, nextTryAt: nextTries.get(row.id) ?? null }));
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

/** Queues a failed e-mail again (one try more, then the usual retries). False if it had not failed. */
function requeueFailedEmail(id: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(outgoingEmails)
      .set({ status: "queued" })
      .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, "failed")))
      .returning({ id: outgoingEmails.id });
    if (!row) return false;
    await sendEmailJob.enqueue(tx, { id });
    return true;
  });
}

/** Sends a failed e-mail again (Settings, which only super admins reach: requireSuperAdmin). */
export async function retryOutgoingEmail(id: string) {
  if (!(await requeueFailedEmail(id)))
    throw new UserFacingError(outgoingMailMessages.notFailed, 409);
}
