import PgBoss from "pg-boss";

/** Raw SQL with `$1` placeholders, as pg-boss sends it; a text without values may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The job queues (pg-boss, in the schema "pgboss"). A job that exhausts its retries, or times
 * out on its last try, is copied to its dead-letter queue, so its failure is recorded whatever
 * ended it.
 */
export const jobQueues = {
  sendEmail: "send-email",
  sendEmailFailed: "send-email-failed",
  /** A message's 20-hour reminder, scheduled when the message is stored. */
  replyReminder: "reply-reminder",
} as const;

export type JobQueue = (typeof jobQueues)[keyof typeof jobQueues];

/**
 * Installs or migrates pg-boss's schema and creates the queues: part of opening the database,
 * so a job can be enqueued whether or not this process works on jobs. Safe when several
 * processes start at once (pg-boss takes an advisory lock).
 */
export async function installJobQueue(executeSql: ExecuteSql) {
  const boss = new PgBoss({ db: { executeSql }, supervise: false, schedule: false, migrate: true });
  await boss.start();
  try {
    if (!(await boss.getQueue(jobQueues.sendEmailFailed)))
      await boss.createQueue(jobQueues.sendEmailFailed, { name: jobQueues.sendEmailFailed });
    if (!(await boss.getQueue(jobQueues.sendEmail)))
      await boss.createQueue(jobQueues.sendEmail, {
        name: jobQueues.sendEmail,
        deadLetter: jobQueues.sendEmailFailed,
      });
    if (!(await boss.getQueue(jobQueues.replyReminder)))
      await boss.createQueue(jobQueues.replyReminder, { name: jobQueues.replyReminder });
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
