import { formatFullDate } from "~/lib/format/dates";
import { formatPhone } from "~/lib/text/phone-format";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FactList } from "~/ui/fact-list";
import type { ClassList } from "./students.server";

const modeLabels = { "in-person": "In person", online: "Online", both: "In person and online" };

/** An intake's facts, as a class list heads its page. */
function IntakeFacts({ intake, tutors }: Pick<ClassList, "intake" | "tutors">) {
  const facts = [
    { term: "Course", value: intake.courseTitle },
    { term: "Intake", value: intake.label },
    {
      term: "Dates",
      value: `${formatFullDate(intake.startsOn)} to ${formatFullDate(intake.endsOn)}`,
    },
    { term: "Class times", value: intake.classTimes ?? "Not set" },
    {
      term: "Where",
      value: [modeLabels[intake.mode], intake.location].filter(Boolean).join(" · "),
    },
    { term: "Tutors", value: tutors.map((tutor) => tutor.name).join(", ") || "None yet" },
  ];
  return (
    <FactList
      facts={facts}
      className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]"
      termClassName="font-semibold text-slate-700 dark:text-slate-200"
      valueClassName="mb-2 sm:mb-0"
    />
  );
}

const headCell =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300 print:text-black";

/** A student's attendance as the class list shows it (the cohort feature's words). */
export type AttendanceCell = { text: string; flag: string | null };

/**
 * The class list: the intake's facts and a numbered table of its students with their
 * attendance, their certificate (or why not yet) and a column to sign. On a phone the e-mail goes under the name and the signature
 * column waits for paper.
 */
export function ClassListSheet({
  intake,
  tutors,
  students,
  attendance = {},
  certificates = {},
}: ClassList & {
  attendance?: Record<string, AttendanceCell>;
  /** Each student's certificate in words: issued, eligible, or why not yet. */
  certificates?: Record<string, string>;
}) {
  return (
    <div className="space-y-6 print:space-y-4">
      <section aria-label="Intake" className={cn(cardClasses, "p-5 print:border-0 print:p-0")}>
        <IntakeFacts intake={intake} tutors={tutors} />
      </section>
      <section aria-labelledby="class-list-heading" className={cn(cardClasses, "print:border-0")}>
        <h2 id="class-list-heading" className="px-4 pt-4 text-lg font-bold print:px-0">
          Students ({students.length} of {intake.seats} places)
        </h2>
        {students.length === 0 ? (
          <p className="p-4 text-slate-600 dark:text-slate-300">No one is enrolled yet.</p>
        ) : (
          <table className="mt-3 w-full divide-y divide-slate-200 text-sm dark:divide-slate-800 print:divide-slate-400">
            <thead className="bg-slate-50 dark:bg-slate-800/50 print:bg-white">
              <tr>
                <th scope="col" className={cn(headCell, "w-8")}>
                  No.
                </th>
                <th scope="col" className={headCell}>
                  Name
                </th>
                <th scope="col" className={headCell}>
                  Phone
                </th>
                <th scope="col" className={cn(headCell, "max-md:hidden print:table-cell")}>
                  Email
                </th>
                <th scope="col" className={headCell}>
                  Attendance
                </th>
                <th scope="col" className={headCell}>
                  Certificate
                </th>
                <th scope="col" className={cn(headCell, "w-1/4 max-md:hidden print:table-cell")}>
                  Signature
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800 print:divide-slate-400">
              {students.map((student, index) => (
                <tr key={student.id} className="break-inside-avoid">
                  <td className="px-3 py-2 align-top tabular-nums">{index + 1}</td>
                  <td className="px-3 py-2 align-top">
                    <span className="font-medium">{student.fullName}</span>
                    <span className="block break-all text-slate-600 md:hidden dark:text-slate-400 print:hidden">
                      {student.email}
                    </span>
                  </td>
                  <td className="px-3 py-2 align-top whitespace-nowrap">
                    {formatPhone(student.phone)}
                  </td>
                  <td className="px-3 py-2 align-top break-all max-md:hidden print:table-cell">
                    {student.email}
                  </td>
                  <td className="px-3 py-2 align-top">
                    {attendance[student.id]?.text ?? "No register yet"}
                    {attendance[student.id]?.flag ? (
                      <span className="mt-1 block w-fit rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900/40 dark:text-red-200">
                        {attendance[student.id]?.flag}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 align-top">{certificates[student.id] ?? "Not yet"}</td>
                  <td className="px-3 py-2 max-md:hidden print:table-cell print:h-10">
                    <span className="sr-only">To sign</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
