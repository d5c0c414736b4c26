import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  contactMethods,
  contactSchema,
  contactSubjects,
  HONEYPOT_FIELD,
  inquirySchema,
  inquiryTypes,
} from "~/features/messages/intake/schema";
import { toFormData } from "../support/form-data";

function parseContact(fields: Record<string, string>) {
  return parseWithZod(toFormData(fields), { schema: contactSchema });
}

function parseInquiry(fields: Record<string, string>) {
  return parseWithZod(toFormData(fields), { schema: inquirySchema });
}

/** The field errors of a failed parse (fails the test if the parse succeeded). */
function errorsOf(submission: {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
}) {
  expect(submission.status).toBe("error");
  return submission.error ?? {};
}

/** The message a field shows (the form shows the first error of a field). */
function shown(errors: Record<string, string[] | null>, field: string) {
  return errors[field]?.[0];
}

const validContact = {
  name: "Adaeze Okafor",
  email: "adaeze@example.com",
  phone: "+234 803 123 4567",
  subject: "Course Information",
  message: "I would like to know more about your courses.",
};

const validInquiry = {
  fullName: "Tunde Bakare",
  email: "tunde@example.ng",
  phone: "08031234567",
  inquiryType: "I'm interested in a course",
  courseInterest: "Full Stack Web Development",
  contactMethod: "Phone / WhatsApp",
  message: "When does the next cohort start?",
  consent: "on",
};

const longEmail = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

describe("contact form schema", () => {
  it("accepts a complete message and trims every value", () => {
    const submission = parseContact({
      name: "  Adaeze Okafor  ",
      email: " adaeze@example.com ",
      phone: "  0803 123 4567 ",
      subject: "Technical Support",
      message: "   My login does not work at all.   ",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Adaeze Okafor",
      email: "adaeze@example.com",
      phone: "0803 123 4567",
      subject: "Technical Support",
      message: "My login does not work at all.",
    });
  });

  it("gives every required message when the form is empty", () => {
    const errors = errorsOf(parseContact({}));
    expect(errors).toEqual({
      name: ["Full name is required"],
      email: ["Email address is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });

  it("gives the required messages for empty strings", () => {
    const errors = errorsOf(parseContact({ name: "", email: "", subject: "", message: "" }));
    expect(shown(errors, "name")).toBe("Full name is required");
    expect(shown(errors, "email")).toBe("Email address is required");
    expect(shown(errors, "subject")).toBe("Subject is required");
    expect(shown(errors, "message")).toBe("Message is required");
  });

  it("treats blank (whitespace-only) values as missing", () => {
    const errors = errorsOf(
      parseContact({ name: "   ", email: " \t ", subject: "  ", message: "   " }),
    );
    expect(shown(errors, "name")).toBe("Full name is required");
    expect(shown(errors, "email")).toBe("Email address is required");
    expect(shown(errors, "subject")).toBe("Subject is required");
    expect(shown(errors, "message")).toBe("Message is required");
  });

  it("needs a name of at least 2 characters after trimming", () => {
    expect(errorsOf(parseContact({ ...validContact, name: "A" }))).toEqual({
      name: ["Full name must be at least 2 characters"],
    });
    expect(errorsOf(parseContact({ ...validContact, name: "  A  " }))).toEqual({
      name: ["Full name must be at least 2 characters"],
    });
    expect(parseContact({ ...validContact, name: "Al" }).status).toBe("success");
  });

  it("needs a valid e-mail address", () => {
    for (const email of [
      "adaeze",
      "adaeze@example",
      "@example.com",
      "adaeze@.com",
      "ada eze@example.com",
      "adaeze@@example.com",
      "adaeze@example.",
    ]) {
      expect(errorsOf(parseContact({ ...validContact, email })), email).toEqual({
        email: ["Please enter a valid email address"],
      });
    }
    for (const email of ["a@b.co", "first.last+tag@mail.example.com.ng"]) {
      expect(parseContact({ ...validContact, email }).status, email).toBe("success");
    }
  });

  it("accepts each subject option and only those", () => {
    expect([...contactSubjects]).toEqual([
      "Course Information",
      "Enrollment Inquiry",
      "Technical Support",
      "Partnership Opportunities",
      "Career Guidance",
      "Other",
    ]);
    for (const subject of contactSubjects) {
      expect(parseContact({ ...validContact, subject }).status, subject).toBe("success");
    }
    for (const subject of ["Something else", "other", "course information"]) {
      expect(errorsOf(parseContact({ ...validContact, subject })), subject).toEqual({
        subject: ["Subject is required"],
      });
    }
  });

  it("needs a message of at least 10 characters after trimming", () => {
    expect(errorsOf(parseContact({ ...validContact, message: "Too short" }))).toEqual({
      message: ["Message must be at least 10 characters"],
    });
    expect(errorsOf(parseContact({ ...validContact, message: "   123456789   " }))).toEqual({
      message: ["Message must be at least 10 characters"],
    });
    expect(parseContact({ ...validContact, message: "1234567890" }).status).toBe("success");
  });

  it("leaves the phone optional", () => {
    const { phone: _phone, ...withoutPhone } = validContact;
    const missing = parseContact(withoutPhone);
    expect(missing.status).toBe("success");
    expect(missing.status === "success" && missing.value.phone).toBeUndefined();
    const empty = parseContact({ ...validContact, phone: "" });
    expect(empty.status).toBe("success");
    expect(empty.status === "success" && empty.value.phone).toBeUndefined();
  });

  it("limits the lengths of name, e-mail, phone and message", () => {
    const atLimit = parseContact({
      ...validContact,
      name: "N".repeat(120),
      email: longEmail(254),
      phone: "1".repeat(40),
      message: "m".repeat(5000),
    });
    expect(atLimit.status).toBe("success");

    const overLimit = parseContact({
      ...validContact,
      name: "N".repeat(121),
      email: longEmail(255),
      phone: "1".repeat(41),
      message: "m".repeat(5001),
    });
    expect(errorsOf(overLimit)).toEqual({
      name: ["Full name must be at most 120 characters"],
      email: ["Email address must be at most 254 characters"],
      phone: ["Phone number must be at most 40 characters"],
      message: ["Message must be at most 5,000 characters"],
    });
  });

  it("measures the limits after trimming", () => {
    const padded = parseContact({ ...validContact, name: `  ${"N".repeat(120)}  ` });
    expect(padded.status).toBe("success");
  });

  it("lets the honeypot field through without making it required", () => {
    const filled = parseContact({ ...validContact, [HONEYPOT_FIELD]: "http://spam.example" });
    expect(HONEYPOT_FIELD).toBe("website");
    expect(filled.status).toBe("success");
    expect(filled.status === "success" && filled.value.website).toBe("http://spam.example");
  });
});

describe("inquiry form schema", () => {
  it("accepts a complete inquiry and trims the text", () => {
    const submission = parseInquiry({
      ...validInquiry,
      fullName: "  Tunde Bakare ",
      email: " tunde@example.ng  ",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual(validInquiry);
  });

  it("accepts only the required fields", () => {
    const submission = parseInquiry({
      fullName: "Tunde Bakare",
      email: "tunde@example.ng",
      inquiryType: "General questions",
      consent: "on",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      fullName: "Tunde Bakare",
      email: "tunde@example.ng",
      inquiryType: "General questions",
      consent: "on",
    });
  });

  it("treats empty optional fields as absent", () => {
    const submission = parseInquiry({
      ...validInquiry,
      phone: "",
      courseInterest: "",
      contactMethod: "",
      message: "",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.phone).toBeUndefined();
    expect(submission.value.courseInterest).toBeUndefined();
    expect(submission.value.contactMethod).toBeUndefined();
    expect(submission.value.message).toBeUndefined();
  });

  it("gives every required message when the form is empty", () => {
    expect(errorsOf(parseInquiry({}))).toEqual({
      fullName: ["Full name is required"],
      email: ["Email address is required"],
      inquiryType: ["Purpose of inquiry is required"],
      consent: ["You must agree to the privacy policy to submit this form"],
    });
  });

  it("treats blank values as missing", () => {
    const errors = errorsOf(
      parseInquiry({ ...validInquiry, fullName: "    ", email: "   ", inquiryType: "   " }),
    );
    expect(shown(errors, "fullName")).toBe("Full name is required");
    expect(shown(errors, "email")).toBe("Email address is required");
    expect(shown(errors, "inquiryType")).toBe("Purpose of inquiry is required");
  });

  it("needs a full name of at least 2 characters", () => {
    expect(errorsOf(parseInquiry({ ...validInquiry, fullName: "T" }))).toEqual({
      fullName: ["Full name must be at least 2 characters"],
    });
    expect(errorsOf(parseInquiry({ ...validInquiry, fullName: " T " }))).toEqual({
      fullName: ["Full name must be at least 2 characters"],
    });
  });

  it("needs a valid e-mail address", () => {
    for (const email of ["tunde", "tunde@example", "tunde@ example.ng", "tunde.example.ng"]) {
      expect(errorsOf(parseInquiry({ ...validInquiry, email })), email).toEqual({
        email: ["Please enter a valid email address"],
      });
    }
  });

  it("accepts each purpose of inquiry and only those", () => {
    expect([...inquiryTypes]).toEqual([
      "I'm interested in a course",
      "I want to know about pricing",
      "Partnership / collaboration",
      "General questions",
      "Other",
    ]);
    for (const inquiryType of inquiryTypes) {
      expect(parseInquiry({ ...validInquiry, inquiryType }).status, inquiryType).toBe("success");
    }
    expect(errorsOf(parseInquiry({ ...validInquiry, inquiryType: "Pricing" }))).toEqual({
      inquiryType: ["Purpose of inquiry is required"],
    });
  });

  it("accepts the two contact methods and rejects others", () => {
    expect([...contactMethods]).toEqual(["Email", "Phone / WhatsApp"]);
    for (const contactMethod of contactMethods) {
      expect(parseInquiry({ ...validInquiry, contactMethod }).status, contactMethod).toBe(
        "success",
      );
    }
    const errors = errorsOf(parseInquiry({ ...validInquiry, contactMethod: "Carrier pigeon" }));
    expect(Object.keys(errors)).toEqual(["contactMethod"]);
  });

  it("needs the consent box ticked", () => {
    const { consent: _consent, ...withoutConsent } = validInquiry;
    const message = "You must agree to the privacy policy to submit this form";
    expect(errorsOf(parseInquiry(withoutConsent))).toEqual({ consent: [message] });
    expect(errorsOf(parseInquiry({ ...validInquiry, consent: "" }))).toEqual({
      consent: [message],
    });
    expect(errorsOf(parseInquiry({ ...validInquiry, consent: "off" }))).toEqual({
      consent: [message],
    });
  });

  it("limits the lengths of the text fields", () => {
    const atLimit = parseInquiry({
      ...validInquiry,
      fullName: "N".repeat(120),
      email: longEmail(254),
      phone: "1".repeat(40),
      message: "m".repeat(5000),
    });
    expect(atLimit.status).toBe("success");
    const overLimit = parseInquiry({
      ...validInquiry,
      fullName: "N".repeat(121),
      email: longEmail(255),
      phone: "1".repeat(41),
      message: "m".repeat(5001),
    });
    expect(errorsOf(overLimit)).toEqual({
      fullName: ["Full name must be at most 120 characters"],
      email: ["Email address must be at most 254 characters"],
      phone: ["Phone number must be at most 40 characters"],
      message: ["Message must be at most 5,000 characters"],
    });
  });

  it("does not require a minimum message length", () => {
    expect(parseInquiry({ ...validInquiry, message: "Hi" }).status).toBe("success");
  });
});
