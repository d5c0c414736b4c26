import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./auth";
import { createdAt, optionalRef, primaryId, updatedAt } from "./columns";

// ---------------------------------------------------------------------------
// Saved replies: reusable answers staff insert into an e-mail or WhatsApp reply
// ---------------------------------------------------------------------------

export const savedReplies = pgTable(
  "saved_replies",
  {
    id: primaryId(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: optionalRef("created_by", () => admins.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Unique whatever the case: 'Fees' and 'fees' would be two entries staff cannot tell apart.
  (t) => [uniqueIndex("saved_replies_title_lower_idx").on(sql`lower(${t.title})`)],
);
export type SavedReply = typeof savedReplies.$inferSelect;
