import { and, desc, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Message, messages } from "~/db/schema";
import { compareText } from "~/lib/text/compare-text";
import { samePerson } from "~/lib/text/same-person";
import { createdAtKey } from "./inbox.server";

/** At most this many of a sender's other messages are listed (newest first). */
export const SENDER_MESSAGES_LISTED = 10;
/** Beyond this many, the counts read '1,000+': a sender with more is a spammer, not a person. */
export const SENDER_MESSAGES_COUNT_CAP = 1_000;

type Sender = Pick<Message, "id" | "email" | "phone">;

/** Same e-mail address (any case) or same phone number, and not the message itself. */
const sameSender = (message: Sender) =>
  and(samePerson(messages, message), ne(messages.id, message.id));

/**
 * The other messages of the person who sent `message`: how many came before it and after it
 * (counted up to SENDER_MESSAGES_COUNT_CAP), and the newest ten of them to link to.
 */
export async function earlierMessagesFrom(message: Sender) {
  const where = sameSender(message);
  // Compared with the stored created_at (microseconds; a JavaScript Date keeps milliseconds).
  const before = sql<boolean>`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${message.id}::uuid)`;
  // One read of every match (up to the cap) in no order, so PostgreSQL can combine the e-mail
  // and phone indexes; ordered here. Ordering in SQL with a LIMIT let the planner walk the
  // created_at index instead, reading the whole table for a sender with few messages.
  const listColumns = {
    id: messages.id,
    createdAt: messages.createdAt,
    formType: messages.formType,
    subject: messages.subject,
    inquiryType: messages.inquiryType,
    courseInterest: messages.courseInterest,
    status: messages.status,
    isEarlier: before.mapWith(Boolean),
  };
  const matches = await db()
    .select({
      ...listColumns,
      createdAtKey,
    })
    .from(messages)
    .where(where)
    .limit(SENDER_MESSAGES_COUNT_CAP + 1);
  const earlier = matches.filter((match) => match.isEarlier).length;
  const capped = matches.length > SENDER_MESSAGES_COUNT_CAP;
  const newestFirst = (a: (typeof matches)[number], b: (typeof matches)[number]) =>
    compareText(b.createdAtKey, a.createdAtKey) || compareText(b.id, a.id);
  // Past the cap the matches are a sample; so many are dense enough to walk the index for.
  const listed = capped
    ? await db()
        .select(listColumns)
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(SENDER_MESSAGES_LISTED)
    : matches
        .sort(newestFirst)
        .slice(0, SENDER_MESSAGES_LISTED)
        .map(({ createdAtKey: _, ...match }) => match);
  return {
    earlier,
    later: matches.length - earlier,
    capped,
    countCap: SENDER_MESSAGES_COUNT_CAP,
    messages: listed,
  };
}

export type SenderMessages = Awaited<ReturnType<typeof earlierMessagesFrom>>;
