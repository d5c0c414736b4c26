import { type SQL, sql } from "drizzle-orm";
import { LAGOS_TIME_ZONE } from "./dates";

/**
 * `expression at time zone 'Africa/Lagos'` in SQL: an instant as Lagos wall-clock time, or a
 * Lagos wall-clock timestamp as an instant. The zone is written into the statement, not bound,
 * so the same expression in SELECT and GROUP BY is the same text.
 */
export const atLagosTime = (expression: SQL | unknown): SQL =>
  sql`(${expression} at time zone ${sql.raw(`'${LAGOS_TIME_ZONE}'`)})`;
