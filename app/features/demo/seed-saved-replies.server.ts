import { count } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { savedReplies } from "~/db/schema";
import { demoSavedReplies } from "./demo-saved-replies";

/**
 * Demo mode only: gives an empty list of saved replies the demo's answers, so the portal shows
 * some on first start. A list that has any reply is left alone, and a title already there
 * (another process seeding at the same moment) is skipped.
 */
export async function seedDemoSavedReplies(
  db: Database,
  options: { demoAdminId: string; log?: (line: string) => void },
) {
  const [existing] = await db.select({ total: count() }).from(savedReplies);
  if ((existing?.total ?? 0) > 0) return 0;
  const added = await db
    .insert(savedReplies)
    .values(demoSavedReplies.map((reply) => ({ ...reply, createdBy: options.demoAdminId })))
    // A title another seeder added meanwhile (unique whatever the case): that reply is kept.
    .onConflictDoNothing()
    .returning({ id: savedReplies.id });
  options.log?.(`Added ${added.length} demo saved replies.`);
  return added.length;
}
