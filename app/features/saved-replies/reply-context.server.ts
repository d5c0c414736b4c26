import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { courses } from "~/db/schema";
import { nextStartOf } from "~/features/intakes/public-intakes.server";
import { env } from "~/lib/infra/env.server";
import { buildReplyContext, fillPlaceholders, type ReplyContext } from "./placeholders";
import { listSavedReplies } from "./saved-replies.server";

/**
 * What a saved reply's placeholders become in a reply to `message`: the visitor's first name
 * and the active course its `courseInterest` names (by exact title), with absolute links.
 */
export async function replyContextFor(
  message: { fullName: string; courseInterest: string | null },
  now = new Date(),
): Promise<ReplyContext> {
  const title = message.courseInterest?.trim();
  const [course] = title
    ? await db()
        .select({
          title: courses.title,
          price: courses.price,
          id: courses.id,
          brochureUrl: courses.brochureUrl,
          slug: courses.slug,
        })
        .from(courses)
        .where(and(eq(courses.title, title), eq(courses.isActive, true)))
        .orderBy(asc(courses.createdAt))
        .limit(1)
    : [];
  return buildReplyContext({
    fullName: message.fullName,
    course: course ? { ...course, nextStartsOn: await nextStartOf(course.id, now) } : null,
    publicUrl: env().publicUrl,
  });
}

/** Every saved reply, its placeholders filled for a reply to `message`, ready to insert. */
export async function savedRepliesFilledFor(
  message: { fullName: string; courseInterest: string | null },
  now = new Date(),
) {
  const [replies, context] = await Promise.all([listSavedReplies(), replyContextFor(message, now)]);
  return replies.map((reply) => ({
    id: reply.id,
    title: reply.title,
    text: fillPlaceholders(reply.body, context),
  }));
}
