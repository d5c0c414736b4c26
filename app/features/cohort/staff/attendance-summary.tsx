import { LabelledSection } from "~/ui/labelled-section";
import type { StudentAttendance } from "../attendance.server";
import { ABSENT_TWICE_TEXT, attendanceText } from "../attendance-rules";

/** A student's attendance in their record: the rate, and the flag after two absences in a row. */
export function AttendanceSummary({ attendance }: { attendance: StudentAttendance }) {
  return (
    <LabelledSection
      id="application-attendance-heading"
      title="Attendance"
      level={3}
      headingClassName="text-base font-semibold"
    >
      <p className="mt-1 text-sm text-slate-900 dark:text-slate-100">
        {attendanceText(attendance)}
        {attendance.absentTwiceInARow ? (
          <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900/40 dark:text-red-200">
            {ABSENT_TWICE_TEXT}
          </span>
        ) : null}
      </p>
    </LabelledSection>
  );
}
