import { eq } from "drizzle-orm";
import { type Database, db, type Transaction } from "~/db/client.server";
import { type Application, courses, intakes } from "~/db/schema";
import {
  type ApplicationReplyContext,
  buildReplyContext,
  fillApplicationPlaceholders,
} from "~/features/saved-replies/placeholders";
import { listSavedReplies } from "~/features/saved-replies/saved-replies.server";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import { env } from "~/lib/infra/env.server";

/**
 * What a saved reply's placeholders become in an e-mail about `application`: the reply's own
 * (the first name, the course, its fee, the intake's start as the next session) and the
 * application's. `applicationLink` is null for a preview: only the e-mail sent gets a link.
 */
export async function applicationReplyContext(
  executor: Database | Transaction,
  application: Pick<Application, "fullName" | "intakeId" | "offerExpiresAt">,
  applicationLink: string | null,
): Promise<ApplicationReplyContext> {
  const [row] = await executor
    .select({
      title: courses.title,
      price: courses.price,
      brochureUrl: courses.brochureUrl,
      slug: courses.slug,
      intakeLabel: intakes.label,
      startsOn: intakes.startsOn,
    })
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(eq(intakes.id, application.intakeId));
  if (!row) throw new Error("An application's intake is missing");
  const { intakeLabel, startsOn, ...course } = row;
  return {
    ...buildReplyContext({
      fullName: application.fullName,
      course: { ...course, nextStartsOn: startsOn },
      publicUrl: env().publicUrl,
    }),
    intake: intakeLabel,
    startDate: formatFullDate(startsOn),
    offerDeadline: application.offerExpiresAt
      ? `${formatDateTime(application.offerExpiresAt)} (Lagos time)`
      : null,
    applicationLink,
  };
}

/**
 * Every saved reply filled for an e-mail about `application`, to insert into the decline
 * e-mail; {application_link} stays as written until the e-mail is sent.
 */
export async function savedRepliesForApplication(
  application: Pick<Application, "fullName" | "intakeId" | "offerExpiresAt">,
) {
  const [replies, context] = await Promise.all([
    listSavedReplies(),
    applicationReplyContext(db(), application, null),
  ]);
  return replies.map((reply) => ({
    id: reply.id,
    title: reply.title,
    text: fillApplicationPlaceholders(reply.body, context),
  }));
}
