import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";

/*
 * Who may have a certificate, written once: the course has ended, the student confirmed the
 * spelling of their name, the intake's conditions hold (attendance from the register, the price
 * paid, a final project passed) and the timetable gives hours to print. Each condition that does
 * not hold is a reason, in words staff can act on.
 */

export type CertificateConditions = {
  minAttendance: number | null;
  requiresPaid: boolean;
  requiresProject: boolean;
  endsOn: string;
};

export type StudentStanding = {
  /** Sessions attended (present or late) and counted (attended or absent). */
  attended: number;
  counted: number;
  balanceDueKobo: number;
  projectPassed: boolean | null;
  confirmedName: string | null;
};

/** Attended sessions as a whole percentage of the counted ones, rounded down (never flattering). */
export const attendedPercent = (attended: number, counted: number) =>
  Math.floor((attended * 100) / counted);

/** Whether the attendance meets the percentage, exactly (11 of 12 is 91.67 %, under 92). */
export function meetsAttendance(attended: number, counted: number, minPercent: number) {
  return counted > 0 && attended * 100 >= minPercent * counted;
}

/** The reasons a student has no certificate yet; none: they may have one. */
export function certificateBlockers(
  conditions: CertificateConditions,
  standing: StudentStanding,
  { hours, today }: { hours: number; today: string },
): string[] {
  const reasons: string[] = [];
  if (today < conditions.endsOn)
    reasons.push(`The course ends on ${formatFullDate(conditions.endsOn)}`);
  if (hours <= 0) reasons.push("The timetable has no sessions");
  const { minAttendance } = conditions;
  if (
    minAttendance !== null &&
    !meetsAttendance(standing.attended, standing.counted, minAttendance)
  )
    reasons.push(
      standing.counted === 0
        ? `Attendance: no register yet (needs ${minAttendance} %)`
        : `Attendance ${attendedPercent(standing.attended, standing.counted)} % (needs ${minAttendance} %)`,
    );
  if (conditions.requiresPaid && standing.balanceDueKobo > 0)
    reasons.push(`${formatNaira(standing.balanceDueKobo)} still to pay`);
  if (conditions.requiresProject && standing.projectPassed !== true)
    reasons.push(
      standing.projectPassed === false ? "Final project not passed" : "Final project not marked",
    );
  if (!standing.confirmedName) reasons.push("Name not yet confirmed by the student");
  return reasons;
}

export type CertificateState = "valid" | "revoked" | "replaced";

/** Revoked outranks replaced: a replaced certificate that is later revoked says revoked. */
export function certificateState(certificate: {
  revokedAt: Date | null;
  replacedAt: Date | null;
}): CertificateState {
  if (certificate.revokedAt) return "revoked";
  if (certificate.replacedAt) return "replaced";
  return "valid";
}
