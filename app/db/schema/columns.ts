import { type ExtraConfigColumn, timestamp } from "drizzle-orm/pg-core";

/**
 * A list's order, newest first: (created_at, id) descending, so pages are stable and read
 * straight off an index. NULLS FIRST is what PostgreSQL's DESC means by default.
 */
export const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
