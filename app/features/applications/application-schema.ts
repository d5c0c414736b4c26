import * as z from "zod/mini";
import { requiredText } from "~/lib/forms/required-text";
import { visitorEmail, visitorFullName } from "~/lib/forms/visitor-fields";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { toInternationalPhone } from "~/lib/text/phone-number";
import { applicationLimits, experienceLevels, heardFromChoices } from "./application-rules";

/*
 * The applicant's forms, shared by the browser and the server (zod/mini, as the other public
 * forms: the page downloads it only when the form is first used).
 */

export const applicationMessages = {
  received:
    "Thank you for applying! We have e-mailed you a private link to follow your application.",
  failure: "Failed to submit your application. Please try again.",
  notOpen: "This intake is not taking applications.",
  closed: "Enrolment for this intake has closed. Please choose another intake.",
  cancelled: "This intake has been cancelled. Please choose another intake.",
  notYetOpen: "Enrolment for this intake has not opened yet.",
  alreadyApplied:
    "You have already applied for this intake with this e-mail address. Use 'Find my application' to get its link again.",
  rateLimited:
    "You have sent several forms in a short time. Please wait a few minutes and try again.",
  linkSent:
    "If we have an application from that address, its link is on its way. Please check your e-mail (and its spam folder).",
  linkUnknown:
    "This link does not open an application. It may be mistyped; you can get a new one below.",
  linkReplaced:
    "This link was replaced by a newer one when new links were asked for, so it no longer opens your application. Use the link in our latest e-mail, or get a new one below.",
  offerEnded: "This offer has ended: its deadline has passed.",
  intakeCancelled:
    "This intake has been cancelled, so its places can no longer be taken or given up.",
  moveNotAllowed:
    "Your application has moved on since this page was opened. Here is where it stands now.",
} as const;

const email = visitorEmail(applicationLimits.email);

export const applicationSchema = z.object({
  fullName: visitorFullName(applicationLimits.name),
  email,
  phone: z.pipe(
    requiredText("Phone number", "Phone number is required", applicationLimits.phone, singleLine),
    z.transform((value, context) => {
      const international = toInternationalPhone(value);
      if (international) return international;
      context.issues.push({
        code: "custom",
        input: value,
        message: "Please enter a phone number we can call, e.g. 0803 123 4567",
      });
      return z.NEVER;
    }),
  ),
  experienceLevel: z.enum(experienceLevels, { error: "Please choose your experience level" }),
  goals: requiredText(
    "What you want to achieve",
    "Please tell us what you want to achieve",
    applicationLimits.goals,
    multiLine,
  ).check(z.minLength(10, "Please write at least 10 characters about your goals")),
  heardFrom: z.enum(heardFromChoices, { error: "Please tell us how you heard of us" }),
  consent: z.literal("on", {
    error: "You must agree to the privacy policy to apply",
  }),
  website: z.optional(z.string()),
});

export type ApplicationInput = z.output<typeof applicationSchema>;

export const findApplicationSchema = z.object({ email, website: z.optional(z.string()) });

/** The applicant's steps on 'My application'. */
export const applicantStepSchema = z.object({
  intent: z.enum(["accept", "decline", "withdraw"], { error: "Choose what to do" }),
});
