import { and, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { messages } from "~/db/schema";
import { DUE_SOON_HOURS, REPLY_PROMISE_HOURS, RESPONSE_WINDOW_DAYS } from "../reply-clock";

// The clock of reply-clock.ts in SQL, on the database's clock. `awaitingReply` must stay the
// predicate of the partial index messages_awaiting_reply_created_at_idx (migration 0008), or
// PostgreSQL cannot use it.

/** Still owed a reply: status unread or read. */
export const awaitingReply = sql`${messages.status} in ('unread', 'read')`;

const hoursAgo = (count: number) => sql`now() - make_interval(hours => ${count})`;

/** Waited 24 hours or more without a reply. */
export const overdue: SQL = and(
  awaitingReply,
  sql`${messages.createdAt} <= ${hoursAgo(REPLY_PROMISE_HOURS)}`,
) as SQL;

/** Under 4 hours left of the 24. */
export const dueSoon: SQL = and(
  awaitingReply,
  sql`${messages.createdAt} > ${hoursAgo(REPLY_PROMISE_HOURS)}`,
  sql`${messages.createdAt} < ${hoursAgo(REPLY_PROMISE_HOURS - DUE_SOON_HOURS)}`,
) as SQL;

/**
 * The sort key that puts messages awaiting a reply before the others (false sorts first). Must
 * stay identical to the expression of messages_unanswered_first_idx (migration 0008).
 */
export const answeredOrClosed = sql`(${messages.status} not in ('unread', 'read'))`;

/** The 24 hours of the promise, as an SQL interval. */
export const promiseInterval = sql`make_interval(hours => ${REPLY_PROMISE_HOURS})`;

/** Answered in time: before the clock turns overdue, which it does at 24 h exactly. */
export const answeredInTime = sql`${messages.repliedAt} < ${messages.createdAt} + ${promiseInterval}`;

/**
 * Judged against the promise: a message with a reply, or one whose 24 hours have passed still
 * awaiting it. One archived without a reply (spam, a duplicate) is not judged, nor is one
 * still inside its 24 hours.
 */
export const judgedUnanswered = sql`${awaitingReply} and ${messages.repliedAt} is null and ${messages.createdAt} <= now() - ${promiseInterval}`;

/** Beyond this many overdue messages, the dashboard says '1,000+' rather than count them all. */
export const OVERDUE_COUNT_CAP = 1_000;

export type ReplyClockFigures = {
  overdue: number;
  overdueCapped: boolean;
  dueSoon: number;
  /** Of the last 30 days' messages that can be judged, the share answered within 24 h (0-1). */
  answeredInTimeShare: number | null;
  /** How many messages that share is of. */
  judged: number;
  /** The median time from arrival to first reply over the last 30 days, in minutes. */
  medianFirstReplyMinutes: number | null;
};

/** The dashboard's figures of the 24-hour promise, in one statement. */
export async function replyClockFigures(): Promise<ReplyClockFigures> {
  const result = await db().execute(sql`
    select
      (select count(*)::int from (
        select 1 from ${messages} where ${overdue} limit ${OVERDUE_COUNT_CAP + 1}
      ) capped) as overdue,
      (select count(*)::int from ${messages} where ${dueSoon}) as due_soon,
      count(*) filter (where ${answeredInTime})::int as answered_in_time,
      count(*) filter (
        where ${messages.repliedAt} is not null or (${judgedUnanswered})
      )::int as judged,
      -- Over intervals, not extract(epoch …): that is numeric, and sorting numerics is slow.
      extract(epoch from percentile_cont(0.5) within group (
        order by ${messages.repliedAt} - ${messages.createdAt}
      ) filter (where ${messages.repliedAt} is not null))::float8 as median_seconds
    from ${messages}
    where ${messages.createdAt} >= now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
  `);
  const row = result.rows[0] as {
    overdue: number;
    due_soon: number;
    answered_in_time: number;
    judged: number;
    median_seconds: number | string | null;
  };
  const median = row.median_seconds === null ? null : Number(row.median_seconds);
  return {
    overdue: Math.min(row.overdue, OVERDUE_COUNT_CAP),
    overdueCapped: row.overdue > OVERDUE_COUNT_CAP,
    dueSoon: row.due_soon,
    answeredInTimeShare: row.judged ? row.answered_in_time / row.judged : null,
    judged: row.judged,
    medianFirstReplyMinutes: median === null ? null : Math.round(median / 60),
  };
}
