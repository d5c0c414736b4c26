import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Transaction } from "~/db/client.server";
import type { ExecuteSql } from "~/db/job-queue.server";

/** pg-boss's SQL (`$1` placeholders) as Drizzle SQL, so that it runs inside a Drizzle transaction. */
function drizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let end = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(end, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
    end = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(end)));
  return sql.join(chunks);
}

const inTransaction = (tx: Transaction): { executeSql: ExecuteSql } => ({
  executeSql: (text, values = []) => tx.execute(drizzleSql(text, values)),
});

// Enqueuing needs no running queue: every send names the transaction it writes in.
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error("A job is enqueued inside a transaction")),
  },
});

/** Adds a job to `queue` in the caller's transaction (a job's own `enqueue` calls this). */
export function enqueueInTransaction(
  tx: Transaction,
  queue: string,
  data: object,
  options: { startAfter?: Date; singletonKey?: string },
): Promise<string | null> {
  return sender.send(queue, data, { ...options, db: inTransaction(tx) });
}
