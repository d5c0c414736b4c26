import { Form } from "react-router";
import { attendanceMarks } from "~/db/schema/values";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { DEFAULT_MARK, markLabels } from "./attendance-rules";
import type { Register } from "./register.server";
import { sessionShortWhen, sessionWhere } from "./session-text";

/*
 * A session's register as a phone shows it: one row per student with four choices, present
 * already chosen, so a class of 40 is marked by tapping the few absent, late or excused. A plain
 * form: it works without JavaScript, and each row says what it showed (`was`) so the server
 * writes only what this person changed.
 */

const choiceClasses = (mark: string) =>
  cn(
    "flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-slate-300 px-1 text-sm font-medium text-slate-800 dark:border-slate-600 dark:text-slate-100",
    "has-[:checked]:border-transparent has-[:checked]:font-bold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
    mark === "present" && "has-[:checked]:bg-green-700 has-[:checked]:text-white",
    mark === "absent" && "has-[:checked]:bg-red-700 has-[:checked]:text-white",
    mark === "late" && "has-[:checked]:bg-amber-300 has-[:checked]:text-slate-950",
    mark === "excused" && "has-[:checked]:bg-slate-700 has-[:checked]:text-white",
  );

export function RegisterHeading({ session }: { session: Register["session"] }) {
  return (
    <div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {session.courseTitle} · {session.intakeLabel}
      </p>
      <p className="font-semibold">{sessionShortWhen(session)}</p>
      <p className="text-sm break-words text-slate-700 dark:text-slate-300">
        {sessionWhere(session)}
      </p>
    </div>
  );
}

export function RegisterForm({ register }: { register: Register }) {
  const { students, refusal } = register;
  if (refusal) return <p className="rounded-lg bg-slate-100 p-4 dark:bg-slate-800">{refusal}</p>;
  if (students.length === 0)
    return <p className="rounded-lg bg-slate-100 p-4 dark:bg-slate-800">No one is enrolled yet.</p>;
  // What is stored: a student not marked yet (enrolled since) is said apart, not counted present.
  const counts = Object.fromEntries(attendanceMarks.map((mark) => [mark, 0]));
  let unmarked = 0;
  for (const student of students)
    if (student.mark) counts[student.mark] = (counts[student.mark] ?? 0) + 1;
    else unmarked++;
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="register" />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Everyone is present until you tap otherwise.{" "}
        {register.session.registerTakenAt
          ? `Saved so far: ${attendanceMarks.map((mark) => `${counts[mark]} ${markLabels[mark].toLowerCase()}`).join(", ")}${unmarked ? `; ${unmarked} not marked yet` : ""}.`
          : "Not saved yet."}
      </p>
      <ol className="grid gap-2">
        {students.map((student, index) => (
          <li key={student.id}>
            <fieldset className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <legend className="px-1 font-medium">
                {index + 1}. {student.fullName}
              </legend>
              <input type="hidden" name={`student[${index}]`} value={student.id} />
              <input type="hidden" name={`was[${index}]`} value={student.mark ?? ""} />
              <div className="grid grid-cols-4 gap-1">
                {attendanceMarks.map((mark) => (
                  <label key={mark} className={choiceClasses(mark)}>
                    <input
                      type="radio"
                      name={`mark[${index}]`}
                      value={mark}
                      defaultChecked={(student.mark ?? DEFAULT_MARK) === mark}
                      className="sr-only"
                    />
                    {markLabels[mark]}
                  </label>
                ))}
              </div>
              {student.markedBy ? (
                <p className="mt-1 px-1 text-xs text-slate-600 dark:text-slate-400">
                  Marked by {student.markedBy}
                </p>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="sticky bottom-0 bg-white/95 py-3 dark:bg-slate-900/95">
        <Button type="submit" className="w-full sm:w-auto">
          Save register
        </Button>
      </div>
    </Form>
  );
}
