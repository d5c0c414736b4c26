import * as z from "zod/mini";
import { addDays } from "~/lib/format/dates";
import { atMost, optionalText, requiredText } from "~/lib/forms/required-text";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { isTeachingDate, MAX_PATTERN_DAYS, MAX_SESSIONS_PER_BUILD } from "./timetable-pattern";

/** The timetable page's forms: build from a pattern, add, edit or cancel one, and reminders. */

export const SESSION_TITLE_MAX = 120;
export const PLACE_MAX = 200;
export const NOTICE_MAX = 500;
export const FIRST_SESSION_NOTE_MAX = 1000;
/** Hours before a session its reminder goes when the intake's settings were never saved. */
export const DEFAULT_REMINDER_HOURS = 3;
const URL_MAX = 500;

export const timetableMessages = {
  built: (count: number) => `Timetable built: ${count} sessions.`,
  added: "Session added.",
  updated: "Session updated.",
  movedAndTold: (count: number) =>
    `Session updated; ${count} ${count === 1 ? "student was" : "students were"} told by e-mail.`,
  cancelled: (count: number) =>
    `Session cancelled; ${count} ${count === 1 ? "student was" : "students were"} told by e-mail.`,
  settingsSaved: "Reminders saved.",
  intakeNotFound: "Intake not found.",
  sessionNotFound: "Session not found.",
  intakeCancelled: "A cancelled intake's timetable cannot be changed.",
  alreadyBuilt: "This intake already has a timetable: add, edit or cancel its sessions one by one.",
  noSessions: "The pattern makes no sessions: choose a weekday between the two dates",
  tooManySessions: `The pattern makes more than ${MAX_SESSIONS_PER_BUILD} sessions: choose fewer days or a shorter period`,
  chooseDays: "Choose at least one weekday",
  endBeforeStart: "The end time must be after the start time",
  untilBeforeFrom: "The last date must be on or after the first",
  cancelledIsFinal: "A cancelled session cannot be changed.",
  changedMeanwhile:
    "Someone changed this session while you were editing it: here it is as it stands now. Make your change again.",
  tooLong: "Choose a period of at most five years",
  noticeRequired: "Please say why, in the words the students will read",
  tutorGone: "The chosen tutor no longer exists: please choose again",
  badUrl: "Please enter the online class link as an https:// address",
} as const;

const time = (label: string) =>
  z
    .string({ error: `Please enter a valid ${label}` })
    .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Please enter a valid ${label}`));
/** A calendar date the academy can teach on: years 2000 to 2099 (PostgreSQL has no year 0). */
const date = (label: string) =>
  z.iso
    .date({ error: `Please enter a valid ${label}` })
    .check(z.refine(isTeachingDate, `Please enter a valid ${label}`));

/** An https link to the online class, or nothing. */
const onlineUrl = z.optional(
  z.string().check(
    z.trim(),
    atMost("Online link", URL_MAX),
    z.refine((value) => value === "" || /^https:\/\/[^\s]+$/.test(value), timetableMessages.badUrl),
  ),
);
const place = optionalText("Place", PLACE_MAX, singleLine);
const tutorId = z.optional(
  z.union([z.literal(""), z.uuid({ error: timetableMessages.tutorGone })]),
);
const title = requiredText("Title", "Title is required", SESSION_TITLE_MAX, singleLine);
const notice = optionalText("What to tell the students", NOTICE_MAX, multiLine);

const endsAfterStart = z.refine<{ startTime: string; endTime: string }>(
  (value) => value.endTime > value.startTime,
  { message: timetableMessages.endBeforeStart, path: ["endTime"] },
);

const id = z._default(z.string(), "");

const sessionFields = {
  title,
  date: date("date"),
  startTime: time("start time"),
  endTime: time("end time"),
  place,
  onlineUrl,
  tutorId,
};

export const buildTimetableSchema = z
  .object({
    intent: z.literal("build"),
    days: z
      .array(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(6)), {
        error: timetableMessages.chooseDays,
      })
      .check(z.minLength(1, timetableMessages.chooseDays), z.maxLength(7)),
    startTime: time("start time"),
    endTime: time("end time"),
    from: date("first date"),
    until: date("last date"),
    titlePrefix: z._default(requiredText("Title", "Title is required", 60, singleLine), "Session"),
    place,
    onlineUrl,
    tutorId,
  })
  .check(
    endsAfterStart,
    z.refine((value) => value.until >= value.from, {
      message: timetableMessages.untilBeforeFrom,
      path: ["until"],
    }),
    z.refine((value) => value.until <= addDays(value.from, MAX_PATTERN_DAYS - 1), {
      message: timetableMessages.tooLong,
      path: ["until"],
    }),
  );

export const timetableActionSchema = z.discriminatedUnion(
  "intent",
  [
    buildTimetableSchema,
    z.object({ intent: z.literal("add"), ...sessionFields }).check(endsAfterStart),
    z
      .object({
        intent: z.literal("update"),
        id,
        ...sessionFields,
        notice,
        /** The session's sequence as the form showed it: a save over a newer change is refused. */
        sequence: z.coerce.number().check(z.int(), z.minimum(0)),
      })
      .check(endsAfterStart),
    z.object({
      intent: z.literal("cancel"),
      id,
      notice: requiredText(
        "What to tell the students",
        timetableMessages.noticeRequired,
        NOTICE_MAX,
        multiLine,
      ),
    }),
    z.object({
      intent: z.literal("settings"),
      reminderHoursBefore: z.optional(
        z
          .number({ error: "Hours must be a whole number" })
          .check(
            z.int({ error: "Hours must be a whole number" }),
            z.minimum(1, "Hours must be between 1 and 72"),
            z.maximum(72, "Hours must be between 1 and 72"),
          ),
      ),
      firstSessionNote: optionalText("What to bring", FIRST_SESSION_NOTE_MAX, multiLine),
    }),
  ],
  { error: "Unknown action" },
);

export type TimetableAction = z.output<typeof timetableActionSchema>;
export type SessionInput = Omit<Extract<TimetableAction, { intent: "add" }>, "intent">;
export type BuildInput = Extract<TimetableAction, { intent: "build" }>;
