import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type OutgoingEmail, outgoingEmails } from "~/db/schema";
import { eventually } from "./inbox-fixtures";

/** Every outgoing e-mail, oldest first. */
export const allOutgoingEmails = () =>
  db().select().from(outgoingEmails).orderBy(asc(outgoingEmails.createdAt), asc(outgoingEmails.id));

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
