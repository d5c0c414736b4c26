import { describe, expect, it } from "vitest";
import type { Message } from "~/db/schema";
import {
  acknowledgementEmail,
  assignmentEmail,
  type MessageForEmail,
  officeClosedLine,
  reminderEmail,
} from "~/features/messages/message-emails.server";

const ID = "0b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11";
const URL = "https://academy.example.ng";

const inquiry: MessageForEmail = {
  id: ID,
  reference: 1234,
  formType: "inquiry",
  fullName: "Amaka Obi",
  email: "amaka@example.ng",
  phone: "+234 802 000 1111",
  subject: null,
  message: "Is there a weekend class?",
  inquiryType: "I'm interested in a course",
  courseInterest: "Data Analysis",
  contactMethod: "Email",
  createdAt: new Date("2026-03-03T09:00:00Z"),
  waitingSince: new Date("2026-03-03T09:00:00Z"),
};

const contact: MessageForEmail = {
  ...inquiry,
  formType: "contact",
  fullName: "Chiamaka Eze",
  subject: "Enrollment Inquiry",
  inquiryType: null,
  courseInterest: null,
  contactMethod: null,
  message: "How do I enrol for the next cohort?",
};

describe("the acknowledgement", () => {
  it("names the course and the reference in its subject", () => {
    const open = { officeOpen: true, publicUrl: URL };
    expect(acknowledgementEmail(inquiry, open).subject).toBe(
      "We received your inquiry about Data Analysis [LTA-0001234]",
    );
    expect(acknowledgementEmail({ ...inquiry, courseInterest: null }, open).subject).toBe(
      "We received your inquiry [LTA-0001234]",
    );
    expect(acknowledgementEmail(contact, open).subject).toBe(
      "We received your message [LTA-0001234]",
    );
  });

  it("greets by first name, repeats what was asked and the promise, and signs with the academy's details", () => {
    const { text } = acknowledgementEmail(inquiry, { officeOpen: true, publicUrl: URL });
    const lines = text.split("\n");
    expect(lines[0]).toBe("Hello Amaka,");
    expect(text).toContain("Its reference is LTA-0001234");
    expect(text).toContain("3 Mar 2026, 10:00 (Lagos time)");
    expect(lines).toContain("Form: Course inquiry");
    expect(lines).toContain("Course of interest: Data Analysis");
    expect(lines).toContain("Purpose: I'm interested in a course");
    // The visitor's own words are never sent back to the address they typed.
    expect(text).not.toContain("Is there a weekend class?");
    expect(lines).toContain("We will reply within 24 hours.");
    expect(text).not.toContain("closed");
    expect(lines).toContain("Lagos Tech Academy");
    expect(lines).toContain("12 Adeola Odeku Street, Victoria Island, Lagos, Nigeria");
    expect(lines).toContain("Phone: +234 803 123 4567, +234 812 765 4321");
    expect(lines).toContain("E-mail: hello@lagostechacademy.ng, admissions@lagostechacademy.ng");
    expect(lines.at(-1)).toBe(URL);
  });

  it("says the office is closed, with its hours, when it arrived outside them", () => {
    const { text } = acknowledgementEmail(contact, { officeOpen: false, publicUrl: URL });
    expect(officeClosedLine).toBe(
      "Our office is closed right now (office hours, Lagos time: Monday - Friday 9:00 - 18:00, Saturday 10:00 - 16:00, Sunday closed), but the 24 hours still count.",
    );
    const lines = text.split("\n");
    expect(lines[lines.indexOf("We will reply within 24 hours.") + 1]).toBe(officeClosedLine);
    expect(lines).toContain("Subject: Enrollment Inquiry");
  });

  it("never quotes the visitor's text, however long", () => {
    const planted = "Click https://evil.example to claim your prize";
    const { text } = acknowledgementEmail(
      { ...contact, message: `${planted}\n${"word ".repeat(300)}` },
      { officeOpen: true, publicUrl: URL },
    );
    expect(text).not.toContain(planted);
    expect(text).not.toContain("word word");
  });
});

describe("the assignment e-mail", () => {
  it("tells the assignee who assigned what, with the reference, the text and the link", () => {
    const email = assignmentEmail(
      { ...inquiry, status: "read" },
      {
        assigneeName: "Ngozi Eze",
        assignedBy: "Tunde Bakare",
        publicUrl: URL,
        now: new Date(inquiry.createdAt.getTime() + (5 * 60 + 30) * 60_000),
      },
    );
    expect(email.subject).toBe("Assigned to you: inquiry from Amaka Obi [LTA-0001234]");
    const lines = email.text.split("\n");
    expect(lines[0]).toBe("Hello Ngozi,");
    expect(email.text).toContain(
      "Tunde Bakare assigned you this inquiry. The visitor was promised a reply within 24 hours of when it arrived: waiting 5 h · 18 h left.",
    );
    expect(lines).toContain("Reference: LTA-0001234");
    expect(lines).toContain("From: Amaka Obi <amaka@example.ng>");
    expect(lines).toContain("Form: Course inquiry");
    expect(lines).toContain("Course of interest: Data Analysis");
    expect(lines).toContain("Is there a weekend class?");
    expect(lines.at(-1)).toBe(`Open it in the portal: ${URL}/admin-portal/messages?id=${ID}`);
  });

  it("sent late (after a restart), says the message is overdue", () => {
    const late = new Date(contact.createdAt.getTime() + 27.5 * 60 * 60 * 1000);
    const email = reminderEmail(contact, URL, late);
    expect(email.subject).toBe("Reminder: Chiamaka Eze's message [LTA-0001234]: overdue by 3 h");
    expect(email.text).toContain("has no reply yet: overdue by 3 h.");
  });
});

describe("the assignment e-mail of a late or answered message", () => {
  const assigned = (status: Message["status"], hours: number) =>
    assignmentEmail(
      { ...inquiry, status },
      {
        assigneeName: "Ngozi Eze",
        assignedBy: null,
        publicUrl: URL,
        now: new Date(inquiry.createdAt.getTime() + hours * 60 * 60_000),
      },
    ).text;

  it("says how late it is, or nothing of the clock once replied", () => {
    expect(assigned("unread", 27.5)).toContain("of when it arrived: overdue by 3 h.");
    expect(assigned("replied", 27.5)).toContain("of when it arrived. It has been replied to.");
  });
});

describe("the reminder", () => {
  it("says how long the message waited and how much is left, with the link", () => {
    const twentyHoursIn = new Date(contact.createdAt.getTime() + 20 * 60 * 60 * 1000 + 60_000);
    const email = reminderEmail(contact, URL, twentyHoursIn);
    expect(email.subject).toBe("Reminder: Chiamaka Eze's message [LTA-0001234]: 3 h left");
    const lines = email.text.split("\n");
    expect(lines[0]).toBe(
      "Reminder: Chiamaka Eze's message [LTA-0001234] has no reply yet: waiting 20 h · 3 h left. The visitor was promised a reply within 24 hours.",
    );
    expect(lines).toContain("Subject: Enrollment Inquiry");
    expect(lines.at(-1)).toBe(`Open it in the portal: ${URL}/admin-portal/messages?id=${ID}`);
  });
});
