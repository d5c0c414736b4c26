import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  type CourseChangeSet,
  courses,
  type Intake,
  type intakeChangeActions,
  intakeChanges,
  intakes,
  intakeTutors,
  tutors,
} from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { describeIntakeChanges, tutorIdsOf } from "./intake-change-text";
import { nextIntakeShiftDays, shiftDate, shiftInstant } from "./intake-dates";
import { type IntakeFormValues, intakeMessages, LABEL_MAX } from "./intake-form-schema";
import { offeredPlans } from "./payment-plans";

/*
 * Authorization: the intakes route guards with requireAdmin, and any active admin may manage
 * intakes, so these services have no rule of their own. The actor is recorded in the history.
 */

const notFound = () => new UserFacingError(intakeMessages.notFound, 404);

/** The course an intakes page is about: its id, title and price (kobo), or null. */
export async function findIntakeCourse(courseId: string) {
  if (!isUuid(courseId)) return null;
  const [course] = await db()
    .select({ id: courses.id, title: courses.title, price: courses.price })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return course ?? null;
}

/** An intake with its course's id and title, as its class list and timetable head it; null when unknown. */
export async function findIntakeWithCourse(intakeId: string) {
  if (!isUuid(intakeId)) return null;
  const [intake] = await db()
    .select({
      id: intakes.id,
      label: intakes.label,
      startsOn: intakes.startsOn,
      endsOn: intakes.endsOn,
      classTimes: intakes.classTimes,
      mode: intakes.mode,
      location: intakes.location,
      seats: intakes.seats,
      status: intakes.status,
      courseId: courses.id,
      courseTitle: courses.title,
    })
    .from(intakes)
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(eq(intakes.id, intakeId))
    .limit(1);
  return intake ?? null;
}

/** What the portal shows of an intake's tutor: id and name, and whether still active. */
export const staffTutorColumns = { id: tutors.id, name: tutors.name, isActive: tutors.isActive };

/**
 * The tutors of each intake, in their order, each with `columns` (of `tutors`); inactive ones
 * too unless `activeOnly`.
 */
export async function tutorsByIntake<Columns extends SelectedFieldsFlat>(
  intakeIds: string[],
  columns: Columns,
  { activeOnly = false } = {},
) {
  const rows: { intakeId: string; tutor: SelectResultFields<Columns> }[] = intakeIds.length
    ? await db()
        .select({ intakeId: intakeTutors.intakeId, tutor: columns })
        .from(intakeTutors)
        .innerJoin(tutors, eq(tutors.id, intakeTutors.tutorId))
        .where(
          and(
            inArray(intakeTutors.intakeId, intakeIds),
            activeOnly ? eq(tutors.isActive, true) : undefined,
          ),
        )
        .orderBy(asc(intakeTutors.position))
    : [];
  const byIntake = new Map<string, SelectResultFields<Columns>[]>();
  for (const { intakeId, tutor } of rows)
    byIntake.set(intakeId, [...(byIntake.get(intakeId) ?? []), tutor]);
  return byIntake;
}

/** A course's intakes, the newest start first, each with its tutors. */
export async function listCourseIntakes(courseId: string) {
  if (!isUuid(courseId)) return [];
  const rows = await db()
    .select()
    .from(intakes)
    .where(eq(intakes.courseId, courseId))
    .orderBy(desc(intakes.startsOn), desc(intakes.createdAt));
  const tutorsOf = await tutorsByIntake(
    rows.map((intake) => intake.id),
    staffTutorColumns,
  );
  return rows.map((intake) => ({ ...intake, tutors: tutorsOf.get(intake.id) ?? [] }));
}

export type ListedIntake = Awaited<ReturnType<typeof listCourseIntakes>>[number];

/** An intake with the ids of its tutors in order, as the edit form needs it. */
export async function findIntakeById(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(intakes).where(eq(intakes.id, id)).limit(1);
  if (!row) return null;
  const tutorsOf = await tutorsByIntake([row.id], staffTutorColumns);
  return { ...row, tutorIds: (tutorsOf.get(row.id) ?? []).map((tutor) => tutor.id) };
}

/** The tutors an intake form offers: the active ones, and any inactive one already chosen. */
export async function listTutorChoices(chosen: string[] = []) {
  const rows = await db()
    .select({ id: tutors.id, name: tutors.name, role: tutors.role, isActive: tutors.isActive })
    .from(tutors)
    .orderBy(asc(tutors.name), asc(tutors.id));
  return rows.filter((tutor) => tutor.isActive || chosen.includes(tutor.id));
}

/** The latest intake changes of a course, newest first, each with what it changed in words. */
export async function listIntakeChanges(courseId: string, limit = 20) {
  if (!isUuid(courseId)) return [];
  const rows = await db()
    .select()
    .from(intakeChanges)
    .where(eq(intakeChanges.courseId, courseId))
    .orderBy(desc(intakeChanges.createdAt))
    .limit(limit);
  const tutorIds = [...new Set(rows.flatMap((row) => tutorIdsOf(row.changes)))];
  const named = tutorIds.length
    ? await db()
        .select({ id: tutors.id, name: tutors.name })
        .from(tutors)
        .where(inArray(tutors.id, tutorIds))
    : [];
  const tutorNames = new Map(named.map((tutor) => [tutor.id, tutor.name]));
  return rows.map((row) => ({ ...row, lines: describeIntakeChanges(row.changes, tutorNames) }));
}

export type IntakeChangeEntry = Awaited<ReturnType<typeof listIntakeChanges>>[number];

async function recordChange(
  tx: Transaction,
  actor: Admin,
  intake: Pick<Intake, "id" | "courseId" | "label">,
  action: (typeof intakeChangeActions)[number],
  changes: CourseChangeSet = {},
) {
  await tx.insert(intakeChanges).values({
    intakeId: intake.id,
    courseId: intake.courseId,
    intakeLabel: intake.label,
    action,
    changes,
    actorId: actor.id,
    actorName: actor.name,
  });
}

/**
 * Locks the tutors `ids` against deletion until the transaction ends; one deleted since the
 * form was shown is refused on the field rather than dropped silently.
 */
async function lockChosenTutors(tx: Transaction, ids: string[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: tutors.id })
    .from(tutors)
    .where(inArray(tutors.id, ids))
    .for("share");
  if (found.length !== ids.length)
    throw new UserFacingError(intakeMessages.tutorGone, 409, "tutorIds");
}

/**
 * Replaces an intake's tutors with `tutorIds`, in that order. Tutors as they were are not
 * written again: every write moves the public pages' version on (migration 0017).
 */
async function setIntakeTutors(
  tx: Transaction,
  intakeId: string,
  tutorIds: string[],
): Promise<CourseChangeSet> {
  const ids = [...new Set(tutorIds)];
  const before = await tx
    .select({ tutorId: intakeTutors.tutorId })
    .from(intakeTutors)
    .where(eq(intakeTutors.intakeId, intakeId))
    .orderBy(asc(intakeTutors.position));
  const from = before.map((row) => row.tutorId);
  if (JSON.stringify(from) === JSON.stringify(ids)) return {};
  await lockChosenTutors(tx, ids);
  await tx.delete(intakeTutors).where(eq(intakeTutors.intakeId, intakeId));
  if (ids.length)
    await tx
      .insert(intakeTutors)
      .values(ids.map((tutorId, position) => ({ intakeId, tutorId, position })));
  return { tutorIds: { from, to: ids } };
}

/** The columns a form sets; an optional value left out is stored as null. */
function formColumns(values: IntakeFormValues) {
  return {
    label: values.label,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    classTimes: values.classTimes || null,
    mode: values.mode,
    location: values.location || null,
    seats: values.seats,
    enrolmentOpensAt: values.enrolmentOpensAt ?? null,
    enrolmentClosesAt: values.enrolmentClosesAt,
    price: values.price,
    earlyBirdPrice: values.earlyBirdPrice ?? null,
    earlyBirdEndsOn: values.earlyBirdEndsOn ?? null,
    status: values.status,
    admissionMode: values.admissionMode,
    paymentPlans: offeredPlans(values.instalmentPlans),
    payInFullDiscount: values.payInFullDiscount || null,
    certificateMinAttendance: values.certificateMinAttendance ?? null,
    certificateRequiresPaid: values.certificateRequiresPaid === "on",
    certificateRequiresProject: values.certificateRequiresProject === "on",
  };
}

const auditedFields = Object.keys(formColumns({} as IntakeFormValues)) as (keyof Intake)[];

/** What changed between two versions of an intake, field by field. */
export function diffIntake(before: Intake, after: Intake): CourseChangeSet {
  const changes: CourseChangeSet = {};
  for (const field of auditedFields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/**
 * Seats are never fewer than the places already taken; the refusal is the seats field's. Read
 * under the intake's lock (the database's own check, intakes_places_within_seats, backs it).
 */
function assertSeatsCoverTaken(intake: Intake, seats: number) {
  if (seats < intake.placesTaken)
    throw new UserFacingError(intakeMessages.seatsBelowTaken(intake.placesTaken), 409, "seats");
}

export async function createIntake(actor: Admin, courseId: string, values: IntakeFormValues) {
  if (!(await findIntakeCourse(courseId)))
    throw new UserFacingError(intakeMessages.courseNotFound, 404);
  return db().transaction(async (tx) => {
    const [intake] = await tx
      .insert(intakes)
      .values({ ...formColumns(values), courseId, createdBy: actor.userId })
      .returning();
    if (!intake) throw new Error("The intake was not saved");
    await setIntakeTutors(tx, intake.id, values.tutorIds);
    await recordChange(tx, actor, intake, "created");
    return intake;
  });
}

/** Locks an intake of the course for a change; a cancelled one stays as it is. */
async function lockChangeable(tx: Transaction, courseId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const [intake] = await tx.select().from(intakes).where(eq(intakes.id, id)).for("update");
  if (!intake || intake.courseId !== courseId) throw notFound();
  if (intake.status === "cancelled")
    throw new UserFacingError(intakeMessages.cancelledIsFinal, 409);
  return intake;
}

export async function updateIntake(
  actor: Admin,
  courseId: string,
  id: string,
  values: IntakeFormValues,
) {
  return db().transaction(async (tx) => {
    const before = await lockChangeable(tx, courseId, id);
    assertSeatsCoverTaken(before, values.seats);
    const columns = formColumns(values);
    const fieldChanges = diffIntake(before, { ...before, ...columns });
    // A save that changes nothing writes nothing: every write moves the public pages' version.
    const after = Object.keys(fieldChanges).length
      ? (
          await tx
            .update(intakes)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(intakes.id, id))
            .returning()
        )[0]
      : before;
    if (!after) throw notFound();
    const changes = {
      ...fieldChanges,
      ...(await setIntakeTutors(tx, after.id, values.tutorIds)),
    };
    if (Object.keys(changes).length) await recordChange(tx, actor, after, "updated", changes);
    return after;
  });
}

/**
 * The next intake as a draft copy: every date moves on by the intake's length rounded up to
 * whole weeks. The label gains " (copy)": a label is free text ('January 2027 · weekday
 * evenings'), so no rule can rename it reliably; staff edit it.
 */
export async function duplicateIntake(actor: Admin, courseId: string, id: string) {
  const source = await findIntakeById(id);
  if (!source || source.courseId !== courseId) throw notFound();
  const days = nextIntakeShiftDays(source.startsOn, source.endsOn);
  const suffix = " (copy)";
  const copy = {
    courseId,
    label: `${source.label.slice(0, LABEL_MAX - suffix.length)}${suffix}`,
    startsOn: shiftDate(source.startsOn, days),
    endsOn: shiftDate(source.endsOn, days),
    classTimes: source.classTimes,
    mode: source.mode,
    location: source.location,
    seats: source.seats,
    enrolmentOpensAt: source.enrolmentOpensAt && shiftInstant(source.enrolmentOpensAt, days),
    enrolmentClosesAt: shiftInstant(source.enrolmentClosesAt, days),
    price: source.price,
    earlyBirdPrice: source.earlyBirdPrice,
    earlyBirdEndsOn: source.earlyBirdEndsOn && shiftDate(source.earlyBirdEndsOn, days),
    paymentPlans: source.paymentPlans,
    payInFullDiscount: source.payInFullDiscount,
    certificateMinAttendance: source.certificateMinAttendance,
    certificateRequiresPaid: source.certificateRequiresPaid,
    certificateRequiresProject: source.certificateRequiresProject,
    status: "draft" as const,
    createdBy: actor.userId,
  };
  return db().transaction(async (tx) => {
    const [intake] = await tx.insert(intakes).values(copy).returning();
    if (!intake) throw new Error("The intake was not saved");
    await setIntakeTutors(tx, intake.id, source.tutorIds);
    await recordChange(tx, actor, intake, "created", {
      duplicatedFrom: { from: source.id, to: intake.id },
    });
    return intake;
  });
}

/**
 * Cancels an intake for `reason`. `tellApplicants` runs in the same transaction, under the
 * intake's lock: the applications feature e-mails everyone with an application (this feature
 * does not know applications), so either the intake is cancelled and everyone is told, or
 * neither happens.
 */
export async function cancelIntake(
  actor: Admin,
  courseId: string,
  id: string,
  reason: string,
  tellApplicants: (tx: Transaction, intake: Intake) => Promise<unknown>,
) {
  return db().transaction(async (tx) => {
    const before = await lockChangeable(tx, courseId, id);
    const [after] = await tx
      .update(intakes)
      .set({ status: "cancelled", cancelReason: reason, updatedAt: new Date() })
      .where(eq(intakes.id, id))
      .returning();
    if (!after) throw notFound();
    await recordChange(tx, actor, after, "cancelled", {
      status: { from: before.status, to: "cancelled" },
      cancelReason: { from: null, to: reason },
    });
    await tellApplicants(tx, after);
    return after;
  });
}
