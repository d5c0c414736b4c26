import * as z from "zod/mini";

/**
 * The public forms' schemas (SPEC.md sections 5 and 8), shared by the browser and the server.
 * zod/mini keeps the landing page's JavaScript small.
 */

export const inquiryTypes = [
  "I'm interested in a course",
  "I want to know about pricing",
  "Partnership / collaboration",
  "General questions",
  "Other",
] as const;

export const contactMethods = ["Email", "Phone / WhatsApp"] as const;

export const contactSubjects = [
  "Course Information",
  "Enrollment Inquiry",
  "Technical Support",
  "Partnership Opportunities",
  "Career Guidance",
  "Other",
] as const;

export const fieldLimits = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  message: 5000,
} as const;

/** The hidden field that people never see; bots that fill it are ignored. */
export const HONEYPOT_FIELD = "website";

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(max, `${label} must be at most ${max.toLocaleString("en")} characters`),
    );

const optionalText = (max: number, label: string) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, `${label} must be at most ${max.toLocaleString("en")} characters`),
      ),
  );

const fullName = requiredText("Full name is required", fieldLimits.name, "Full name").check(
  z.minLength(2, "Full name must be at least 2 characters"),
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
  message: optionalText(fieldLimits.message, "Message"),
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
  message: requiredText("Message is required", fieldLimits.message, "Message").check(
    z.minLength(10, "Message must be at least 10 characters"),
  ),
  ...honeypot,
});

export type InquiryInput = z.infer<typeof inquirySchema>;
export type ContactInput = z.infer<typeof contactSchema>;

export const formMessages = {
  contactSuccess: "Thank you for your message! We will get back to you within 24 hours.",
  contactFailure: "Failed to submit message. Please try again.",
  contactServiceFailure: "Failed to submit contact form. Please try again.",
  inquirySuccess:
    "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.",
  inquiryFailure: "Failed to submit inquiry. Please try again.",
  rateLimited:
    "You have sent several messages in a short time. Please wait a few minutes and try again.",
} as const;
