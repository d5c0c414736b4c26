import { asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  type ApplicationEventKind,
  applicationEvents,
  applications,
  courses,
  intakes,
} from "~/db/schema";
import { insertApplications } from "~/features/applications/application-writes.server";
import { lagosToday } from "~/lib/format/dates";
import { toInternationalPhone } from "~/lib/text/phone-number";
import { type DemoApplication, demoApplications } from "./demo-applications";

const HOUR = 60 * 60 * 1000;
/** Staff answered a demo application this long after it came in. */
const ANSWERED_AFTER = 3 * HOUR;
/** An offer was accepted and enrolled this long after it was made. */
const ENROLLED_AFTER = 24 * HOUR;
const OFFER_LEFT = 48 * HOUR;

type DemoEvent = { kind: ApplicationEventKind; at: Date; actorKind: "applicant" | "staff" };

/** The events of a demo application's life, each with its time. */
function eventsOf(status: DemoApplication["status"], appliedAt: Date): DemoEvent[] {
  const answeredAt = new Date(appliedAt.getTime() + ANSWERED_AFTER);
  const events: DemoEvent[] = [{ kind: "applied", at: appliedAt, actorKind: "applicant" }];
  if (status === "waitlisted")
    events.push({ kind: "waitlisted", at: answeredAt, actorKind: "staff" });
  if (status === "offered" || status === "enrolled")
    events.push({ kind: "offered", at: answeredAt, actorKind: "staff" });
  if (status === "enrolled")
    events.push({
      kind: "enrolled",
      at: new Date(answeredAt.getTime() + ENROLLED_AFTER),
      actorKind: "staff",
    });
  return events;
}

/**
 * Demo mode only: gives an empty list of applications the demo's, in the demo intakes of their
 * courses, so the Students page and the dashboard's reply clock have something to show. A
 * database with any application is left alone; a course the catalogue lacks is skipped.
 */
export async function seedDemoApplications(
  db: Database,
  options: { demoAdminId?: string; now?: Date; log?: (line: string) => void } = {},
) {
  const [existing] = await db.select({ total: count() }).from(applications);
  if ((existing?.total ?? 0) > 0) return 0;
  const now = options.now ?? new Date();
  const today = lagosToday(now);
  const slugs = [...new Set(demoApplications.map((demo) => demo.course))];
  const rows = await db
    .select({ id: intakes.id, slug: courses.slug, startsOn: intakes.startsOn })
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(inArray(courses.slug, slugs))
    .orderBy(asc(intakes.startsOn));
  const intakeOf = (demo: DemoApplication) => {
    const ofCourse = rows.filter((row) => row.slug === demo.course);
    return demo.intake === "started"
      ? ofCourse.findLast((row) => row.startsOn <= today)
      : ofCourse.find((row) => row.startsOn > today);
  };
  const chosen = demoApplications.flatMap((demo) => {
    const intake = intakeOf(demo);
    return intake ? [{ demo, intakeId: intake.id }] : [];
  });
  if (!chosen.length) return 0;

  await db.transaction(async (tx) => {
    for (const { demo, intakeId } of chosen) {
      const appliedAt = new Date(now.getTime() - demo.hoursAgo * HOUR);
      const events = eventsOf(demo.status, appliedAt);
      const last = events.at(-1)?.at ?? appliedAt;
      const [row] = await insertApplications(tx, [
        {
          ...demo.input,
          phone: toInternationalPhone(demo.input.phone) ?? demo.input.phone,
          intakeId,
          consentGiven: true,
          status: demo.status,
          offerExpiresAt: demo.status === "offered" ? new Date(now.getTime() + OFFER_LEFT) : null,
          waitlistedAt: demo.status === "waitlisted" ? last : null,
          answeredAt: demo.status === "new" ? null : new Date(appliedAt.getTime() + ANSWERED_AFTER),
          createdAt: appliedAt,
          updatedAt: last,
        },
      ]);
      if (!row) throw new Error("A demo application was not saved");
      await tx.insert(applicationEvents).values(
        events.map((event) => ({
          applicationId: row.id,
          kind: event.kind,
          actorKind: event.actorKind,
          actorId: event.actorKind === "staff" ? (options.demoAdminId ?? null) : null,
          createdAt: event.at,
        })),
      );
    }
  });
  options.log?.(`Added ${chosen.length} demo applications.`);
  return chosen.length;
}
