import type { ApplicationStatus } from "~/db/schema";
import { formatDateTime } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { nounFor } from "~/lib/format/plural";

/*
 * What happens next to an application, in the applicant's words: after applying (the form's
 * notice) and on 'My application'. Pure, so the browser and the tests use the same texts.
 */

/** An offer's deadline as the applicant reads it, in Lagos time. */
export const offerDeadlineText = (at: Date) => `${formatDateTime(at)} (Lagos time)`;

const HOUR_MS = 60 * 60 * 1000;

/**
 * '2 days 5 h left', '5 h 12 min left', '12 min left', 'Under a minute left'; 'No time left' only
 * once it has passed, so never beside a button that still works.
 */
export function timeLeftText(until: Date, now: Date) {
  const left = until.getTime() - now.getTime();
  if (left <= 0) return "No time left";
  const minutes = Math.floor(left / 60_000);
  if (minutes === 0) return "Under a minute left";
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  if (days > 0) return `${days} ${nounFor(days, "day")} ${hours} h left`;
  if (minutes >= HOUR_MS / 60_000) return `${hours} h ${minutes % 60} min left`;
  return `${minutes} min left`;
}

export type NextStepFacts = {
  status: ApplicationStatus;
  offerExpiresAt: Date | null;
  /** An offer still to be accepted; false once its deadline has passed (before the job ends it). */
  offerOpen?: boolean;
  waitlistPlace: number | null;
  /** Who withdrew it, when withdrawn: the applicant, or staff on the academy's side. */
  withdrawnBy?: "applicant" | "staff" | "system" | null;
  /** The intake was cancelled: what they paid and were not given back, in kobo. */
  intakeCancelled?: { kept: number } | null;
};

const offerEndedText =
  "The offer was not accepted by its deadline, so the place is no longer held for you. You are welcome to apply again.";

/** What the applicant is to expect or do now. */
export function nextStepText({
  status,
  offerExpiresAt,
  offerOpen,
  waitlistPlace,
  withdrawnBy,
  intakeCancelled,
}: NextStepFacts) {
  if (intakeCancelled)
    return intakeCancelled.kept > 0
      ? `You paid ${formatNaira(intakeCancelled.kept)}. Nothing more is due: we will refund it to you, or, if you prefer, move your place and what you paid to another intake of the course. Reply to our e-mail to tell us which.`
      : "Nothing is due and nothing will be charged. You are welcome to apply for another intake.";
  switch (status) {
    case "new":
      return "We will read your application and answer within 24 hours.";
    case "offered":
      if (offerOpen === false) return offerEndedText;
      return offerExpiresAt
        ? `A place is held for you: please accept it by ${offerDeadlineText(offerExpiresAt)}.`
        : "A place is held for you: please accept it.";
    case "waitlisted":
      return waitlistPlace
        ? `The intake is full, so you are on its waitlist: place ${waitlistPlace} in line. If a place frees up we will e-mail you at once.`
        : "The intake is full, so you are on its waitlist. If a place frees up we will e-mail you at once.";
    case "accepted":
      return "Your place is confirmed. We will be in touch about payment and your first class.";
    case "enrolled":
      return "You are enrolled. See you in class!";
    case "declined":
      return "This application has ended. You are welcome to apply for another intake.";
    case "withdrawn":
      return withdrawnBy === "staff"
        ? "The academy withdrew this application. You are welcome to apply for another intake."
        : "You withdrew this application. You are welcome to apply for another intake.";
    case "expired":
      return offerEndedText;
  }
}

/** The notice after the applicant's own step on 'My application'. */
export const stepNotices = {
  accept: "You accepted your place. Welcome! We have e-mailed you a confirmation.",
  decline: "You declined the offered place. We have e-mailed you a confirmation.",
  withdraw: "You withdrew your application. We have e-mailed you a confirmation.",
} as const;
