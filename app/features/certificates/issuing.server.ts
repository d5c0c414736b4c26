import { and, eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { type Admin, applications, type Certificate, certificates } from "~/db/schema";
import {
  emailApplicant,
  forEmail,
  recordEvent,
} from "~/features/applications/application-history.server";
import { UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { certificateIssuedEmail } from "./certificate-emails.server";
import { confirmedName, inForce, saveReadiness, verifyUrlOf } from "./certificate-rows.server";
import { certificateMessages } from "./certificate-schema";
import { newSerial } from "./certificate-serial";
import { type IntakeForCertificates, intakeCertificates } from "./intake-certificates.server";

/*
 * Staff's actions on an intake's certificates: issue them once, revoke, reissue under a
 * corrected name, mark a final project. Each is in the student's history; a new certificate is
 * e-mailed in the transaction that issues it. Authorization is the caller's.
 */

const staffActor = (admin: Admin) => ({ kind: "staff" as const, adminId: admin.id });

function copiedFields(
  intake: IntakeForCertificates,
  hours: number,
  signatory: { name: string; title: string },
) {
  return {
    intakeId: intake.id,
    courseTitle: intake.courseTitle,
    startsOn: intake.startsOn,
    endsOn: intake.endsOn,
    hours,
    signatoryName: signatory.name,
    signatoryTitle: signatory.title,
  };
}

/** E-mails a new certificate to its holder (the PDF attached when sent) and records it. */
async function sendCertificate(
  tx: Transaction,
  certificate: Certificate,
  actor: Admin,
  kind: "certificate-issued" | "certificate-reissued",
  detail: Record<string, string | null>,
) {
  const [application] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, certificate.applicationId));
  if (!application) throw new Error("A certificate's application is missing");
  const about = await forEmail(tx, application);
  await emailApplicant(
    tx,
    application,
    certificateIssuedEmail(about, certificate.serial, verifyUrlOf(certificate.serial)),
    kind,
    staffActor(actor),
    detail,
    { certificateId: certificate.id },
  );
}

/**
 * Issues the certificates of an intake's eligible students who have none in force (or only
 * `applicationId`'s, refused with its reasons if not eligible); how many were issued. Issuing
 * twice, even at the same moment, issues nothing new: the database keeps one in force per
 * student (certificates_one_in_force) and the insert skips a student who has one.
 */
export async function issueCertificates(actor: Admin, intakeId: string, applicationId?: string) {
  const view = await intakeCertificates(intakeId);
  if (!view) throw new UserFacingError(certificateMessages.intakeNotFound, 404);
  const { signatory } = view;
  if (!signatory) throw new UserFacingError(certificateMessages.noSignatory, 409);
  const chosen = applicationId
    ? view.students.filter((student) => student.id === applicationId && student.enrolled)
    : view.students.filter((student) => student.enrolled);
  if (applicationId) {
    const [student] = chosen;
    if (!student) throw new UserFacingError(certificateMessages.studentNotFound, 404);
    if (student.blockers.length && !student.certificate)
      throw new UserFacingError(certificateMessages.notEligible(student.blockers), 409);
  }
  const due = chosen.filter((student) => !student.certificate && student.blockers.length === 0);
  if (due.length === 0) return 0;
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(certificates)
      .values(
        due.map((student) => ({
          ...copiedFields(view.intake, view.hours, signatory),
          serial: newSerial(),
          applicationId: student.id,
          holderName: student.standing.confirmedName,
          issuedBy: actor.id,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const certificate of inserted)
      await sendCertificate(tx, certificate, actor, "certificate-issued", {
        serial: certificate.serial,
      });
    return inserted.length;
  });
}

/** A certificate of the intake still in force, locked for the change; refused otherwise. */
async function lockInForce(tx: Transaction, intakeId: string, serial: string) {
  if (!isUuid(intakeId)) throw new UserFacingError(certificateMessages.intakeNotFound, 404);
  const [certificate] = await tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.intakeId, intakeId), eq(certificates.serial, serial), inForce))
    .for("update");
  if (!certificate) throw new UserFacingError(certificateMessages.certificateNotFound, 404);
  return certificate;
}

/** Revokes a certificate in force: its serial verifies as revoked; the reason stays with staff. */
export async function revokeCertificate(
  actor: Admin,
  intakeId: string,
  serial: string,
  reason: string,
) {
  await db().transaction(async (tx) => {
    const certificate = await lockInForce(tx, intakeId, serial);
    await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: reason, revokedBy: actor.id })
      .where(eq(certificates.id, certificate.id));
    await recordEvent(tx, certificate.applicationId, "certificate-revoked", staffActor(actor), {
      detail: { serial, reason },
    });
  });
}

/**
 * Reissues a certificate in force under a corrected name: a new serial with the same printed
 * fields, e-mailed; the old one verifies as 'replaced by' the new. Returns the new serial.
 */
export async function reissueCertificate(
  actor: Admin,
  intakeId: string,
  serial: string,
  name: string,
) {
  return db().transaction(async (tx) => {
    const old = await lockInForce(tx, intakeId, serial);
    const now = new Date();
    await tx.update(certificates).set({ replacedAt: now }).where(eq(certificates.id, old.id));
    const [renewed] = await tx
      .insert(certificates)
      .values({
        intakeId: old.intakeId,
        courseTitle: old.courseTitle,
        startsOn: old.startsOn,
        endsOn: old.endsOn,
        hours: old.hours,
        signatoryName: old.signatoryName,
        signatoryTitle: old.signatoryTitle,
        serial: newSerial(),
        applicationId: old.applicationId,
        holderName: name,
        issuedAt: now,
        issuedBy: actor.id,
      })
      .returning();
    if (!renewed) throw new Error("The reissued certificate was not saved");
    await tx
      .update(certificates)
      .set({ replacedById: renewed.id })
      .where(eq(certificates.id, old.id));
    await saveReadiness(tx, old.applicationId, confirmedName(name, now));
    await sendCertificate(tx, renewed, actor, "certificate-reissued", {
      serial: renewed.serial,
      replaces: old.serial,
    });
    return renewed.serial;
  });
}

const projectResults = { passed: true, failed: false, unmarked: null } as const;

/** Marks an enrolled student's final project passed, not passed, or not marked. */
export async function markProject(
  actor: Admin,
  intakeId: string,
  applicationId: string,
  result: keyof typeof projectResults,
) {
  if (!isUuid(intakeId) || !isUuid(applicationId))
    throw new UserFacingError(certificateMessages.studentNotFound, 404);
  await db().transaction(async (tx) => {
    const [student] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.id, applicationId),
          eq(applications.intakeId, intakeId),
          eq(applications.status, "enrolled"),
        ),
      );
    if (!student) throw new UserFacingError(certificateMessages.studentNotFound, 404);
    const values = {
      projectPassed: projectResults[result],
      projectMarkedBy: actor.id,
      projectMarkedAt: new Date(),
    };
    await saveReadiness(tx, applicationId, values);
    await recordEvent(tx, applicationId, "project-marked", staffActor(actor), {
      detail: { result },
    });
  });
}
