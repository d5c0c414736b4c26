import * as z from "zod/mini";
import { instantFromLagosInput } from "~/lib/format/dates";
import { atMost, requiredText } from "~/lib/forms/required-text";
import { uuidSchema } from "~/lib/ids";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { applicationLimits } from "../application-rules";

/**
 * The Students page's actions on one application, one form per intent. The hidden fields
 * (intent, id) only break when the request was not sent by the page.
 */

export const admissionFormMessages = {
  invalid: "Invalid request",
  deadlineInvalid: "Please enter a valid accept-by date and time",
  subjectRequired: "Subject is required",
  textRequired: "Please write the e-mail to the applicant",
  assigneeInvalid: "Please choose an admin",
} as const;

export const DECLINE_SUBJECT_MAX = 200;
export const DECLINE_TEXT_MAX = 10_000;

const id = uuidSchema(admissionFormMessages.invalid);

/** A `datetime-local` value, read as Lagos time. */
const lagosDateTime = z.pipe(
  z.iso.datetime({ local: true, error: admissionFormMessages.deadlineInvalid }),
  z.transform(instantFromLagosInput),
);

/** Each action's shape; a page that takes another feature's actions too joins these lists. */
export const admissionActions = [
  z.object({ intent: z.literal("offer"), id, offerExpiresAt: lagosDateTime }),
  z.object({
    intent: z.literal("decline"),
    id,
    subject: requiredText(
      "Subject",
      admissionFormMessages.subjectRequired,
      DECLINE_SUBJECT_MAX,
      singleLine,
    ),
    text: requiredText(
      "The e-mail",
      admissionFormMessages.textRequired,
      DECLINE_TEXT_MAX,
      multiLine,
    ),
  }),
  z.object({ intent: z.literal("waitlist"), id }),
  z.object({ intent: z.literal("enrol"), id }),
  z.object({ intent: z.literal("withdraw"), id }),
  z.object({
    intent: z.literal("notes"),
    id,
    notes: z.optional(
      z.string().check(z.trim(), multiLine("Notes"), atMost("Notes", applicationLimits.notes)),
    ),
  }),
  z.object({
    intent: z.literal("assign"),
    id,
    assignedTo: z.optional(
      z.union([uuidSchema(admissionFormMessages.assigneeInvalid), z.literal("")], {
        error: admissionFormMessages.assigneeInvalid,
      }),
    ),
  }),
] as const;

export const admissionActionSchema = z.discriminatedUnion("intent", admissionActions, {
  error: admissionFormMessages.invalid,
});

export type AdmissionAction = z.output<typeof admissionActionSchema>;

/** The confirmations an application's actions open (URL-driven, decision 0010). */
export const admissionConfirms = ["offer", "decline", "waitlist", "enrol", "withdraw"] as const;
export type AdmissionConfirm = (typeof admissionConfirms)[number];
