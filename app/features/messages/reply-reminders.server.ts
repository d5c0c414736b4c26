import { and, eq, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import { admins, type Message, messageEvents, messages } from "~/db/schema";
import { defineJob } from "~/features/jobs/define-job.server";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { HOUR_MS, REMINDER_AFTER_HOURS } from "~/features/reply-clock/reply-clock";
import { uuidSchema } from "~/lib/ids";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { reminderEmail } from "./message-emails.server";
import { awaitingReply } from "./reply-clock.server";

/**
 * Schedules a message's 20-hour reminder in the transaction that stores it (or that reopens it:
 * the clock then runs from the visitor's answer). The job waits in
 * the database, so it survives restarts, and goes to one of the app's processes when due.
 */
export async function scheduleReplyReminder(
  tx: Transaction,
  message: Pick<Message, "id" | "waitingSince">,
) {
  await replyReminderJob.enqueue(
    tx,
    { id: message.id },
    {
      startAfter: new Date(
        new Date(message.waitingSince).getTime() + REMINDER_AFTER_HOURS * HOUR_MS,
      ),
      // One per start of the clock: a reopened conversation gets its own reminder.
      singletonKey: `${message.id}:${new Date(message.waitingSince).getTime()}`,
    },
  );
}

/** The assignee while they are an active admin; else NOTIFY_EMAILS (perhaps nobody). */
export async function assigneeOrStaff(
  tx: Transaction,
  assignedTo: string | null,
): Promise<string[]> {
  if (assignedTo) {
    const [assignee] = await tx
      .select({ email: admins.email })
      .from(admins)
      .where(and(eq(admins.id, assignedTo), eq(admins.isActive, true)));
    if (assignee) return [assignee.email];
  }
  return env().NOTIFY_EMAILS;
}

/**
 * A due reminder: stamps reminded_at on a message still waiting for its reply, and e-mails the
 * reminder with it. The stamp is taken in the same statement that checks it, so however many
 * workers run the job (a repeat, two processes) the reminder goes out once; a message replied
 * to, archived, deleted or reminded already gets nothing.
 */
export async function sendReplyReminder({ id }: { id: string }) {
  await db().transaction(async (tx) => {
    const [message] = await tx
      .update(messages)
      .set({ remindedAt: sql`now()` })
      .where(
        and(
          eq(messages.id, id),
          isNull(messages.remindedAt),
          awaitingReply,
          // A reminder armed for an earlier start of the clock is not due yet.
          sql`${messages.waitingSince} <= now() - make_interval(hours => ${REMINDER_AFTER_HOURS})`,
        ),
      )
      .returning();
    if (!message) return;
    const recipients = await assigneeOrStaff(tx, message.assignedTo);
    if (!recipients.length) {
      logger.info({ messageId: id }, "A reply reminder was due; nobody is configured to get it");
      return;
    }
    const emailId = await queueEmail(tx, {
      kind: "reminder",
      to: recipients,
      ...reminderEmail(message, env().publicUrl),
      messageId: id,
    });
    await tx.insert(messageEvents).values({ messageId: id, kind: "reminder-sent", emailId });
  });
}

/** A message's 20-hour reminder: a failed try (the database away) is retried a minute later, then less often. */
export const replyReminderJob = defineJob({
  name: "reply-reminder",
  payload: z.object({ id: uuidSchema() }),
  retry: { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  run: sendReplyReminder,
});
