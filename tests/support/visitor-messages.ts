import type { FormRow } from "~/features/messages/intake/submit.server";
import { storeVisitorMessage } from "~/features/messages/intake/submit.server";
import { uniqueAddress } from "./admin-session";

/** A contact message as the contact form stores it. */
export const contactMessage: FormRow = {
  formType: "contact",
  fullName: "Chiamaka Eze",
  email: "chiamaka@example.com",
  subject: "Enrollment Inquiry",
  message: "How do I enrol for the next cohort?",
};

/** A course inquiry as the inquiry form stores it. */
export const inquiryMessage: FormRow = {
  formType: "inquiry",
  fullName: "Amaka Obi",
  email: "amaka@example.ng",
  inquiryType: "I'm interested in a course",
  courseInterest: "Data Analysis",
  message: "Is there a weekend class?",
  consentGiven: true,
};

/**
 * Stores a message as the public forms do (staff alert, acknowledgement, reminder), each from
 * its own address so the rate limit never refuses it. Returns its id and reference.
 */
export async function storeAsVisitor(row: FormRow) {
  const outcome = await storeVisitorMessage({ ...row, ipAddress: uniqueAddress() }, "");
  if (outcome.status !== "stored") throw new Error(`Not stored: ${outcome.status}`);
  return outcome;
}
