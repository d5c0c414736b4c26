import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications } from "~/db/schema";
import { DUE_SOON_HOURS, REPLY_PROMISE_HOURS } from "~/features/reply-clock/reply-clock";

// The reply clock of messages (reply-clock.ts), for applications: a new application is owed an
// answer within the same 24 hours. `awaitingAnswer` must stay the predicate of the partial index
// applications_awaiting_answer_idx (app/db/schema/applications.ts), or PostgreSQL cannot use it.

/** Still owed an answer: status 'new'. */
export const awaitingAnswer = sql`${applications.status} = 'new'`;

const hoursAgo = (count: number) => sql`now() - make_interval(hours => ${count})`;

export type ApplicationClockFigures = {
  /** Every application waiting for an answer. */
  waiting: number;
  /** Under 4 hours left of the 24. */
  dueSoon: number;
  /** Waited 24 hours or more. */
  overdue: number;
};

/** The dashboard's figures of the 24-hour promise for applications, on the database's clock. */
export async function applicationClockFigures(): Promise<ApplicationClockFigures> {
  const [row] = await db()
    .select({
      waiting: sql<number>`count(*)`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${applications.createdAt} <= ${hoursAgo(REPLY_PROMISE_HOURS)})`.mapWith(
          Number,
        ),
      dueSoon: sql<number>`count(*) filter (
        where ${applications.createdAt} > ${hoursAgo(REPLY_PROMISE_HOURS)}
          and ${applications.createdAt} < ${hoursAgo(REPLY_PROMISE_HOURS - DUE_SOON_HOURS)}
      )`.mapWith(Number),
    })
    .from(applications)
    .where(awaitingAnswer);
  return row ?? { waiting: 0, dueSoon: 0, overdue: 0 };
}
