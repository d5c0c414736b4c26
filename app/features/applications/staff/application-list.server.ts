import { and, asc, count, desc, eq, exists, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  type ApplicationStatus,
  admins,
  applicationStatuses,
  applications,
  courses,
  intakes,
} from "~/db/schema";
import { phoneDigits } from "~/lib/text/phone-format";
import { phoneKey } from "~/lib/text/same-person";
import { containsPattern } from "~/lib/text/sql-text";
import { selectApplications } from "../application-query.server";
import { parseApplicationReference } from "../application-rules";
import { type AdmissionsQuery, APPLICATIONS_PAGE_SIZE } from "../list-url";
import type { IntakeChoice } from "./intake-filters";

// Must stay identical to applications_phone_digits_idx (app/db/schema/applications.ts), or it is not used.
const applicationPhoneKey = phoneKey(applications.phone);

/**
 * What a search matches: a reference ('LTA-A-000123') that one application, a phone number (ten
 * digits or more) the same number however written, anything else the name or e-mail address.
 * The Payments tab searches its applicants by the same rule.
 */
export function applicationSearchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const reference = parseApplicationReference(q);
  if (reference !== null) return eq(applications.reference, reference);
  const digits = /^[+\d\s().-]+$/.test(q) ? phoneDigits(q) : null;
  if (digits) return sql`${applicationPhoneKey} = ${digits}`;
  const pattern = containsPattern(q);
  return or(
    sql`${applications.fullName} ilike ${pattern}`,
    sql`${applications.email} ilike ${pattern}`,
  );
}

function listConditions(query: AdmissionsQuery) {
  return and(
    query.intake ? eq(applications.intakeId, query.intake) : undefined,
    query.status ? eq(applications.status, query.status) : undefined,
    applicationSearchCondition(query.q),
  );
}

// Newest and oldest walk applications_(status_)created_at_id_idx; the line walks
// applications_waitlist_idx for a waitlisted intake (the waitlisted first, in their order).
const orders: Record<AdmissionsQuery["sort"], SQL[]> = {
  newest: [desc(applications.createdAt), desc(applications.id)],
  oldest: [asc(applications.createdAt), asc(applications.id)],
  line: [
    sql`${applications.waitlistedAt} asc nulls last`,
    asc(applications.reference),
    desc(applications.createdAt),
  ],
};

/** A waitlisted row's place in its intake's line (1 = next), counted off the waitlist index. */
const waitlistPlaceColumn = sql<
  number | null
>`case when ${applications.status} = 'waitlisted' then (
  select count(*) from applications waiting
  where waiting.intake_id = ${applications.intakeId} and waiting.status = 'waitlisted'
    and (waiting.waitlisted_at, waiting.reference) <= (${applications.waitlistedAt}, ${applications.reference})
) end`.mapWith((value) => (value === null ? null : Number(value)));

/** One page of the applications a list state selects, with the total and the page count. */
export async function listApplications(query: AdmissionsQuery) {
  const where = listConditions(query);
  const [rows, [total]] = await Promise.all([
    selectApplications(db(), {
      id: applications.id,
      reference: applications.reference,
      fullName: applications.fullName,
      email: applications.email,
      status: applications.status,
      createdAt: applications.createdAt,
      answeredAt: applications.answeredAt,
      offerExpiresAt: applications.offerExpiresAt,
      courseTitle: courses.title,
      intakeLabel: intakes.label,
      assignedName: admins.name,
      waitlistPlace: waitlistPlaceColumn,
    })
      .leftJoin(admins, eq(admins.id, applications.assignedTo))
      .where(where)
      .orderBy(...orders[query.sort])
      .limit(APPLICATIONS_PAGE_SIZE)
      .offset((query.page - 1) * APPLICATIONS_PAGE_SIZE),
    db().select({ value: count() }).from(applications).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    applications: rows,
    pagination: {
      page: query.page,
      total: totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / APPLICATIONS_PAGE_SIZE)),
    },
  };
}

export type ApplicationListItem = Awaited<
  ReturnType<typeof listApplications>
>["applications"][number];

/** How many applications of each status the intake filter holds (all intakes without one). */
export async function applicationStatusCounts(intakeId: string) {
  const rows = await db()
    .select({ status: applications.status, total: count() })
    .from(applications)
    .where(intakeId ? eq(applications.intakeId, intakeId) : undefined)
    .groupBy(applications.status);
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/** The intakes to filter by: those people applied to, and the open ones, the latest start first. */
export async function applicationIntakeChoices(): Promise<IntakeChoice[]> {
  return db()
    .select({
      id: intakes.id,
      courseTitle: courses.title,
      label: intakes.label,
      startsOn: intakes.startsOn,
      endsOn: intakes.endsOn,
    })
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(
      or(
        eq(intakes.status, "open"),
        exists(
          db()
            .select({ one: sql`1` })
            .from(applications)
            .where(eq(applications.intakeId, intakes.id)),
        ),
      ),
    )
    .orderBy(desc(intakes.startsOn), asc(courses.title), asc(intakes.id));
}
