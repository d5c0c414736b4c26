import type { Admin } from "~/db/schema";
import type { IntentHandlers } from "~/lib/forms/page-action.server";
import {
  admissionMessages,
  assignApplication,
  declineApplication,
  enrolApplication,
  offerApplication,
  saveApplicationNotes,
  waitlistApplication,
  withdrawApplication,
} from "./admissions.server";
import type { AdmissionAction } from "./admissions-schema";

/** Staff's decisions on an open application, each with its success toast (the Students page). */
export const admissionHandlers = (actor: Admin): IntentHandlers<AdmissionAction> => ({
  offer: async (input) => {
    await offerApplication(actor, input.id, input.offerExpiresAt);
    return admissionMessages.offered;
  },
  decline: async (input) => {
    await declineApplication(actor, input.id, { subject: input.subject, text: input.text });
    return admissionMessages.declined;
  },
  waitlist: async (input) => {
    await waitlistApplication(actor, input.id);
    return admissionMessages.waitlisted;
  },
  enrol: async (input) => {
    await enrolApplication(actor, input.id);
    return admissionMessages.enrolled;
  },
  withdraw: async (input) => {
    await withdrawApplication(actor, input.id);
    return admissionMessages.withdrawn;
  },
  notes: async (input) => {
    await saveApplicationNotes(actor, input.id, input.notes ?? "");
    return admissionMessages.notesSaved;
  },
  assign: async (input) => {
    await assignApplication(actor, input.id, input.assignedTo || null);
    return admissionMessages.assigned;
  },
});
