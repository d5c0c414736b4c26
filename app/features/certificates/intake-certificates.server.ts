import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Database, db, type Transaction } from "~/db/client.server";
import {
  applications,
  type Certificate,
  certificateReadiness,
  certificates,
  classSessions,
  courses,
  intakes,
} from "~/db/schema";
import { attendanceOf } from "~/features/cohort/attendance.server";
import { balancesDue } from "~/features/payments/payments.server";
import { lagosToday } from "~/lib/format/dates";
import { isUuid } from "~/lib/ids";
import { certificateBlockers, certificateState, type StudentStanding } from "./certificate-rules";
import { signatoryOf } from "./signatory.server";

/*
 * An intake's certificates as staff see them: its conditions, the hours its timetable holds, and
 * each student with where they stand (attendance, balance, project, confirmed name) and their
 * certificates. Authorization is the caller's (the portal's routes require an admin).
 */

type Reader = Database | Transaction;

export async function intakeForCertificates(reader: Reader, intakeId: string) {
  if (!isUuid(intakeId)) return null;
  const [intake] = await reader
    .select({
      id: intakes.id,
      label: intakes.label,
      startsOn: intakes.startsOn,
      endsOn: intakes.endsOn,
      status: intakes.status,
      courseId: intakes.courseId,
      courseTitle: courses.title,
      minAttendance: intakes.certificateMinAttendance,
      requiresPaid: intakes.certificateRequiresPaid,
      requiresProject: intakes.certificateRequiresProject,
    })
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(eq(intakes.id, intakeId));
  return intake ?? null;
}

export type IntakeForCertificates = NonNullable<Awaited<ReturnType<typeof intakeForCertificates>>>;

/** The hours of teaching an intake's timetable holds: its sessions not cancelled, whole hours. */
async function intakeHours(reader: Reader, intakeId: string) {
  const [row] = await reader
    .select({
      hours:
        sql<number>`coalesce(round(sum(extract(epoch from ${classSessions.endsAt} - ${classSessions.startsAt})) / 3600), 0)`.mapWith(
          Number,
        ),
    })
    .from(classSessions)
    .where(and(eq(classSessions.intakeId, intakeId), eq(classSessions.status, "scheduled")));
  return row?.hours ?? 0;
}

/** Each student's attendance, balance, project result and confirmed name, by application id. */
async function standingsOf(applicationIds: string[]) {
  const [attendance, balances, readiness] = await Promise.all([
    attendanceOf(applicationIds),
    balancesDue(applicationIds),
    applicationIds.length
      ? db()
          .select()
          .from(certificateReadiness)
          .where(inArray(certificateReadiness.applicationId, applicationIds))
      : Promise.resolve([]),
  ]);
  const readinessOf = new Map(readiness.map((row) => [row.applicationId, row]));
  return new Map(
    applicationIds.map((id): [string, StudentStanding] => {
      const counts = attendance.get(id);
      const attended = (counts?.present ?? 0) + (counts?.late ?? 0);
      return [
        id,
        {
          attended,
          counted: attended + (counts?.absent ?? 0),
          balanceDueKobo: balances.get(id) ?? 0,
          projectPassed: readinessOf.get(id)?.projectPassed ?? null,
          confirmedName: readinessOf.get(id)?.confirmedName ?? null,
        },
      ];
    }),
  );
}

/** What staff and the student see of one certificate. */
function certificateSummary(certificate: Certificate, serialOf: Map<string, string>) {
  return {
    serial: certificate.serial,
    state: certificateState(certificate),
    holderName: certificate.holderName,
    issuedAt: certificate.issuedAt,
    revokedAt: certificate.revokedAt,
    revokedReason: certificate.revokedReason,
    replacedBy: certificate.replacedById ? (serialOf.get(certificate.replacedById) ?? null) : null,
  };
}

export type CertificateSummary = ReturnType<typeof certificateSummary>;

/**
 * An intake's certificates page: its conditions, hours and signatory, and each enrolled student
 * (or one holding a certificate of it) with where they stand and their certificates, newest
 * first. Null for an unknown intake.
 */
export async function intakeCertificates(intakeId: string, today = lagosToday()) {
  const intake = await intakeForCertificates(db(), intakeId);
  if (!intake) return null;
  const [issued, enrolled, hours, signatory] = await Promise.all([
    db()
      .select()
      .from(certificates)
      .where(eq(certificates.intakeId, intake.id))
      .orderBy(sql`${certificates.issuedAt} desc`),
    db()
      .select({ id: applications.id, fullName: applications.fullName, email: applications.email })
      .from(applications)
      .where(and(eq(applications.intakeId, intake.id), eq(applications.status, "enrolled")))
      .orderBy(asc(applications.fullName), asc(applications.id)),
    intakeHours(db(), intake.id),
    signatoryOf(),
  ]);
  const holders = new Set(issued.map((row) => row.applicationId));
  const enrolledIds = new Set(enrolled.map((student) => student.id));
  const missing = [...holders].filter((id) => !enrolledIds.has(id));
  const others = missing.length
    ? await db()
        .select({ id: applications.id, fullName: applications.fullName, email: applications.email })
        .from(applications)
        .where(inArray(applications.id, missing))
    : [];
  const students = [...enrolled, ...others];
  const standings = await standingsOf(students.map((student) => student.id));
  const serialOf = new Map(issued.map((row) => [row.id, row.serial]));
  const conditions = { ...intake };
  return {
    intake,
    hours,
    signatory,
    students: students.map((student) => {
      const standing = standings.get(student.id) as StudentStanding;
      const own = issued.filter((row) => row.applicationId === student.id);
      const inForce = own.find((row) => certificateState(row) === "valid") ?? null;
      return {
        ...student,
        enrolled: enrolledIds.has(student.id),
        standing,
        blockers: certificateBlockers(conditions, standing, { hours, today }),
        certificate: inForce ? certificateSummary(inForce, serialOf) : null,
        earlier: own
          .filter((row) => row !== inForce)
          .map((row) => certificateSummary(row, serialOf)),
      };
    }),
  };
}

export type IntakeCertificates = NonNullable<Awaited<ReturnType<typeof intakeCertificates>>>;

export async function certificateCells(intakeId: string): Promise<Record<string, string>> {
  const view = await intakeCertificates(intakeId);
  if (!view) return {};
  return Object.fromEntries(
    view.students.map((student) => [
      student.id,
      student.certificate
        ? `Issued: ${student.certificate.serial}`
        : student.blockers.length
          ? `Not yet: ${student.blockers.join("; ")}`
          : "Eligible",
    ]),
  );
}
