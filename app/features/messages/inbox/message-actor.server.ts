import { sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import type { Admin } from "~/db/schema";

/**
 * Runs changes to messages in one transaction on behalf of an admin: the history trigger of
 * migration 0008 reads the admin from the transaction-local setting academy.actor_id, so every
 * change of status, priority, assignee or notes made here is recorded as theirs.
 */
export function asActor<T>(
  actor: Pick<Admin, "id">,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db().transaction(async (tx) => {
    await actInTransaction(tx, actor.id);
    return work(tx);
  });
}

/** Records the rest of this transaction's changes to messages as this admin's (null: nobody's). */
export async function actInTransaction(tx: Transaction, actorId: string | null) {
  await tx.execute(sql`select set_config('academy.actor_id', ${actorId ?? ""}, true)`);
}
