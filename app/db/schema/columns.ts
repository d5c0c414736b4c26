import { type AnyPgColumn, type ExtraConfigColumn, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A list's order, newest first: (created_at, id) descending, so pages are stable and read
 * straight off an index. NULLS FIRST is what PostgreSQL's DESC means by default.
 */
export const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

/** Every row's key: a random UUID the database makes. */
export const primaryId = () => uuid("id").primaryKey().defaultRandom();

/** A moment in time: always stored with its time zone, read as a Date. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => moment("created_at").notNull().defaultNow();
export const updatedAt = () =>
  moment("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A row that cannot exist without its parent: removed with it, or keeping it from removal. */
export const requiredRef = (
  name: string,
  parent: () => AnyPgColumn,
  onDelete: "cascade" | "restrict",
) => uuid(name).notNull().references(parent, { onDelete });

/** A link that may be empty: by default it empties when its target goes. */
export const optionalRef = (
  name: string,
  target: () => AnyPgColumn,
  onDelete: "set null" | "cascade" = "set null",
) => uuid(name).references(target, { onDelete });
