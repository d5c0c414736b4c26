import { asc, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type OutgoingEmail, outgoingEmails } from "~/db/schema";
import { eventually } from "./inbox-fixtures";

/** Every outgoing e-mail, oldest first. */
export const allOutgoingEmails = () =>
  db().select().from(outgoingEmails).orderBy(asc(outgoingEmails.createdAt), asc(outgoingEmails.id));

/** Every outgoing e-mail to `address`, oldest first. */
export const emailsTo = (address: string) =>
  db()
    .select()
    .from(outgoingEmails)
    .where(sql`${address} = any(${outgoingEmails.recipients})`)
    .orderBy(asc(outgoingEmails.createdAt), asc(outgoingEmails.id));

/** The newest e-mail to `address`, or a failure naming the address. */
export async function lastEmailTo(address: string) {
  const email = (await emailsTo(address)).at(-1);
  if (!email) throw new Error(`no e-mail to ${address}`);
  return email;
}

/**
 * Waits until the job queue has sent, or given up, every e-mail queued so far (20 s at most:
 * a few retries a second or two apart), and returns them all, oldest first.
 */
export const emailsSettled = (): Promise<OutgoingEmail[]> =>
  eventually(
    async () => {
      const rows = await allOutgoingEmails();
      return rows.every((row) => row.status !== "queued") ? rows : undefined;
    },
    { timeoutMs: 20_000 },
  );
