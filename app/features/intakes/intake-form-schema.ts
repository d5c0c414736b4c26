import * as z from "zod/mini";
import type { Intake } from "~/db/schema";
import { admissionModes, intakeModes } from "~/db/schema/values";
import { instantFromLagosInput, lagosInputFromInstant, startOfLagosDate } from "~/lib/format/dates";
import { koboFromNaira, nairaFromKobo } from "~/lib/format/money";
import { atMost, requiredText } from "~/lib/forms/required-text";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { instalmentPlanKinds } from "./payment-plans";

export const LABEL_MAX = 120;
export const CANCEL_REASON_MAX = 500;
export const SEATS_MAX = 10_000;
export const TUTORS_MAX = 6;
const PRICE_MAX_NAIRA = 100_000_000;
/** A new intake's certificate condition: 80 % of the sessions attended (the database's default). */
export const DEFAULT_CERTIFICATE_ATTENDANCE = 80;

/** The statuses a form sets; cancelling is its own action, with a reason. */
export const intakeFormStatuses = ["draft", "open", "closed"] as const;
export const intakeStatusLabels: Record<Intake["status"], string> = {
  draft: "Draft",
  open: "Open",
  closed: "Closed",
  cancelled: "Cancelled",
};

export const admissionModeLabels: Record<Intake["admissionMode"], string> = {
  reviewed: "Reviewed: staff decide who gets a place",
  "first-come": "First come, first served: places offered automatically",
};

export const intakeMessages = {
  created: "Intake added.",
  updated: "Intake updated.",
  duplicated: "Intake duplicated as a draft.",
  cancelled: "Intake cancelled.",
  notFound: "Intake not found.",
  courseNotFound: "Course not found.",
  cancelledIsFinal: "A cancelled intake cannot be changed.",
  labelRequired: "Label is required",
  reasonRequired: "Please give a reason for cancelling",
  endBeforeStart: "The end date must be on or after the start date",
  closesAfterStart: "Enrolment must close before the intake starts",
  opensAfterCloses: "Enrolment must open before it closes",
  earlyBirdIncomplete: "Give both the early-bird price and the date it ends, or neither",
  earlyBirdNotBelowPrice: "The early-bird price must be below the price",
  earlyBirdAfterClose: "The early bird must end on or before the day enrolment closes",
  unknownPlan: "Please choose the instalment plans from the list",
  discountNotBelowPrice: "The pay-in-full discount must be below the price",
  tooManyTutors: `Choose at most ${TUTORS_MAX} tutors`,
  tutorGone: "A chosen tutor no longer exists: please choose again",
  seatsBelowTaken: (taken: number) =>
    `Seats cannot be fewer than the ${taken} places already taken`,
} as const;

const optionalText = (label: string, max: number) =>
  z.optional(z.string().check(z.trim(), singleLine(label), atMost(label, max)));

const date = (label: string) => z.iso.date({ error: `Please enter a valid ${label}` });

/** A `datetime-local` value, read as Lagos time. */
const lagosDateTime = (label: string) =>
  z.pipe(
    z.iso.datetime({ local: true, error: `Please enter a valid ${label}` }),
    z.transform(instantFromLagosInput),
  );

/** An amount typed in Naira (kobo allowed); stored in kobo. */
const naira = (label: string) =>
  z.pipe(
    z
      .number({ error: `${label} must be a number` })
      .check(
        z.minimum(0, `${label} must be 0 or more`),
        z.maximum(PRICE_MAX_NAIRA, `${label} must be at most ₦100,000,000`),
      ),
    z.transform(koboFromNaira),
  );

const intakeFields = z.object({
  label: requiredText("Label", intakeMessages.labelRequired, LABEL_MAX, singleLine),
  startsOn: date("start date"),
  endsOn: date("end date"),
  classTimes: optionalText("Class times", 120),
  mode: z.enum(intakeModes, { error: "Please choose a mode" }),
  location: optionalText("Location", 200),
  seats: z
    .number({ error: "Seats must be a whole number" })
    .check(
      z.int({ error: "Seats must be a whole number" }),
      z.minimum(1, "Seats must be at least 1"),
      z.maximum(SEATS_MAX, `Seats must be at most ${SEATS_MAX.toLocaleString("en")}`),
    ),
  enrolmentOpensAt: z.optional(lagosDateTime("opening time")),
  enrolmentClosesAt: lagosDateTime("closing time"),
  price: naira("Price"),
  earlyBirdPrice: z.optional(naira("Early-bird price")),
  earlyBirdEndsOn: z.optional(date("early-bird end date")),
  status: z._default(z.enum(intakeFormStatuses, { error: "Please choose a status" }), "draft"),
  admissionMode: z._default(
    z.enum(admissionModes, { error: "Please choose how places are given" }),
    "reviewed",
  ),
  /** Paying in full is always offered; these are offered besides it (./payment-plans.ts). */
  instalmentPlans: z._default(
    z
      .array(z.enum(instalmentPlanKinds, { error: intakeMessages.unknownPlan }))
      .check(z.maxLength(instalmentPlanKinds.length)),
    [],
  ),
  payInFullDiscount: z.optional(naira("Pay-in-full discount")),
  /** Certificates (app/features/certificates): empty attendance means no attendance condition. */
  certificateMinAttendance: z.optional(
    z
      .number({ error: "Attendance must be a whole percentage" })
      .check(
        z.int({ error: "Attendance must be a whole percentage" }),
        z.minimum(1, "Attendance must be between 1 and 100 %"),
        z.maximum(100, "Attendance must be between 1 and 100 %"),
      ),
  ),
  certificateRequiresPaid: z.optional(z.literal("on")),
  certificateRequiresProject: z.optional(z.literal("on")),
  /** Who teaches it, in the order chosen; at most a few, each at most once. */
  tutorIds: z._default(
    z
      .array(z.uuid({ error: intakeMessages.tutorGone }))
      .check(z.maxLength(TUTORS_MAX, intakeMessages.tooManyTutors)),
    [],
  ),
});

type IntakeFields = z.output<typeof intakeFields>;
type Issue = { message: string; path: keyof IntakeFields };

/** The rules between fields, each with the field its message shows on. */
export function intakeRuleIssues(value: IntakeFields): Issue[] {
  const issues: Issue[] = [];
  if (value.endsOn < value.startsOn)
    issues.push({ path: "endsOn", message: intakeMessages.endBeforeStart });
  // Enrolment closes before the start day begins in Lagos.
  if (value.enrolmentClosesAt >= startOfLagosDate(value.startsOn))
    issues.push({ path: "enrolmentClosesAt", message: intakeMessages.closesAfterStart });
  if (value.enrolmentOpensAt && value.enrolmentOpensAt >= value.enrolmentClosesAt)
    issues.push({ path: "enrolmentOpensAt", message: intakeMessages.opensAfterCloses });
  const hasPrice = value.earlyBirdPrice !== undefined;
  const hasEnd = value.earlyBirdEndsOn !== undefined;
  if (hasPrice !== hasEnd)
    issues.push({
      path: hasPrice ? "earlyBirdEndsOn" : "earlyBirdPrice",
      message: intakeMessages.earlyBirdIncomplete,
    });
  if (value.earlyBirdPrice !== undefined && value.earlyBirdPrice >= value.price)
    issues.push({ path: "earlyBirdPrice", message: intakeMessages.earlyBirdNotBelowPrice });
  // Below the early-bird price too: the discount comes off whichever price applies.
  const lowestPrice = Math.min(value.price, value.earlyBirdPrice ?? value.price);
  if (value.payInFullDiscount && value.payInFullDiscount >= lowestPrice)
    issues.push({ path: "payInFullDiscount", message: intakeMessages.discountNotBelowPrice });
  // The early bird's last day may be the day enrolment closes, never later.
  if (
    value.earlyBirdEndsOn !== undefined &&
    startOfLagosDate(value.earlyBirdEndsOn) > value.enrolmentClosesAt
  )
    issues.push({ path: "earlyBirdEndsOn", message: intakeMessages.earlyBirdAfterClose });
  return issues;
}

/** The add and edit form of an intake: Naira and Lagos times in, kobo and instants out. */
export const intakeFormSchema = intakeFields.check(
  z.superRefine((value, context) => {
    for (const issue of intakeRuleIssues(value))
      context.addIssue({
        code: "custom",
        input: value,
        path: [issue.path],
        message: issue.message,
      });
  }),
);

export type IntakeFormValues = z.output<typeof intakeFormSchema>;

const id = z._default(z.string(), "");

export const cancelReason = requiredText(
  "Reason",
  intakeMessages.reasonRequired,
  CANCEL_REASON_MAX,
  multiLine,
);

/**
 * The intakes page's actions: the form, duplicate (a small post), cancel with a reason, and
 * move a cancelled intake's paid place.
 */
export const intakeActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.extend(intakeFormSchema, { intent: z.literal("create") }),
    z.extend(intakeFormSchema, { intent: z.literal("update"), id }),
    z.object({ intent: z.literal("duplicate"), id }),
    z.object({ intent: z.literal("cancel"), id, reason: cancelReason }),
    // A paid place of a cancelled intake moved to another intake (`target`) of the course.
    z.object({ intent: z.literal("transfer"), id, target: id }),
  ],
  { error: "Unknown action" },
);

/** The cancel modal's form, for validating in the browser. */
export const cancelIntakeSchema = z.object({ reason: cancelReason });

/** What the form shows: a stored intake for editing, or a new one at the course's price. */
export function intakeFormDefaults(
  intake: (Intake & { tutorIds: string[] }) | null,
  coursePriceKobo: number,
): Record<string, string | string[]> {
  if (!intake)
    return {
      mode: "both",
      status: "draft",
      admissionMode: "reviewed",
      price: String(nairaFromKobo(coursePriceKobo)),
      certificateMinAttendance: String(DEFAULT_CERTIFICATE_ATTENDANCE),
      certificateRequiresPaid: "on",
    };
  return {
    tutorIds: intake.tutorIds,
    label: intake.label,
    startsOn: intake.startsOn,
    endsOn: intake.endsOn,
    classTimes: intake.classTimes ?? "",
    mode: intake.mode,
    location: intake.location ?? "",
    seats: String(intake.seats),
    enrolmentOpensAt: intake.enrolmentOpensAt ? lagosInputFromInstant(intake.enrolmentOpensAt) : "",
    enrolmentClosesAt: lagosInputFromInstant(intake.enrolmentClosesAt),
    price: String(nairaFromKobo(intake.price)),
    earlyBirdPrice:
      intake.earlyBirdPrice === null ? "" : String(nairaFromKobo(intake.earlyBirdPrice)),
    earlyBirdEndsOn: intake.earlyBirdEndsOn ?? "",
    status: intake.status === "cancelled" ? "closed" : intake.status,
    admissionMode: intake.admissionMode,
    instalmentPlans: intake.paymentPlans.filter((kind) => kind !== "full"),
    payInFullDiscount:
      intake.payInFullDiscount === null ? "" : String(nairaFromKobo(intake.payInFullDiscount)),
    certificateMinAttendance:
      intake.certificateMinAttendance === null ? "" : String(intake.certificateMinAttendance),
    certificateRequiresPaid: intake.certificateRequiresPaid ? "on" : "",
    certificateRequiresProject: intake.certificateRequiresProject ? "on" : "",
  };
}
