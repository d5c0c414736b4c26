import type { ApplicationStatus } from "~/db/schema";
import { placeHoldingStatuses } from "~/db/schema/values";
import { lagosToday } from "~/lib/format/dates";

/*
 * The rules of an application's life, shared by the services, the portal and the applicant's
 * page: which statuses hold a place, which moves are allowed and by whom, and the words for them.
 */

/** An application's reference as people see it: 'LTA-A-001234'. */
export function formatApplicationReference(reference: number) {
  return `LTA-A-${String(reference).padStart(6, "0")}`;
}

/** 'LTA-A-001234', 'lta-a-1234' or 'A-1234' as the reference's number; null otherwise. */
export function parseApplicationReference(text: string): number | null {
  const digits = text.trim().match(/^(?:lta[-\s]?)?a[-\s]?(\d{1,9})$/i)?.[1];
  return digits ? Number(digits) : null;
}

export { placeHoldingStatuses };

/** Statuses still in play: a person has at most one such application per intake. */
export const liveStatuses = ["new", "offered", "accepted", "enrolled", "waitlisted"] as const;

export const holdsPlace = (status: ApplicationStatus) =>
  (placeHoldingStatuses as readonly string[]).includes(status);

export const isLive = (status: ApplicationStatus) =>
  (liveStatuses as readonly string[]).includes(status);

/** A place accepted (or already enrolled): only such a place is paid for. */
export const placePayingStatuses = ["accepted", "enrolled"] as const;

export const paysForPlace = (status: ApplicationStatus) =>
  (placePayingStatuses as readonly string[]).includes(status);

/** Hours an offer holds its place unless staff choose another deadline. */
/**
 * The Lagos date a place was accepted, which prices it (the early bird). Places accepted before
 * the moment was recorded count from the day they applied: a date that never moves.
 */
export const acceptedOnOf = (application: { acceptedAt: Date | null; createdAt: Date }) =>
  lagosToday(application.acceptedAt ?? application.createdAt);

export const OFFER_HOLD_HOURS = 72;
/** The applicant is reminded this long before the offer's deadline. */
export const OFFER_REMINDER_HOURS = 24;

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: "New",
  offered: "Offered",
  accepted: "Accepted",
  enrolled: "Enrolled",
  waitlisted: "Waitlisted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

/** What staff may do to an application, and from which statuses. */
export const staffMoves = {
  offer: ["new", "waitlisted"],
  decline: ["new", "waitlisted"],
  waitlist: ["new"],
  enrol: ["offered", "accepted"],
  withdraw: ["new", "offered", "accepted", "enrolled", "waitlisted"],
} as const satisfies Record<string, readonly ApplicationStatus[]>;
export type StaffMove = keyof typeof staffMoves;

/** What the applicant may do on 'My application', and from which statuses. */
export const applicantMoves = {
  accept: ["offered"],
  decline: ["offered"],
  withdraw: ["new", "offered", "accepted", "waitlisted"],
} as const satisfies Record<string, readonly ApplicationStatus[]>;
export type ApplicantMove = keyof typeof applicantMoves;

/** What a payment does to an application: the first one paid enrols an accepted place. */
export const paymentMoves = {
  enrol: ["accepted"],
} as const satisfies Record<string, readonly ApplicationStatus[]>;

export function mayMove<Moves extends Record<string, readonly ApplicationStatus[]>>(
  moves: Moves,
  move: keyof Moves,
  status: ApplicationStatus,
) {
  return (moves[move] as readonly ApplicationStatus[]).includes(status);
}

/** Answers to 'What is your experience level?'. */
export const experienceLevels = [
  "Complete beginner",
  "Some self-study",
  "Working in tech already",
  "Switching careers",
] as const;

/** Answers to 'How did you hear about us?'. */
export const heardFromChoices = [
  "WhatsApp",
  "Instagram",
  "X (Twitter)",
  "LinkedIn",
  "A friend or colleague",
  "Google search",
  "An event",
  "Other",
] as const;

export const applicationLimits = {
  name: 120,
  email: 254,
  phone: 40,
  goals: 2000,
  notes: 5000,
} as const;
