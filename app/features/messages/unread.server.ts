import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { messages } from "~/db/schema";

/** The notification bell's figure. */
export async function countUnreadMessages() {
  const [row] = await db()
    .select({ total: count() })
    .from(messages)
    .where(eq(messages.status, "unread"));
  return row?.total ?? 0;
}
