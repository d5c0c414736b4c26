import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applicationEvents, applications, courses, intakes } from "~/db/schema";
import {
  findIntakeWithCourse,
  staffTutorColumns,
  tutorsByIntake,
} from "~/features/intakes/intakes.server";
import { isUuid } from "~/lib/ids";
import { inBatches } from "~/lib/in-batches";
import { containsPattern } from "~/lib/text/sql-text";
import { intakeOrder, intakeThenNameOrder, selectApplications } from "../application-query.server";
import type { AdmissionsQuery } from "../list-url";

/*
 * The Students tab: everyone enrolled, intake by intake. Authorization: the routes guard with
 * requireAdmin, and any active admin may see the class lists, so there is no rule here.
 */

export const STUDENTS_PAGE_SIZE = 50;

export type StudentsQuery = Pick<AdmissionsQuery, "intake" | "q" | "page">;

const enrolled = eq(applications.status, "enrolled");

/** Must stay the expression of applications_phone_digits_idx's column (app/db/schema/applications.ts). */
const phoneDigits = sql`regexp_replace(${applications.phone}, '[^0-9]', '', 'g')`;

/**
 * Name, e-mail or phone. A phone is matched on its digits, without the trunk '0' or the
 * country code, so '0803 123', '803123' and '+234 803 123' all find '+2348031234567'.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const text = sql`(${applications.fullName} ilike ${pattern} or ${applications.email} ilike ${pattern})`;
  const digits = q.replace(/\D/g, "").replace(/^(?:234|0)/, "");
  const onlyPhoneCharacters = /^[+\d\s().-]+$/.test(q);
  if (!onlyPhoneCharacters || digits.length < 4) return text;
  return sql`(${text} or ${phoneDigits} like ${containsPattern(digits)})`;
}

function studentConditions(query: Pick<StudentsQuery, "intake" | "q">) {
  return and(
    enrolled,
    query.intake && isUuid(query.intake) ? eq(applications.intakeId, query.intake) : undefined,
    searchCondition(query.q),
  );
}

/** When the application was enrolled: its latest 'enrolled' event (the row's update otherwise). */
const enrolledAt = sql<Date>`coalesce((
  select max(${applicationEvents.createdAt}) from ${applicationEvents}
  where ${applicationEvents.applicationId} = ${applications.id}
    and ${applicationEvents.kind} = 'enrolled'
), ${applications.updatedAt})`.mapWith(applications.updatedAt);

const studentColumns = {
  id: applications.id,
  reference: applications.reference,
  fullName: applications.fullName,
  email: applications.email,
  phone: applications.phone,
  enrolledAt,
  intakeId: intakes.id,
  intakeLabel: intakes.label,
  startsOn: intakes.startsOn,
  courseTitle: courses.title,
};

function studentRows() {
  return selectApplications(db(), studentColumns);
}

/** The intakes that have enrolled students, the latest start first: the tab's intake filter. */
export async function studentIntakeChoices() {
  return selectApplications(db(), {
    id: intakes.id,
    courseTitle: courses.title,
    label: intakes.label,
    startsOn: intakes.startsOn,
    endsOn: intakes.endsOn,
    count: count(),
  })
    .where(enrolled)
    .groupBy(intakes.id, courses.title)
    .orderBy(...intakeOrder);
}

export type StudentIntakeChoice = Awaited<ReturnType<typeof studentIntakeChoices>>[number];

/** One page of enrolled students for an intake filter and a search, with the intake choices. */
export async function listStudents(query: StudentsQuery) {
  const where = studentConditions(query);
  const [[counted], intakeChoices] = await Promise.all([
    db().select({ total: count() }).from(applications).where(where),
    studentIntakeChoices(),
  ]);
  const total = counted?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / STUDENTS_PAGE_SIZE));
  const page = Math.min(query.page, totalPages);
  const students = await studentRows()
    .where(where)
    .orderBy(...intakeThenNameOrder)
    .limit(STUDENTS_PAGE_SIZE)
    .offset((page - 1) * STUDENTS_PAGE_SIZE);
  return {
    students,
    intakes: intakeChoices,
    pagination: { page, total, totalPages, limit: STUDENTS_PAGE_SIZE },
  };
}

export type StudentList = Awaited<ReturnType<typeof listStudents>>;
export type Student = StudentList["students"][number];

/**
 * Every enrolled student for the filters, in the list's order, in batches. Enrolled students
 * are bounded by the intakes' seats, so offset batches over a total order are enough.
 */
export async function* studentsForExport(
  query: Pick<StudentsQuery, "intake" | "q">,
  batchSize = 1000,
) {
  const where = studentConditions(query);
  yield* inBatches(batchSize, (limit, offset) =>
    studentRows()
      .where(where)
      .orderBy(...intakeThenNameOrder)
      .limit(limit)
      .offset(offset),
  );
}

/** How many people are enrolled, across all intakes: the dashboard's Students figure. */
export async function enrolledCount() {
  return db().$count(applications, enrolled);
}

/** An intake's class list: the course, dates, class times, tutors and enrolled students. */
export async function classList(intakeId: string) {
  const intake = await findIntakeWithCourse(intakeId);
  if (!intake) return null;
  const [students, tutorsOf] = await Promise.all([
    studentRows()
      .where(and(enrolled, eq(applications.intakeId, intakeId)))
      .orderBy(...intakeThenNameOrder),
    tutorsByIntake([intake.id], staffTutorColumns),
  ]);
  return { intake, tutors: tutorsOf.get(intake.id) ?? [], students };
}

export type ClassList = NonNullable<Awaited<ReturnType<typeof classList>>>;
