import Printer from "lucide-react/icons/printer";
import { Link } from "react-router";
import { formatFullDate, formatShortDate } from "~/lib/format/dates";
import { formatPhone } from "~/lib/text/phone-format";
import { buttonClasses } from "~/ui/button";
import { cardClasses } from "~/ui/card";
import { CsvExportLink } from "~/ui/list/csv-export-link";
import { ColumnHeads, DataTable } from "~/ui/list/data-table";
import { FilterToolbar } from "~/ui/list/filter-toolbar";
import { EmptyCard, ListCount } from "~/ui/list/list-states";
import { Pagination } from "~/ui/list/pagination";
import { type AdmissionsQuery, admissionsHref } from "../list-url";
import { intakeSelect } from "./intake-filters";
import { classListHref, studentsExportHref } from "./student-links";
import type { Student, StudentIntakeChoice, StudentList } from "./students.server";

const intakeName = (intake: { courseTitle: string; label: string }) =>
  `${intake.courseTitle} · ${intake.label}`;

/** The intake filter and the search, as a GET form: they live in the URL and work without JS. */
function StudentFilters({
  query,
  intakes,
}: {
  query: AdmissionsQuery;
  intakes: StudentIntakeChoice[];
}) {
  return (
    <FilterToolbar
      idPrefix="students"
      search={{
        label: "Search students",
        placeholder: "Search name, email or phone...",
        q: query.q,
      }}
      selects={[intakeSelect(query.intake, intakes)]}
      keep={{ tab: "students" }}
    >
      <CsvExportLink href={studentsExportHref(query)} />
    </FilterToolbar>
  );
}

type IntakeGroup = {
  intake: { id: string; courseTitle: string; label: string; startsOn: string };
  students: Student[];
};

/** The page's students, intake by intake (the list comes ordered so). */
function byIntake(students: Student[]): IntakeGroup[] {
  const groups: IntakeGroup[] = [];
  for (const student of students) {
    const last = groups.at(-1);
    if (last?.intake.id === student.intakeId) last.students.push(student);
    else
      groups.push({
        intake: {
          id: student.intakeId,
          courseTitle: student.courseTitle,
          label: student.intakeLabel,
          startsOn: student.startsOn,
        },
        students: [student],
      });
  }
  return groups;
}

const headCell =
  "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300";

/** One intake's students: a table from the md breakpoint, cards on a phone. */
function IntakeStudents({ group }: { group: IntakeGroup }) {
  const { intake, students } = group;
  const headingId = `students-${intake.id}`;
  const name = intakeName(intake);
  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div>
          <h2 id={headingId} className="font-bold">
            {name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Starts {formatFullDate(intake.startsOn)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CsvExportLink href={studentsExportHref({ intake: intake.id, q: "" })} size="sm">
            <span className="sr-only">: {name}</span>
          </CsvExportLink>
          <Link to={classListHref(intake.id)} className={buttonClasses("outline", "sm")}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print class list<span className="sr-only">: {name}</span>
          </Link>
        </div>
      </div>
      <DataTable
        caption={`Students of ${name}`}
        className="max-md:hidden"
        head={<ColumnHeads labels={["Name", "Phone", "Email", "Enrolled"]} className={headCell} />}
      >
        {students.map((student) => (
          <tr key={student.id} data-student-email={student.email}>
            <td className="px-4 py-3 font-medium text-slate-900 dark:text-white">
              {student.fullName}
            </td>
            <td className="px-4 py-3 text-sm whitespace-nowrap">{formatPhone(student.phone)}</td>
            <td className="px-4 py-3 text-sm break-all">{student.email}</td>
            <td className="px-4 py-3 text-sm whitespace-nowrap">
              {formatShortDate(student.enrolledAt)}
            </td>
          </tr>
        ))}
      </DataTable>
      <ul
        aria-label={`Students of ${name}`}
        className="divide-y divide-slate-100 md:hidden dark:divide-slate-800"
      >
        {students.map((student) => (
          <li key={student.id} className="p-4">
            <p className="font-medium text-slate-900 dark:text-white">{student.fullName}</p>
            <p className="text-sm break-all text-slate-700 dark:text-slate-300">{student.email}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {formatPhone(student.phone)}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Enrolled {formatShortDate(student.enrolledAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Students page's Students tab: everyone enrolled, intake by intake, with an intake filter,
 * a search, and each intake's CSV and printable class list. `list` is listStudents' answer.
 */
export function StudentsTab({ list, query }: { list: StudentList; query: AdmissionsQuery }) {
  const { students, intakes, pagination } = list;
  const narrowed = Boolean(query.intake || query.q);
  return (
    <>
      <StudentFilters query={query} intakes={intakes} />
      <ListCount
        total={pagination.total}
        noun="student"
        suffix={narrowed ? " found" : " enrolled"}
      />
      {students.length === 0 ? (
        <EmptyCard>
          {narrowed ? (
            <>
              <p>No students found</p>
              <Link
                to={admissionsHref({ tab: "students" })}
                className="mt-2 inline-block font-medium text-brand-800 hover:underline dark:text-brand-300"
              >
                Clear filters
              </Link>
            </>
          ) : (
            <p>No one is enrolled yet. Students appear here once their application is enrolled.</p>
          )}
        </EmptyCard>
      ) : (
        <div className="space-y-6">
          {byIntake(students).map((group) => (
            <IntakeStudents key={group.intake.id} group={group} />
          ))}
        </div>
      )}
      <div className="mt-6 flex justify-center">
        <Pagination
          page={pagination.page}
          totalPages={pagination.totalPages}
          hrefFor={(page) => admissionsHref({ ...query, tab: "students", page })}
          label="Students pages"
        />
      </div>
    </>
  );
}
