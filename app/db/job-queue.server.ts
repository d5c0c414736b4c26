import PgBoss from "pg-boss";

/** Raw SQL with `$1` placeholders, as pg-boss sends it; a text without values may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Installs or migrates the job queue's schema (pg-boss, in the schema "pgboss"): part of opening
 * the database, like our own migrations. The queues themselves are created by the job registry
 * (server/jobs.server.ts). Safe when several processes start at once (pg-boss takes an advisory
 * lock).
 */
export async function installJobQueueSchema(executeSql: ExecuteSql) {
  const boss = new PgBoss({ db: { executeSql }, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
