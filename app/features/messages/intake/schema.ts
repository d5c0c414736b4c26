import * as z from "zod/mini";
import { optionalText, requiredText } from "~/lib/forms/required-text";
import { visitorEmail, visitorFullName } from "~/lib/forms/visitor-fields";
import { multiLine, singleLine } from "~/lib/text/outside-text";
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

const fullName = visitorFullName(fieldLimits.name);
const email = visitorEmail(fieldLimits.email);
const phone = optionalText("Phone number", fieldLimits.phone, singleLine);

const honeypot = { [HONEYPOT_FIELD]: z.optional(z.string()) };

export const inquirySchema = z.object({
  fullName,
  email,
  phone,
  inquiryType: z.enum(inquiryTypes, { error: "Purpose of inquiry is required" }),
  courseInterest: optionalText("Course of interest", fieldLimits.subject, singleLine),
  contactMethod: z.optional(z.enum(contactMethods, { error: "Please choose a contact method" })),
  message: optionalText("Message", fieldLimits.message, multiLine),
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
  message: requiredText("Message", "Message is required", fieldLimits.message, multiLine).check(
    z.minLength(10, "Message must be at least 10 characters"),
  ),
  ...honeypot,
});

export type InquiryInput = z.infer<typeof inquirySchema>;
export type ContactInput = z.infer<typeof contactSchema>;
