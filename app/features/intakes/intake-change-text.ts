import type { CourseChangeSet, Intake } from "~/db/schema";
import { formatDateTime, formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { admissionModeLabels, intakeStatusLabels } from "./intake-form-schema";
import { intakeModeLabels } from "./intake-wording";
import { paymentPlanLabels } from "./payment-plans";

type Shown = (value: unknown, tutorNames: ReadonlyMap<string, string>) => string;

const text: Shown = (value) => String(value);
const money: Shown = (value) => formatNaira(Number(value));
const day: Shown = (value) => formatShortDate(String(value));
const instant: Shown = (value) => formatDateTime(String(value));
const percent: Shown = (value) => `${Number(value)} %`;
const yesNo: Shown = (value) => (value ? "Yes" : "No");
const labelled =
  (labels: Record<string, string>): Shown =>
  (value) =>
    labels[String(value)] ?? String(value);
/** 'Reviewed: staff decide…' as its first words. */
const admission: Shown = (value, names) =>
  labelled(admissionModeLabels)(value, names).split(":")[0] ?? "";
const plans: Shown = (value) =>
  (value as Intake["paymentPlans"]).map((plan) => paymentPlanLabels[plan] ?? plan).join(", ");
const tutorList: Shown = (value, names) => {
  const ids = value as string[];
  return ids.length ? ids.map((id) => names.get(id) ?? "a deleted tutor").join(", ") : "none";
};

/** Each field an intake's history may name: its label on the form, and how its value reads. */
const fields: Record<string, { label: string; show: Shown }> = {
  label: { label: "Label", show: text },
  startsOn: { label: "Starts on", show: day },
  endsOn: { label: "Ends on", show: day },
  classTimes: { label: "Class times", show: text },
  mode: { label: "Mode", show: labelled(intakeModeLabels) },
  location: { label: "Location", show: text },
  seats: { label: "Seats", show: text },
  enrolmentOpensAt: { label: "Enrolment opens", show: instant },
  enrolmentClosesAt: { label: "Enrolment closes", show: instant },
  price: { label: "Price", show: money },
  earlyBirdPrice: { label: "Early-bird price", show: money },
  earlyBirdEndsOn: { label: "Early bird ends on", show: day },
  status: { label: "Status", show: labelled(intakeStatusLabels) },
  admissionMode: { label: "Admission", show: admission },
  paymentPlans: { label: "Payment plans", show: plans },
  payInFullDiscount: { label: "Pay-in-full discount", show: money },
  certificateMinAttendance: { label: "Certificate: attendance", show: percent },
  certificateRequiresPaid: { label: "Certificate: price paid", show: yesNo },
  certificateRequiresProject: { label: "Certificate: final project", show: yesNo },
  tutorIds: { label: "Tutors", show: tutorList },
  cancelReason: { label: "Reason", show: text },
};

/** The tutors a change set names, to look their names up. */
export function tutorIdsOf(changes: CourseChangeSet): string[] {
  const tutors = changes.tutorIds;
  return tutors ? [...(tutors.from as string[]), ...(tutors.to as string[])] : [];
}

/**
 * What a change set changed, a line per field as staff read it: 'Seats 20 → 25',
 * 'Price ₦250,000 → ₦280,000'; a field left empty reads 'none'.
 */
export function describeIntakeChanges(
  changes: CourseChangeSet,
  tutorNames: ReadonlyMap<string, string> = new Map(),
): string[] {
  return Object.entries(changes).flatMap(([key, { from, to }]) => {
    const field = fields[key];
    if (!field) return [];
    const show = (value: unknown) =>
      value === null || value === undefined || value === ""
        ? "none"
        : field.show(value, tutorNames);
    return [`${field.label} ${show(from)} → ${show(to)}`];
  });
}
