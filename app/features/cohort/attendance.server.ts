import { and, eq, gte, inArray, type SQLWrapper, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applications, attendance, classSessions, courses, intakes } from "~/db/schema";
import { lagosToday } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { ABSENT_TWICE_TEXT, attendanceText, type MarkCounts } from "./attendance-rules";

/*
 * Attendance as staff and students read it: each student's counts of marks (of sessions not
 * cancelled), and who was absent at the last two registers taken with them in it.
 */

export type StudentAttendance = MarkCounts & { absentTwiceInARow: boolean };

const noMarks: StudentAttendance = {
  present: 0,
  late: 0,
  absent: 0,
  excused: 0,
  absentTwiceInARow: false,
};

const countOf = (mark: string) =>
  sql<number>`count(*) filter (where ${attendance.mark} = ${mark})`.mapWith(Number);

/** A student's marks at the last two registers taken with them in it (of sessions held). */
const lastTwoMarksOf = (applicationId: SQLWrapper) => sql<string[] | null>`(
  select array_agg(recent.mark::text) from (
    select a.mark from ${attendance} a
    join ${classSessions} s on s.id = a.session_id
    where a.application_id = ${applicationId} and s.status = 'scheduled'
    order by s.starts_at desc limit 2
  ) recent
)`;

const bothAbsent = (lastTwo: string[] | null) =>
  lastTwo?.length === 2 && lastTwo.every((mark) => mark === "absent");

/** Each application's attendance, by id; one with no marks yet has zero counts. */
export async function attendanceOf(applicationIds: string[]) {
  const byId = new Map<string, StudentAttendance>();
  if (applicationIds.length === 0) return byId;
  const rows = await db()
    .select({
      applicationId: attendance.applicationId,
      present: countOf("present"),
      late: countOf("late"),
      absent: countOf("absent"),
      excused: countOf("excused"),
      lastTwo: lastTwoMarksOf(attendance.applicationId),
    })
    .from(attendance)
    .innerJoin(classSessions, eq(classSessions.id, attendance.sessionId))
    .where(
      and(inArray(attendance.applicationId, applicationIds), eq(classSessions.status, "scheduled")),
    )
    .groupBy(attendance.applicationId);
  for (const id of applicationIds) byId.set(id, noMarks);
  for (const { applicationId, lastTwo, ...counts } of rows)
    byId.set(applicationId, {
      ...counts,
      absentTwiceInARow: bothAbsent(lastTwo),
    });
  return byId;
}

/** Each batch of students of an export, with their attendance. */
export async function* withAttendance<Student extends { id: string }>(
  batches: AsyncIterable<Student[]>,
) {
  for await (const batch of batches) {
    const byId = await attendanceOf(batch.map((student) => student.id));
    yield batch.map((student) => ({
      ...student,
      attendance: byId.get(student.id) ?? noMarks,
    }));
  }
}

/** The attendance of an intake's enrolled students, by application id. */
export async function intakeAttendance(intakeId: string) {
  if (!isUuid(intakeId)) return new Map<string, StudentAttendance>();
  const students = await db()
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.intakeId, intakeId), eq(applications.status, "enrolled")));
  return attendanceOf(students.map((student) => student.id));
}

/** An intake's attendance as the class list and the CSV show it: words, and a flag. */
export async function attendanceCells(
  intakeId: string,
): Promise<Record<string, { text: string; flag: string | null }>> {
  const byId = await intakeAttendance(intakeId);
  return Object.fromEntries(
    [...byId].map(([id, counts]) => [
      id,
      { text: attendanceText(counts), flag: counts.absentTwiceInARow ? ABSENT_TWICE_TEXT : null },
    ]),
  );
}

/**
 * Enrolled students of intakes still running (Lagos) absent at their last two registers: the
 * dashboard's list of students to call, the first `limit` by course, intake and name, and how
 * many there are in all.
 */
export async function studentsAbsentTwiceInARow(limit = 200, now = new Date()) {
  const rows = await db()
    .select({
      applicationId: applications.id,
      fullName: applications.fullName,
      phone: applications.phone,
      intakeId: intakes.id,
      intakeLabel: intakes.label,
      courseTitle: courses.title,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(
      and(
        eq(applications.status, "enrolled"),
        gte(intakes.endsOn, lagosToday(now)),
        sql`${lastTwoMarksOf(applications.id)} = array['absent', 'absent']`,
      ),
    )
    .orderBy(courses.title, intakes.label, applications.fullName, applications.id)
    .limit(limit);
  return {
    students: rows.map(({ total: _, ...row }) => row),
    total: rows[0]?.total ?? 0,
  };
}

export type AbsentStudents = Awaited<ReturnType<typeof studentsAbsentTwiceInARow>>;

/** Every mark of these applications, with its session: a person's data export. */
export function attendanceRecords(applicationIds: string[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db()
    .select({
      applicationId: attendance.applicationId,
      session: classSessions.title,
      startsAt: classSessions.startsAt,
      mark: attendance.mark,
      markedBy: attendance.markedBy,
      markedAt: attendance.markedAt,
    })
    .from(attendance)
    .innerJoin(classSessions, eq(classSessions.id, attendance.sessionId))
    .where(inArray(attendance.applicationId, applicationIds))
    .orderBy(classSessions.startsAt);
}
