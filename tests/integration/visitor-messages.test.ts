import { asc } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setDatabase } from "~/db/client.server";
import { courses, messages, rateLimits } from "~/db/schema";
import { formMessages, HONEYPOT_FIELD } from "~/features/messages/intake/schema";
import {
  contactRow,
  DECOY_REFERENCES_FROM,
  handleContactForm,
  handleInquiryForm,
  inquiryRow,
  storeVisitorMessage,
} from "~/features/messages/intake/submit.server";
import { publicFormAddressLimit, reservePublicForm } from "~/lib/forms/public-form-limit.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import { logger } from "~/lib/infra/logger.server";
import { toFormData } from "../support/form-data";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeAll(async () => {
  // An inquiry's course of interest must be an active course's title.
  await database()
    .db.insert(courses)
    .values({ slug: "digital-marketing", title: "Digital Marketing", description: "A course" });
});

beforeEach(async () => {
  await database().db.delete(messages);
  await database().db.delete(rateLimits);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const USER_AGENT = "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile";
const REFERRER = "https://academy.example.ng/contact";

type Fields = Record<string, string>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The form's success text (the academy's wording), then the message's reference. */
const withReference = (success: string) =>
  new RegExp(`^${escapeRegExp(success)} Your reference is LTA-\\d{7}\\.$`);

/** The number of the reference a notice names. */
const referenceIn = (notice: string | null) => Number(notice?.match(/LTA-(\d{7})/)?.[1]);

function post(
  path: string,
  fields: Fields,
  {
    address = "197.210.54.10",
    body = "urlencoded" as "urlencoded" | "multipart",
    headers = {},
  } = {},
) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: body === "urlencoded" ? new URLSearchParams(fields) : toFormData(fields),
    headers: {
      ...(address ? { [CLIENT_ADDRESS_HEADER]: address } : {}),
      "user-agent": USER_AGENT,
      referer: REFERRER,
      ...headers,
    },
  });
}

/** The reply's HTTP status (`data()` without an init means 200). */
const statusOf = (reply: { init: ResponseInit | null }) => reply.init?.status ?? 200;

const storedMessages = () => database().db.select().from(messages).orderBy(asc(messages.createdAt));

const contactFields: Fields = {
  name: "  Chiamaka Eze ",
  email: "chiamaka@example.com",
  phone: "",
  subject: "Enrollment Inquiry",
  message: "How do I enrol for the next data science cohort?",
};

const inquiryFields: Fields = {
  fullName: "Ibrahim Musa",
  email: "ibrahim@example.ng",
  phone: "+234 802 000 1111",
  inquiryType: "I want to know about pricing",
  courseInterest: "Digital Marketing",
  contactMethod: "Email",
  message: "Is there an instalment plan?",
  consent: "on",
};

const origin = { ipAddress: "102.89.1.2", userAgent: "UA", referrer: "https://ref.example" };

describe("contactRow and inquiryRow", () => {
  it("map the contact form to a contact message", () => {
    expect(
      contactRow(
        {
          name: "Chiamaka Eze",
          email: "c@example.com",
          phone: "",
          subject: "Other",
          message: "A question about fees",
        },
        origin,
      ),
    ).toEqual({
      formType: "contact",
      fullName: "Chiamaka Eze",
      email: "c@example.com",
      phone: null,
      subject: "Other",
      message: "A question about fees",
      ipAddress: "102.89.1.2",
      userAgent: "UA",
      referrer: "https://ref.example",
    });
    const withPhone = contactRow(
      { name: "Ada", email: "a@b.co", phone: "0803", subject: "Other", message: "0123456789" },
      origin,
    );
    expect(withPhone.phone).toBe("0803");
  });

  it("map the inquiry form to an inquiry message, consent 'on' meaning consent given", () => {
    expect(
      inquiryRow(
        {
          fullName: "Ibrahim Musa",
          email: "i@example.ng",
          phone: undefined,
          inquiryType: "Other",
          courseInterest: undefined,
          contactMethod: undefined,
          message: undefined,
          consent: "on",
        },
        origin,
      ),
    ).toEqual({
      formType: "inquiry",
      fullName: "Ibrahim Musa",
      email: "i@example.ng",
      phone: null,
      inquiryType: "Other",
      courseInterest: null,
      contactMethod: null,
      message: null,
      consentGiven: true,
      ipAddress: "102.89.1.2",
      userAgent: "UA",
      referrer: "https://ref.example",
    });
  });
});

describe("storeVisitorMessage", () => {
  const row = contactRow(
    {
      name: "Chiamaka Eze",
      email: "c@example.com",
      phone: "",
      subject: "Other",
      message: "A question about fees",
    },
    origin,
  );

  it("stores the message as unread with normal priority", async () => {
    const outcome = await storeVisitorMessage(row, "");
    expect(outcome.status).toBe("stored");
    const stored = await storedMessages();
    expect(stored).toHaveLength(1);
    expect(outcome.status === "stored" && outcome.id).toBe(stored[0]?.id);
    expect(stored[0]).toMatchObject({
      ...row,
      status: "unread",
      priority: "normal",
      consentGiven: false,
      assignedTo: null,
      readAt: null,
      repliedAt: null,
    });
  });

  it("ignores a filled honeypot and stores nothing", async () => {
    expect(await storeVisitorMessage(row, "https://spam.example")).toEqual({ status: "ignored" });
    expect(await storedMessages()).toEqual([]);
  });

  it("refuses the sixth message from one address within the window", async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await storeVisitorMessage(row, undefined)).status).toBe("stored");
    }
    const sixth = await storeVisitorMessage(row, undefined);
    expect(sixth.status).toBe("rate-limited");
    if (sixth.status === "rate-limited") {
      expect(sixth.retryAfterSeconds).toBeGreaterThan(590);
      expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
    expect(await storedMessages()).toHaveLength(5);
    const other = await storeVisitorMessage({ ...row, ipAddress: "102.89.9.9" }, undefined);
    expect(other.status).toBe("stored");
  });
});

describe("handleContactForm", () => {
  it("stores a valid message with the visitor's address, browser and referrer", async () => {
    const reply = await handleContactForm(post("/contact", contactFields));
    expect(statusOf(reply)).toBe(200);
    expect(reply.data.notice).toMatch(
      /^Thank you for your message! We will get back to you within 24 hours\. Your reference is LTA-\d{7}\.$/,
    );
    // A reset reply: the form is cleared, with no errors.
    expect(reply.data.result).toEqual({ initialValue: null });

    const stored = await storedMessages();
    expect(stored).toHaveLength(1);
    expect(referenceIn(reply.data.notice)).toBe(stored[0]?.reference);
    expect(stored[0]).toMatchObject({
      formType: "contact",
      fullName: "Chiamaka Eze",
      email: "chiamaka@example.com",
      phone: null,
      subject: "Enrollment Inquiry",
      message: "How do I enrol for the next data science cohort?",
      inquiryType: null,
      courseInterest: null,
      contactMethod: null,
      consentGiven: false,
      ipAddress: "197.210.54.10",
      userAgent: USER_AGENT,
      referrer: REFERRER,
      status: "unread",
      priority: "normal",
    });
    expect(stored[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("accepts a multipart body as well", async () => {
    const reply = await handleContactForm(
      post("/contact", { ...contactFields, phone: "0803 555 0000" }, { body: "multipart" }),
    );
    expect(reply.data.notice).toMatch(withReference(formMessages.contactSuccess));
    const [stored] = await storedMessages();
    expect(stored?.phone).toBe("0803 555 0000");
  });

  it("answers invalid input with 400 and the field messages, storing nothing", async () => {
    const reply = await handleContactForm(
      post("/contact", { name: "A", email: "not-an-email", subject: "", message: "short" }),
    );
    expect(statusOf(reply)).toBe(400);
    expect(reply.data.notice).toBeNull();
    expect(reply.data.result.status).toBe("error");
    expect(reply.data.result.error).toEqual({
      name: ["Full name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      subject: ["Subject is required"],
      message: ["Message must be at least 10 characters"],
    });
    // The visitor's input comes back so the form can show it again.
    expect(reply.data.result.initialValue).toMatchObject({ name: "A", email: "not-an-email" });
    expect(await storedMessages()).toEqual([]);
  });

  it("answers an empty form with the required messages", async () => {
    const reply = await handleContactForm(post("/contact", {}));
    expect(statusOf(reply)).toBe(400);
    expect(reply.data.result.error).toEqual({
      name: ["Full name is required"],
      email: ["Email address is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
    expect(await storedMessages()).toEqual([]);
  });

  it("gives a bot that fills the honeypot the same success reply, storing nothing", async () => {
    const genuine = await handleContactForm(post("/contact", contactFields));
    await database().db.delete(messages);
    const bot = await handleContactForm(
      post("/contact", { ...contactFields, [HONEYPOT_FIELD]: "https://cheap-pills.example" }),
    );
    expect(statusOf(bot)).toBe(200);
    expect(bot.data.notice).toMatch(withReference(formMessages.contactSuccess));
    expect(bot.data.result).toEqual(genuine.data.result);
    expect(bot.init).toEqual(genuine.init);
    expect(await storedMessages()).toEqual([]);
    // The bot's reference is a new number, no message's.
    expect(referenceIn(bot.data.notice)).toBeGreaterThan(referenceIn(genuine.data.notice));
  });

  it("never shows a bot a visitor's reference, nor takes one from the visitors", async () => {
    const before = await handleContactForm(post("/contact", contactFields));
    const bot = await handleContactForm(
      post("/contact", { ...contactFields, [HONEYPOT_FIELD]: "spam" }, { address: "10.9.9.9" }),
    );
    const after = await handleContactForm(post("/contact", contactFields));
    const references = (await storedMessages()).map((message) => message.reference);
    expect(references).toEqual([referenceIn(before.data.notice), referenceIn(after.data.notice)]);
    expect(referenceIn(after.data.notice)).toBe(referenceIn(before.data.notice) + 1);
    expect(referenceIn(bot.data.notice)).not.toBe(referenceIn(after.data.notice));
    expect(referenceIn(bot.data.notice)).toBeGreaterThanOrEqual(DECOY_REFERENCES_FROM);
  });

  it("records a missing address, browser and referrer as null", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      body: new URLSearchParams(contactFields),
    });
    expect(request.headers.get("user-agent")).toBeNull();
    const reply = await handleContactForm(request);
    expect(reply.data.notice).toMatch(withReference(formMessages.contactSuccess));
    const [stored] = await storedMessages();
    expect(stored).toMatchObject({ ipAddress: null, userAgent: null, referrer: null });
  });

  it("cuts an overlong user agent and referrer to 500 characters", async () => {
    await handleContactForm(
      post("/contact", contactFields, {
        headers: { "user-agent": "U".repeat(800), referer: `https://x.example/${"r".repeat(800)}` },
      }),
    );
    const [stored] = await storedMessages();
    expect(stored?.userAgent).toBe("U".repeat(500));
    expect(stored?.referrer).toHaveLength(500);
  });

  it("answers with the service failure text (503) when the message cannot be stored", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const broken = new Proxy(database().db, {
      get(target, property, receiver) {
        if (property === "insert") {
          return () => {
            throw new Error("connection lost");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    setDatabase({ ...database(), db: broken });
    try {
      const reply = await handleContactForm(post("/contact", contactFields));
      expect(statusOf(reply)).toBe(503);
      expect(reply.data.notice).toBeNull();
      expect(reply.data.result.error).toEqual({
        "": ["Failed to submit contact form. Please try again."],
      });
      expect(errors).toHaveBeenCalled();
    } finally {
      setDatabase(database());
    }
    expect(await storedMessages()).toEqual([]);
  });
});

describe("handleInquiryForm", () => {
  it("stores a valid inquiry with consent and the visitor's details", async () => {
    const reply = await handleInquiryForm(post("/", inquiryFields, { address: "105.112.7.7" }));
    expect(statusOf(reply)).toBe(200);
    expect(reply.data.notice).toMatch(
      /^Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals\. Your reference is LTA-\d{7}\.$/,
    );
    expect(reply.data.result).toEqual({ initialValue: null });
    const stored = await storedMessages();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      formType: "inquiry",
      fullName: "Ibrahim Musa",
      email: "ibrahim@example.ng",
      phone: "+234 802 000 1111",
      subject: null,
      inquiryType: "I want to know about pricing",
      courseInterest: "Digital Marketing",
      contactMethod: "Email",
      message: "Is there an instalment plan?",
      consentGiven: true,
      ipAddress: "105.112.7.7",
      userAgent: USER_AGENT,
      referrer: REFERRER,
      status: "unread",
      priority: "normal",
    });
  });

  it("stores empty optional fields as null", async () => {
    await handleInquiryForm(
      post("/", {
        ...inquiryFields,
        phone: "",
        courseInterest: "",
        contactMethod: "",
        message: "   ",
      }),
    );
    const [stored] = await storedMessages();
    expect(stored).toMatchObject({
      phone: null,
      courseInterest: null,
      contactMethod: null,
      message: null,
      consentGiven: true,
    });
  });

  it("refuses an inquiry without consent (400), storing nothing", async () => {
    const { consent: _consent, ...withoutConsent } = inquiryFields;
    const reply = await handleInquiryForm(post("/", withoutConsent));
    expect(statusOf(reply)).toBe(400);
    expect(reply.data.notice).toBeNull();
    expect(reply.data.result.error).toEqual({
      consent: ["You must agree to the privacy policy to submit this form"],
    });
    expect(await storedMessages()).toEqual([]);
  });

  it("answers an empty form with the required messages", async () => {
    const reply = await handleInquiryForm(post("/", {}));
    expect(statusOf(reply)).toBe(400);
    expect(reply.data.result.error).toEqual({
      fullName: ["Full name is required"],
      email: ["Email address is required"],
      inquiryType: ["Purpose of inquiry is required"],
      consent: ["You must agree to the privacy policy to submit this form"],
    });
    expect(await storedMessages()).toEqual([]);
  });

  it("gives a bot that fills the honeypot the success reply, storing nothing", async () => {
    const reply = await handleInquiryForm(
      post("/", { ...inquiryFields, [HONEYPOT_FIELD]: "spam" }),
    );
    expect(statusOf(reply)).toBe(200);
    expect(reply.data.notice).toMatch(withReference(formMessages.inquirySuccess));
    expect(await storedMessages()).toEqual([]);
  });

  it("answers with the inquiry failure text (503) when the message cannot be stored", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const broken = new Proxy(database().db, {
      get(target, property, receiver) {
        if (property === "insert") {
          return () => {
            throw new Error("connection lost");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    setDatabase({ ...database(), db: broken });
    try {
      const reply = await handleInquiryForm(post("/", inquiryFields));
      expect(statusOf(reply)).toBe(503);
      expect(reply.data.result.error).toEqual({
        "": ["Failed to submit inquiry. Please try again."],
      });
    } finally {
      setDatabase(database());
    }
  });
});

describe("rate limit on the public forms", () => {
  it("refuses one visitor's sixth submission within 10 minutes (429), others still pass", async () => {
    const address = "41.58.100.1";
    // Both forms share one budget per visitor: an e-mail address from one network address.
    const sameVisitor = { ...inquiryFields, email: contactFields.email as string };
    for (let index = 0; index < 3; index += 1) {
      const reply = await handleContactForm(post("/contact", contactFields, { address }));
      expect(reply.data.notice).toMatch(withReference(formMessages.contactSuccess));
    }
    for (let index = 0; index < 2; index += 1) {
      const reply = await handleInquiryForm(post("/", sameVisitor, { address }));
      expect(reply.data.notice).toMatch(withReference(formMessages.inquirySuccess));
    }
    expect(await storedMessages()).toHaveLength(5);

    const sixth = await handleContactForm(post("/contact", contactFields, { address }));
    expect(statusOf(sixth)).toBe(429);
    expect(sixth.data.notice).toBeNull();
    expect(sixth.data.result.error).toEqual({
      "": [
        "You have sent several messages in a short time. Please wait a few minutes and try again.",
      ],
    });
    const retryAfter = Number(new Headers(sixth.init?.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const seventh = await handleInquiryForm(post("/", sameVisitor, { address }));
    expect(statusOf(seventh)).toBe(429);
    expect(await storedMessages()).toHaveLength(5);

    const other = await handleContactForm(
      post("/contact", contactFields, { address: "41.58.100.2" }),
    );
    expect(statusOf(other)).toBe(200);
    expect(other.data.notice).toMatch(withReference(formMessages.contactSuccess));
    const stored = await storedMessages();
    expect(stored).toHaveLength(6);
    expect(stored.filter((row) => row.ipAddress === address)).toHaveLength(5);
  });

  it("lets many people behind one mobile network address write, and stops a flood from it", async () => {
    const address = "102.88.34.1";
    for (let person = 0; person < 30; person += 1) {
      const fields = { ...contactFields, email: `person-${person}@example.com` };
      const reply = await handleContactForm(post("/contact", fields, { address }));
      expect(statusOf(reply), `person ${person}`).toBe(200);
    }
    for (let person = 30; person < publicFormAddressLimit.limit; person += 1)
      expect((await reservePublicForm(address, `person-${person}@example.com`)).allowed).toBe(true);
    const flood = await handleContactForm(
      post("/contact", { ...contactFields, email: "one-more@example.com" }, { address }),
    );
    expect(statusOf(flood)).toBe(429);
    expect(await storedMessages()).toHaveLength(30);
  });

  it("does not let a stranger who types someone's e-mail address lock them out", async () => {
    for (let index = 0; index < 6; index += 1)
      await handleContactForm(post("/contact", contactFields, { address: "41.58.1.1" }));
    const owner = await handleContactForm(
      post("/contact", contactFields, { address: "41.58.2.2" }),
    );
    expect(statusOf(owner)).toBe(200);
  });
});
