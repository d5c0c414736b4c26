import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { adminCreateSchema, adminEditSchema } from "~/features/admins/schema";
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from "~/features/auth/schema";
import { courseFormSchema } from "~/features/courses/admin/course-form-schema";
import { contactSchema, inquirySchema } from "~/features/messages/intake/schema";
import { courseFields } from "../support/course-fixtures";
import { toFormData } from "../support/form-data";

type Form = { schema: $ZodType; valid: Record<string, string | string[]>; textFields: string[] };

const admin = {
  name: "Ngozi Eze",
  email: "ngozi@example.com",
  phone: "0803 123 4567",
  password: "secret-42",
  role: "admin",
  is_active: "true",
};

/** Every form, a valid filling of it, and each of its fields where people type text. */
const forms: Record<string, Form> = {
  contact: {
    schema: contactSchema,
    valid: {
      name: "Adébáyọ̀ Ọkafọ́r",
      email: "ade@example.com",
      phone: "0803",
      subject: "Other",
      message: "Hello there,\nI have a question.",
    },
    textFields: ["name", "email", "phone", "message"],
  },
  inquiry: {
    schema: inquirySchema,
    valid: {
      fullName: "Ọkafọ́r",
      email: "o@example.com",
      phone: "0803",
      inquiryType: "Other",
      courseInterest: "Data Science",
      message: "Tell me more",
      consent: "on",
    },
    textFields: ["fullName", "email", "phone", "courseInterest", "message"],
  },
  login: {
    schema: loginSchema,
    valid: { email: "a@example.com", password: "secret-42" },
    textFields: ["email", "password"],
  },
  forgotPassword: {
    schema: forgotPasswordSchema,
    valid: { email: "a@example.com" },
    textFields: ["email"],
  },
  resetPassword: {
    schema: resetPasswordSchema,
    valid: { token: "abc123", password: "secret-42", confirmPassword: "secret-42" },
    textFields: ["token"],
  },
  adminCreate: {
    schema: adminCreateSchema,
    valid: admin,
    textFields: ["name", "email", "phone", "password"],
  },
  adminEdit: { schema: adminEditSchema, valid: admin, textFields: ["name", "phone"] },
  course: {
    schema: courseFormSchema,
    valid: courseFields(),
    textFields: [
      "title",
      "description",
      "duration",
      "certification",
      "schedule",
      "classSize",
      "location",
      "deliveryMethod",
      "learningOutcomes[0]",
      "prerequisites[0]",
      "skills[0]",
      "modules[0].title",
      "modules[0].description",
      "modules[0].topics",
      "faqs[0].question",
      "faqs[0].answer",
    ],
  },
};

const errorsOf = (form: Form, fields: Record<string, string | string[]>) => {
  const submission = parseWithZod(toFormData(fields), { schema: form.schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
};

describe("every form's text fields", () => {
  for (const [name, form] of Object.entries(forms)) {
    it(`${name}: accepts the valid filling`, () => {
      expect(errorsOf(form, form.valid)).toEqual({});
    });

    it(`${name}: refuses NUL and a right-to-left override in each text field`, () => {
      for (const field of form.textFields) {
        for (const bad of ["\u0000", "\u202E"]) {
          const errors = errorsOf(form, { ...form.valid, [field]: `ab${bad}cd@x.yz` });
          expect(Object.keys(errors), `${field} with U+${bad.codePointAt(0)}`).toContain(field);
        }
      }
    });
  }
});
