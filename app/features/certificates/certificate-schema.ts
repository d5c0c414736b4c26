import * as z from "zod/mini";
import { requiredText } from "~/lib/forms/required-text";
import { multiLine, singleLine } from "~/lib/text/outside-text";

/** The certificates' forms: staff's on an intake's page and in Settings, the student's, verify. */

export const HOLDER_NAME_MAX = 120;
export const REVOKE_REASON_MAX = 500;
export const SIGNATORY_MAX = 120;

export const certificateMessages = {
  issued: (count: number) =>
    count === 0
      ? "No certificates issued: everyone eligible has one already."
      : `${count} ${count === 1 ? "certificate" : "certificates"} issued and e-mailed.`,
  revoked: "Certificate revoked. Its serial now verifies as revoked.",
  reissued: (serial: string) => `Certificate reissued as ${serial} and e-mailed.`,
  projectMarked: "Final project marked.",
  signatorySaved: "Signatory saved. New certificates carry this name and title.",
  nameConfirmed: "Thank you: your certificate will carry your name exactly as you confirmed it.",
  intakeNotFound: "Intake not found.",
  certificateNotFound: "That certificate is not in force on this intake.",
  studentNotFound: "That student is not enrolled on this intake.",
  notEligible: (reasons: string[]) => `Not eligible yet: ${reasons.join("; ")}.`,
  noSignatory: "Set who signs the certificates in Settings first.",
  notStudent: "Only an enrolled student's page confirms a certificate name.",
  alreadyIssued:
    "Your certificate has been issued with this name. To correct it, please contact the academy.",
  nameRequired: "Please enter your name as it should appear on the certificate",
  reasonRequired: "Please give a reason for revoking",
  signatoryNameRequired: "Signatory name is required",
  signatoryTitleRequired: "Signatory title is required",
  serialRequired: "Please enter the certificate number",
  serialInvalid: "That is not a certificate number: it looks like LTA-C-7K3M9QXF2D",
} as const;

const holderName = requiredText(
  "Name",
  certificateMessages.nameRequired,
  HOLDER_NAME_MAX,
  singleLine,
);
/** `id`: the record a row's form acts on (IntentFields): a serial, or an application's id. */
const id = z._default(z.string().check(z.maxLength(40)), "");

/** The intake's certificates page: issue all or one, revoke, reissue, mark a final project. */
export const certificateActionSchema = z.discriminatedUnion(
  "intent",
  [
    // An empty id: every eligible student of the intake.
    z.object({ intent: z.literal("issue"), id }),
    z.object({
      intent: z.literal("revoke"),
      id,
      reason: requiredText(
        "Reason",
        certificateMessages.reasonRequired,
        REVOKE_REASON_MAX,
        multiLine,
      ),
    }),
    z.object({ intent: z.literal("reissue"), id, name: holderName }),
    z.object({
      intent: z.literal("project"),
      id,
      result: z.enum(["passed", "failed", "unmarked"], { error: "Please choose a result" }),
    }),
  ],
  { error: "Unknown action" },
);

/** Settings: who signs the certificates. */
export const signatorySchema = z.object({
  intent: z.literal("signatory"),
  signatoryName: requiredText(
    "Signatory name",
    certificateMessages.signatoryNameRequired,
    SIGNATORY_MAX,
    singleLine,
  ),
  signatoryTitle: requiredText(
    "Signatory title",
    certificateMessages.signatoryTitleRequired,
    SIGNATORY_MAX,
    singleLine,
  ),
});

export type SignatoryInput = z.output<typeof signatorySchema>;

/** The student's page: their name as the certificate should carry it. */
export const confirmNameSchema = z.object({ certificateName: holderName });

/** The verify form: a serial as typed. */
export const verifyFormSchema = z.object({
  serial: requiredText("Certificate number", certificateMessages.serialRequired, 40, singleLine),
});
