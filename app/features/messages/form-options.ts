// The public forms' choices, limits and texts (the academy's wording; tests hold it). Plain data,
// without zod, so a page can show a form without downloading its validation.

export const inquiryTypes = [
  "I'm interested in a course",
  "I want to know about pricing",
  "Partnership / collaboration",
  "General questions",
  "Other",
] as const;

/** The inquiry type of a visitor who asks about one course. */
export const courseInquiryType: (typeof inquiryTypes)[number] = "I'm interested in a course";

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

export { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

export const formMessages = {
  contactSuccess: "Thank you for your message! We will get back to you within 24 hours.",
  contactFailure: "Failed to submit message. Please try again.",
  contactServiceFailure: "Failed to submit contact form. Please try again.",
  inquirySuccess:
    "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.",
  inquiryFailure: "Failed to submit inquiry. Please try again.",
  unknownCourse: "Please choose a course from the list",
  rateLimited:
    "You have sent several messages in a short time. Please wait a few minutes and try again.",
} as const;
