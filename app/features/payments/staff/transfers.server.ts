import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Admin, applications, type Intake, instalments, intakes } from "~/db/schema";
import { transferredEmail } from "~/features/applications/application-emails.server";
import { emailApplicant, forEmail } from "~/features/applications/application-history.server";
import { paysForPlace, placePayingStatuses } from "~/features/applications/application-rules";
import { issueApplicationLink } from "~/features/applications/application-token.server";
import { moveToIntake } from "~/features/applications/application-writes.server";
import { moneyKept } from "~/features/applications/intake-cancellation.server";
import { hasFreePlace, lockIntake } from "~/features/applications/places.server";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { isUuid } from "~/lib/ids";

/*
 * The places of a cancelled intake that were paid for: listed for staff on the course's Intakes
 * page, to refund (the application's Payments, refunds.server.ts) or to move to another intake
 * of the course. Authorization: the Intakes page guards with requireAdmin, and any active admin
 * may manage intakes and payments, so there is no rule here. What a move does to seats, prices
 * and the schedule is decision 0053.
 */

export const transferMessages = {
  notFound: "Application not found.",
  notMovable:
    "Only a place accepted or paid for in a cancelled intake can be moved. Please look again.",
  badTarget: "Choose an intake of the same course that is not cancelled and has not started.",
  full: "That intake is full: add seats to it first, then move the place.",
  moved: "Place moved to the other intake: the applicant is told.",
} as const;

/** The intakes a place may move to: the course's, not cancelled nor draft, not yet started. */
const movableTo = (courseId: string, today: string) =>
  and(
    eq(intakes.courseId, courseId),
    inArray(intakes.status, ["open", "closed"]),
    gt(intakes.startsOn, today),
  );

/**
 * A course's cancelled intakes' places still holding money (paid and not given back), with
 * the intakes each could move to.
 */
export async function listCancelledIntakePayers(courseId: string, now = new Date()) {
  if (!isUuid(courseId)) return { payers: [], targets: [] };
  const [places, targets] = await Promise.all([
    db()
      .select({
        id: applications.id,
        reference: applications.reference,
        fullName: applications.fullName,
        intakeId: intakes.id,
        intakeLabel: intakes.label,
      })
      .from(applications)
      .innerJoin(intakes, eq(intakes.id, applications.intakeId))
      .where(
        and(
          eq(intakes.courseId, courseId),
          eq(intakes.status, "cancelled"),
          inArray(applications.status, placePayingStatuses),
        ),
      )
      .orderBy(asc(intakes.startsOn), asc(applications.reference)),
    db()
      .select({
        id: intakes.id,
        label: intakes.label,
        startsOn: intakes.startsOn,
        seats: intakes.seats,
        placesTaken: intakes.placesTaken,
      })
      .from(intakes)
      .where(movableTo(courseId, lagosToday(now)))
      .orderBy(asc(intakes.startsOn)),
  ]);
  const kept = await db().transaction((tx) =>
    moneyKept(
      tx,
      places.map((place) => place.id),
    ),
  );
  return {
    payers: places
      .map((place) => ({ ...place, kept: kept.get(place.id) ?? 0 }))
      .filter((place) => place.kept > 0),
    targets,
  };
}

export type CancelledIntakePayers = Awaited<ReturnType<typeof listCancelledIntakePayers>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Moves a paid place of a cancelled intake to another intake of the course. Both intakes are
 * locked first, in id order (so two moves between the same pair never wait on each other),
 * then the application. The application keeps its status, plan, payments and receipts (they
 * are its own); the target takes a place (the database's seat check refuses a full one); the
 * price agreed stays; each unpaid instalment's due date moves by as many days as the start
 * date does, never before today; the applicant is e-mailed and the history says from where to
 * where.
 */
export async function transferPlace(
  admin: Pick<Admin, "id">,
  applicationId: string,
  targetIntakeId: string,
  now = new Date(),
) {
  if (!isUuid(applicationId)) throw new UserFacingError(transferMessages.notFound, 404);
  if (!isUuid(targetIntakeId)) throw new UserFacingError(transferMessages.badTarget, 400, "target");
  await db().transaction(async (tx) => {
    const [current] = await tx
      .select({ intakeId: applications.intakeId })
      .from(applications)
      .where(eq(applications.id, applicationId));
    if (!current) throw new UserFacingError(transferMessages.notFound, 404);
    const locked = new Map<string, Intake | null>();
    for (const id of [current.intakeId, targetIntakeId].sort())
      locked.set(id, await lockIntake(tx, id));
    const source = locked.get(current.intakeId);
    const target = locked.get(targetIntakeId);
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for("update");
    if (!application || application.intakeId !== current.intakeId)
      throw new UserFacingError(transferMessages.notMovable, 409);
    if (source?.status !== "cancelled" || !paysForPlace(application.status))
      throw new UserFacingError(transferMessages.notMovable, 409);
    const today = lagosToday(now);
    if (
      !target ||
      target.id === source.id ||
      target.courseId !== source.courseId ||
      !["open", "closed"].includes(target.status) ||
      target.startsOn <= today
    )
      throw new UserFacingError(transferMessages.badTarget, 409, "target");
    if (!hasFreePlace(target)) throw new UserFacingError(transferMessages.full, 409, "target");
    const moved = await moveToIntake(tx, applicationId, target.id);
    if (!moved) throw new Error("The place was not moved");
    const shift = daysBetween(source.startsOn, target.startsOn);
    await tx
      .update(instalments)
      .set({
        dueOn: sql`greatest(${instalments.dueOn} + ${shift}::integer, ${today}::date)`,
        remindedAheadAt: null,
        remindedOnDayAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(instalments.applicationId, applicationId), isNull(instalments.paidAt)));
    const kept = (await moneyKept(tx, [applicationId])).get(applicationId) ?? 0;
    await emailApplicant(
      tx,
      moved,
      transferredEmail(
        await forEmail(tx, moved),
        source.label,
        await issueApplicationLink(tx, applicationId),
      ),
      "transferred",
      { kind: "staff", adminId: admin.id },
      {
        from: source.label,
        to: target.label,
        fromIntakeId: source.id,
        toIntakeId: target.id,
        paid: formatNaira(kept),
        priceFrom: formatNaira(source.price),
        priceTo: formatNaira(target.price),
        daysMoved: String(shift),
      },
    );
  });
}
