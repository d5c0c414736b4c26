import type { attendanceMarks } from "~/db/schema/values";

/*
 * What a register's marks mean, written once: present and late count as attended, absent does
 * not, and excused is left out of the rate (a student excused for a hospital visit is not less
 * present for it). The rate is of the sessions whose register was taken with the student in it.
 */

export type Mark = (typeof attendanceMarks)[number];

export const markLabels: Record<Mark, string> = {
  present: "Present",
  absent: "Absent",
  late: "Late",
  excused: "Excused",
};

/** The register's default: everyone is present until marked otherwise. */
export const DEFAULT_MARK: Mark = "present";

/** The most students one register takes (the form's field limit follows from it). */
export const REGISTER_MAX_STUDENTS = 500;

export type MarkCounts = { present: number; late: number; absent: number; excused: number };

/** Attended sessions as a whole percentage of the counted ones; null before any is counted. */
export function attendanceRate(counts: MarkCounts): number | null {
  const attended = counts.present + counts.late;
  const counted = attended + counts.absent;
  return counted === 0 ? null : Math.round((attended / counted) * 100);
}

/** '92 % (11 of 12)', or 'No register yet'. */
export function attendanceText(counts: MarkCounts) {
  const rate = attendanceRate(counts);
  if (rate === null) return "No register yet";
  const attended = counts.present + counts.late;
  return `${rate} % (${attended} of ${attended + counts.absent})`;
}

export const ABSENT_TWICE_TEXT = "Absent twice in a row";

/** The CSV's attendance columns: the rate and each count, and the flag. */
export const attendanceCsvHeader = [
  "Attendance %",
  "Present",
  "Late",
  "Absent",
  "Excused",
  ABSENT_TWICE_TEXT,
];

export function attendanceCsvCells(counts: MarkCounts & { absentTwiceInARow: boolean }) {
  return [
    attendanceRate(counts),
    counts.present,
    counts.late,
    counts.absent,
    counts.excused,
    counts.absentTwiceInARow ? "Yes" : "No",
  ];
}
