import * as z from "zod/mini";
import { attendanceMarks } from "~/db/schema/values";
import { REGISTER_MAX_STUDENTS } from "./attendance-rules";

export const registerMessages = {
  saved: (changed: number) =>
    changed === 0
      ? "Register saved: no change."
      : `Register saved: ${changed} ${changed === 1 ? "mark" : "marks"} recorded.`,
  notFound: "Session not found.",
  cancelled: "This session was cancelled: it has no register.",
  tooEarly: "The register opens on the day of the session.",
  unreadable: "The register could not be read: please reload the page and mark again.",
} as const;

const mark = z.enum(attendanceMarks, { error: registerMessages.unreadable });
const list = <T extends z.ZodMiniType>(item: T) =>
  z._default(z.array(item).check(z.maxLength(REGISTER_MAX_STUDENTS)), []);

/**
 * A register as posted: per row `i`, the student (`student[i]`), the mark chosen (`mark[i]`)
 * and the mark the page showed (`was[i]`, '' for none yet), so that only what this person
 * changed overwrites what another may have marked meanwhile.
 */
export const registerSchema = z
  .object({
    intent: z.literal("register"),
    student: list(z.uuid({ error: registerMessages.unreadable })),
    mark: list(mark),
    // Conform reads an empty field as missing: a student the page showed unmarked.
    was: list(z.nullish(z.union([z.literal(""), mark]))),
  })
  .check(
    z.refine(
      (value) =>
        value.student.length === value.mark.length && value.mark.length === value.was.length,
      registerMessages.unreadable,
    ),
  );

export type RegisterInput = z.output<typeof registerSchema>;
