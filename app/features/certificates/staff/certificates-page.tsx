import Award from "lucide-react/icons/award";
import { Form, href, Link } from "react-router";
import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { type ActionReply, errorsFor, formErrorsOf, refusedHere } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FormError, SelectInput, TextArea, TextInput } from "~/ui/form/fields";
import { IntentFields } from "~/ui/form/intent-fields";
import { LabelledSection } from "~/ui/labelled-section";
import { attendedPercent } from "../certificate-rules";
import { HOLDER_NAME_MAX, REVOKE_REASON_MAX } from "../certificate-schema";
import { certificateFileName } from "../certificate-serial";
import type { CertificateSummary, IntakeCertificates } from "../intake-certificates.server";

/*
 * An intake's certificates for staff: the conditions, who is eligible and why not, issuing them
 * all or one by one, and each certificate's download, revocation and reissue (in <details> on
 * its row). Plain forms: everything works without JavaScript.
 */

type Student = IntakeCertificates["students"][number];

const summaryClasses =
  "cursor-pointer rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 dark:text-brand-300 dark:hover:bg-slate-800";
const linkClasses = "font-medium text-brand-800 underline underline-offset-2 dark:text-brand-300";

const stateLabels: Record<CertificateSummary["state"], string> = {
  valid: "In force",
  revoked: "Revoked",
  replaced: "Replaced",
};

/** The conditions in words, as the intake form set them. */
function Conditions({ view }: { view: IntakeCertificates }) {
  const { intake, hours, signatory } = view;
  const conditions = [
    `the course has ended (${formatFullDate(intake.endsOn)})`,
    intake.minAttendance === null ? null : `attendance of at least ${intake.minAttendance} %`,
    intake.requiresPaid ? "the price paid in full" : null,
    intake.requiresProject ? "a final project marked passed" : null,
    "the name confirmed by the student on their page",
  ].filter(Boolean);
  return (
    <section aria-label="Conditions" className={cn(cardClasses, "space-y-2 p-5 text-sm")}>
      <p>
        <span className="font-semibold">A certificate needs </span>
        {conditions.join(", ")}.{" "}
        <Link
          to={href("/admin-portal/courses/:courseId/intakes", { courseId: intake.courseId })}
          className={linkClasses}
        >
          Change them in the intake
        </Link>
      </p>
      <p>
        <span className="font-semibold">Hours printed: </span>
        {hours > 0 ? `${hours} (the sessions on the timetable)` : "none yet: build the timetable"}
      </p>
      <p>
        <span className="font-semibold">Signed by: </span>
        {signatory ? (
          `${signatory.name}, ${signatory.title}`
        ) : (
          <>
            no one yet.{" "}
            <Link to={href("/admin-portal/settings")} className={linkClasses}>
              A super admin sets the signatory in Settings
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

/** A student's standing in words: attendance, balance, project. */
function Standing({ student, view }: { student: Student; view: IntakeCertificates }) {
  const { standing } = student;
  const attendance =
    standing.counted === 0
      ? "No register yet"
      : `${attendedPercent(standing.attended, standing.counted)} % (${standing.attended} of ${standing.counted})`;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Attendance {attendance} ·{" "}
      {standing.balanceDueKobo > 0 ? `${formatNaira(standing.balanceDueKobo)} to pay` : "Paid"}
      {view.intake.requiresProject
        ? ` · Project ${standing.projectPassed === null ? "not marked" : standing.projectPassed ? "passed" : "not passed"}`
        : null}
      {standing.confirmedName ? ` · Name confirmed: ${standing.confirmedName}` : null}
    </p>
  );
}

function ProjectForm({ student, reply }: { student: Student; reply: ActionReply | undefined }) {
  const errors = errorsFor(reply, "project", student.id);
  const current =
    student.standing.projectPassed === null
      ? "unmarked"
      : student.standing.projectPassed
        ? "passed"
        : "failed";
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <IntentFields intent="project" id={student.id} />
      <SelectInput
        id={`project-${student.id}`}
        name="result"
        label="Final project"
        options={[
          { value: "passed", label: "Passed" },
          { value: "failed", label: "Not passed" },
          { value: "unmarked", label: "Not marked" },
        ]}
        defaultValue={current}
        error={errors.result}
      />
      <Button type="submit" variant="outline" size="sm">
        Save result
      </Button>
    </Form>
  );
}

/** A certificate in force: download, revoke (with the reason staff keep), reissue (new name). */
function CertificateActions({
  certificate,
  student,
  reply,
}: {
  certificate: CertificateSummary;
  student: Student;
  reply: ActionReply | undefined;
}) {
  const revokeErrors = errorsFor(reply, "revoke", certificate.serial);
  const reissueErrors = errorsFor(reply, "reissue", certificate.serial);
  return (
    <div className="flex flex-wrap items-start gap-2">
      <a
        className={cn(linkClasses, "px-2 py-1 text-sm")}
        href={href("/admin-portal/certificates/:file", {
          file: certificateFileName(certificate.serial),
        })}
      >
        Download PDF
      </a>
      <details open={refusedHere(reply, "reissue", certificate.serial)}>
        <summary className={summaryClasses}>Correct the name and reissue</summary>
        <Form method="post" className="mt-2 grid gap-2 sm:max-w-md">
          <IntentFields intent="reissue" id={certificate.serial} />
          <TextInput
            id={`reissue-${certificate.serial}`}
            name="name"
            label="Name as it should be printed"
            required
            maxLength={HOLDER_NAME_MAX}
            defaultValue={certificate.holderName ?? student.fullName}
            error={reissueErrors.name}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            A new certificate with a new number is e-mailed; this one then verifies as replaced.
          </p>
          <Button type="submit" size="sm">
            Reissue certificate
          </Button>
        </Form>
      </details>
      <details open={refusedHere(reply, "revoke", certificate.serial)}>
        <summary className={summaryClasses}>Revoke</summary>
        <Form method="post" className="mt-2 grid gap-2 sm:max-w-md">
          <IntentFields intent="revoke" id={certificate.serial} />
          <TextArea
            id={`revoke-${certificate.serial}`}
            name="reason"
            label="Reason (kept for staff; the verify page shows only the date)"
            required
            maxLength={REVOKE_REASON_MAX}
            rows={2}
            error={revokeErrors.reason}
          />
          <Button type="submit" variant="danger" size="sm">
            Revoke certificate
          </Button>
        </Form>
      </details>
    </div>
  );
}

function StudentRow({
  student,
  view,
  reply,
}: {
  student: Student;
  view: IntakeCertificates;
  reply: ActionReply | undefined;
}) {
  const { certificate } = student;
  return (
    <li className="space-y-2 p-4" data-student={student.fullName}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{student.fullName}</p>
        {certificate ? (
          <p className="text-sm">
            <Award
              aria-hidden="true"
              className="mr-1 inline h-4 w-4 text-brand-700 dark:text-brand-300"
            />
            Issued {formatFullDate(certificate.issuedAt)} ·{" "}
            <span className="font-mono">{certificate.serial}</span>
          </p>
        ) : student.blockers.length === 0 ? (
          <Form method="post">
            <IntentFields intent="issue" id={student.id} />
            <Button type="submit" size="sm">
              Issue certificate
            </Button>
          </Form>
        ) : null}
      </div>
      <Standing student={student} view={view} />
      {!certificate && student.blockers.length ? (
        <p className="text-sm">
          <span className="font-semibold">Not eligible yet: </span>
          {student.blockers.join("; ")}
        </p>
      ) : null}
      {!certificate && student.blockers.length === 0 ? (
        <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">Eligible</p>
      ) : null}
      {view.intake.requiresProject && student.enrolled ? (
        <ProjectForm student={student} reply={reply} />
      ) : null}
      {certificate ? (
        <CertificateActions certificate={certificate} student={student} reply={reply} />
      ) : null}
      {student.earlier.length ? (
        <ul className="text-sm text-slate-600 dark:text-slate-400">
          {student.earlier.map((earlier) => (
            <li key={earlier.serial}>
              <span className="font-mono">{earlier.serial}</span>: {stateLabels[earlier.state]}
              {earlier.state === "revoked" && earlier.revokedAt
                ? ` on ${formatFullDate(earlier.revokedAt)} (${earlier.revokedReason})`
                : null}
              {earlier.replacedBy ? ` by ${earlier.replacedBy}` : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function CertificatesPage({
  view,
  reply,
}: {
  view: IntakeCertificates;
  reply: ActionReply | undefined;
}) {
  const eligible = view.students.filter(
    (student) => student.enrolled && !student.certificate && student.blockers.length === 0,
  ).length;
  const issued = view.students.filter((student) => student.certificate).length;
  return (
    <div className="space-y-6">
      <FormError errors={formErrorsOf(reply)} />
      <Conditions view={view} />
      <LabelledSection
        id="students-heading"
        title={`Students (${issued} of ${view.students.length} with a certificate)`}
        headingClassName="mb-3 text-lg font-bold"
      >
        {eligible > 0 ? (
          <Form method="post" className="mb-4">
            <IntentFields intent="issue" id="" />
            <Button type="submit">
              Issue certificates to {eligible} eligible {eligible === 1 ? "student" : "students"}
            </Button>
          </Form>
        ) : (
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
            No student is waiting for a certificate they may have.
          </p>
        )}
        {view.students.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No one is enrolled yet.</p>
        ) : (
          <ul className={cn(cardClasses, "divide-y divide-slate-200 dark:divide-slate-800")}>
            {view.students.map((student) => (
              <StudentRow key={student.id} student={student} view={view} reply={reply} />
            ))}
          </ul>
        )}
      </LabelledSection>
    </div>
  );
}
