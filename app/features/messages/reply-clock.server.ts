import { and, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { inboundEmails, messages } from "~/db/schema";
import {
  DUE_SOON_HOURS,
  REPLY_PROMISE_HOURS,
  RESPONSE_WINDOW_DAYS,
} from "~/features/reply-clock/reply-clock";

// The clock of reply-clock.ts in SQL, on the database's clock: it runs from waiting_since (the
// arrival, or the visitor's answer that reopened the conversation). `awaitingReply` must stay the
// predicate of the partial index messages_awaiting_reply_waiting_since_idx (migration 0021), or
// PostgreSQL cannot use it.

/** Still owed a reply: status unread or read. */
export const awaitingReply = sql`${messages.status} in ('unread', 'read')`;

const hoursAgo = (count: number) => sql`now() - make_interval(hours => ${count})`;

/** Waited 24 hours or more without a reply. */
export const overdue: SQL = and(
  awaitingReply,
  sql`${messages.waitingSince} <= ${hoursAgo(REPLY_PROMISE_HOURS)}`,
) as SQL;

/** Under 4 hours left of the 24. */
export const dueSoon: SQL = and(
  awaitingReply,
  sql`${messages.waitingSince} > ${hoursAgo(REPLY_PROMISE_HOURS)}`,
  sql`${messages.waitingSince} < ${hoursAgo(REPLY_PROMISE_HOURS - DUE_SOON_HOURS)}`,
) as SQL;

/**
 * The sort key that puts messages awaiting a reply before the others (false sorts first). Must
 * stay identical to the expression of messages_unanswered_first_idx (migration 0008).
 */
export const answeredOrClosed = sql`(${messages.status} not in ('unread', 'read'))`;

/** The 24 hours of the promise, as an SQL interval. */
export const promiseInterval = sql`make_interval(hours => ${REPLY_PROMISE_HOURS})`;

/**
 * Every wait for a reply that started in [start, end): each message's arrival (answered by its
 * first reply) and each visitor answer that reopened an answered conversation (answered by the
 * next reply). Columns: started_at, answered_at, awaiting (the conversation still owes a
 * reply). Each part reads its own partial index; the dashboard and the reports judge these.
 */
export function replyWaits(start: SQL, end: SQL = sql`'infinity'::timestamptz`) {
  return sql`(
    select ${messages.createdAt} as started_at, ${messages.repliedAt} as answered_at,
      ${awaitingReply} as awaiting
    from ${messages}
    where ${messages.createdAt} >= ${start} and ${messages.createdAt} < ${end}
    union all
    select ${inboundEmails.receivedAt}, ${inboundEmails.answeredAt}, ${awaitingReply}
    from ${inboundEmails} join ${messages} on ${messages.id} = ${inboundEmails.messageId}
    where ${inboundEmails.restartedClock}
      and ${inboundEmails.receivedAt} >= ${start} and ${inboundEmails.receivedAt} < ${end}
  )`;
}

/** Of a wait: answered in time, before the clock turns overdue, which it does at 24 h exactly. */
export const answeredInTime = sql`answered_at < started_at + ${promiseInterval}`;

/**
 * Of a wait: judged unanswered, its 24 hours passed with the conversation still awaiting a
 * reply. One archived without a reply (spam, a duplicate) is not judged, nor one still inside
 * its 24 hours.
 */
export const judgedUnanswered = sql`awaiting and answered_at is null and started_at <= now() - ${promiseInterval}`;

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
  /** The median time from a wait's start (arrival or answer) to its reply over 30 days, in minutes. */
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
      count(*) filter (where answered_at is not null or (${judgedUnanswered}))::int as judged,
      -- Over intervals, not extract(epoch …): that is numeric, and sorting numerics is slow.
      extract(epoch from percentile_cont(0.5) within group (
        order by answered_at - started_at
      ) filter (where answered_at is not null))::float8 as median_seconds
    from ${replyWaits(sql`now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})`)} waits
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
