import { asc, inArray } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type Admin, admins, messages } from "~/db/schema";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { env } from "~/lib/infra/env.server";
import { assignmentEmail } from "../message-emails.server";

/** Message id → its assignee (null: nobody). */
export type Assignees = Map<string, string | null>;

/**
 * The messages' assignees before a change, their rows locked until the transaction ends: two
 * admins assigning at once are taken in turn, and the second sees the first's assignee.
 */
export async function lockAssignees(tx: Transaction, ids: string[]): Promise<Assignees> {
  const rows = await tx
    .select({ id: messages.id, assignedTo: messages.assignedTo })
    .from(messages)
    .where(inArray(messages.id, ids))
    // In one order, so two bulk assignments of overlapping messages cannot deadlock.
    .orderBy(asc(messages.id))
    .for("update");
  return new Map(rows.map((row) => [row.id, row.assignedTo]));
}

/**
 * E-mails the new assignee about each message that is now theirs and was not before, in the
 * transaction that assigns them. Nothing when they assigned it to themselves, or on unassign.
 */
export async function queueAssignmentEmails(
  tx: Transaction,
  actor: Pick<Admin, "id">,
  assigneeId: string | null,
  before: Assignees,
) {
  if (!assigneeId || assigneeId === actor.id) return;
  const ids = [...before].filter(([, previous]) => previous !== assigneeId).map(([id]) => id);
  if (!ids.length) return;
  const people = await tx
    .select({ id: admins.id, name: admins.name, email: admins.email })
    .from(admins)
    .where(inArray(admins.id, [assigneeId, actor.id]));
  const assignee = people.find((person) => person.id === assigneeId);
  if (!assignee) return;
  const assignedBy = people.find((person) => person.id === actor.id)?.name ?? null;
  const { publicUrl } = env();
  const assigned = await tx.select().from(messages).where(inArray(messages.id, ids));
  for (const message of assigned) {
    await queueEmail(tx, {
      kind: "assignment",
      to: [assignee.email],
      ...assignmentEmail(message, { assigneeName: assignee.name, assignedBy, publicUrl }),
      messageId: message.id,
    });
  }
}
