import * as z from "zod/mini";
import { emailPattern } from "~/lib/forms/email-address";
import { multiLine, personName, singleLine } from "~/lib/text/outside-text";
import {
  contactMethods,
  contactSubjects,
  fieldLimits,
  HONEYPOT_FIELD,
  inquiryTypes,
} from "../form-options";

export {
  contactMethods,
  contactSubjects,
  fieldLimits,
  formMessages,
  HONEYPOT_FIELD,
  inquiryTypes,
} from "../form-options";

/**
 * The public forms' schemas and their messages, shared by the browser and the server.
 * zod/mini keeps the landing page's JavaScript small.
 */

const requiredText = (required: string, max: number, label: string, allowed = singleLine) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      allowed(label),
      z.maxLength(max, `${label} must be at most ${max.toLocaleString("en")} characters`),
    );

const optionalText = (max: number, label: string, allowed = singleLine) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        allowed(label),
        z.maxLength(max, `${label} must be at most ${max.toLocaleString("en")} characters`),
      ),
  );

const fullName = requiredText("Full name is required", fieldLimits.name, "Full name").check(
  z.minLength(2, { error: "Full name must be at least 2 characters", abort: true }),
  ...personName("Full name"),
);

const email = requiredText("Email address is required", fieldLimits.email, "Email address").check(
  z.regex(emailPattern, "Please enter a valid email address"),
);

const phone = optionalText(fieldLimits.phone, "Phone number");

const honeypot = { [HONEYPOT_FIELD]: z.optional(z.string()) };

export const inquirySchema = z.object({
  fullName,
  email,
  phone,
  inquiryType: z.enum(inquiryTypes, { error: "Purpose of inquiry is required" }),
  courseInterest: optionalText(fieldLimits.subject, "Course of interest"),
  contactMethod: z.optional(z.enum(contactMethods, { error: "Please choose a contact method" })),
  message: optionalText(fieldLimits.message, "Message", multiLine),
  consent: z.literal("on", {
    error: "You must agree to the privacy policy to submit this form",
  }),
  ...honeypot,
});

export const contactSchema = z.object({
  name: fullName,
  email,
  phone,
  subject: z.enum(contactSubjects, { error: "Subject is required" }),
  message: requiredText("Message is required", fieldLimits.message, "Message", multiLine).check(
    z.minLength(10, "Message must be at least 10 characters"),
  ),
  ...honeypot,
});

export type InquiryInput = z.infer<typeof inquirySchema>;
export type ContactInput = z.infer<typeof contactSchema>;
