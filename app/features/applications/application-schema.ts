import * as z from "zod/mini";
import { codeText } from "~/features/discounts/discount-schema";
import { requiredText } from "~/lib/forms/required-text";
import { visitorEmail, visitorFullName } from "~/lib/forms/visitor-fields";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { toInternationalPhone } from "~/lib/text/phone-number";
import { applicationLimits, experienceLevels, heardFromChoices } from "./application-rules";

/*
 * The applicant's forms, shared by the browser and the server (zod/mini, as the other public
 * forms: the page downloads it only when the form is first used).
 */

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
  /** A discount code, checked and kept with the application (app/features/discounts). */
  discountCode: z.optional(codeText),
  website: z.optional(z.string()),
});

export type ApplicationInput = z.output<typeof applicationSchema>;

export const findApplicationSchema = z.object({ email, website: z.optional(z.string()) });

/** The applicant's steps on 'My application'. */
export const applicantStepSchema = z.object({
  intent: z.enum(["accept", "decline", "withdraw"], { error: "Choose what to do" }),
});
