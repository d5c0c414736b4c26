import { asc, desc, eq, sql } from "drizzle-orm";
import type { PgSelectBase, SelectedFields } from "drizzle-orm/pg-core";
import type { Transaction } from "~/db/client.server";
import { applications, courses, instalments, intakes } from "~/db/schema";

/** A database or a transaction: anything that reads. */
type Reader = Pick<Transaction, "select">;

/**
 * The query the joins build, typed for the caller's `fields`: Drizzle cannot chain a second
 * join on a selection that is still generic, so the chain is typed once here.
 */
type Joined<
  From extends string,
  Tables extends string,
  Fields extends SelectedFields,
> = PgSelectBase<From, Fields, "partial", Record<Tables, "not-null">>;

/** Applications with their intake and its course, reading `fields` (of any of the three). */
export function selectApplications<Fields extends SelectedFields>(reader: Reader, fields: Fields) {
  const query = reader
    .select(fields as SelectedFields)
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId));
  return query as unknown as Joined<"applications", "applications" | "intakes" | "courses", Fields>;
}

/** Instalments with their application, its intake and its course, reading `fields`. */
export function selectInstalments<Fields extends SelectedFields>(reader: Reader, fields: Fields) {
  const query = reader
    .select(fields as SelectedFields)
    .from(instalments)
    .innerJoin(applications, eq(applications.id, instalments.applicationId))
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId));
  return query as unknown as Joined<
    "instalments",
    "instalments" | "applications" | "intakes" | "courses",
    Fields
  >;
}

/** Intakes as the lists give them: the latest start first, then by course. */
export const intakeOrder = [desc(intakes.startsOn), asc(courses.title), asc(intakes.id)];

/** Intake by intake (as `intakeOrder`), then by the applicant's name. */
export const intakeThenNameOrder = [
  ...intakeOrder,
  asc(sql`lower(${applications.fullName})`),
  asc(applications.id),
];
