import { describe, expect, it } from "vitest";
import {
  nigerianWhatsAppNumber,
  replyMailto,
  whatsAppLink,
} from "~/features/messages/inbox/reply-links";
import {
  type InboxQuery,
  inboxHref,
  inboxSearch,
  parseInboxQuery,
} from "~/features/messages/list-url";
import { csvCell, csvRow } from "~/lib/text/csv";
import { INBOX_DEFAULTS, parseCsv } from "../support/inbox-fixtures";

describe("csvCell and csvRow", () => {
  it("quotes every cell and doubles the quotes inside", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(false)).toBe('"false"');
    expect(csvCell("")).toBe('""');
  });

  it("writes null and undefined as empty cells and dates as Lagos local time (UTC+1)", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2026-03-01T09:30:00.000Z"))).toBe('"2026-03-01 10:30"');
    // Late evening in UTC is already the next day in Lagos.
    expect(csvCell(new Date("2026-03-01T23:30:00.000Z"))).toBe('"2026-03-02 00:30"');
    expect(csvCell(new Date("2026-12-31T23:59:59.999Z"))).toBe('"2027-01-01 00:59"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Click")', '\'=HYPERLINK("http://evil.example","Click")'],
    ["+234 803 call me", "'+234 803 call me"],
    ["+1-2", "'+1-2"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("prefixes a formula-like text %j with an apostrophe", (input, shown) => {
    const cell = csvCell(input);
    expect(cell.startsWith("\"'")).toBe(true);
    expect(parseCsv(cell)).toEqual([[shown]]);
  });

  it.each([
    "+234 803 123 4567",
    "+2348031234567",
    "+44 (20) 7946-0958",
    "0803 123 4567",
    "08031234567",
  ])(
    "writes the phone number %j as a text constant, shown as it is and never as a number",
    (phone) => {
      expect(parseCsv(csvCell(phone))).toEqual([[`="${phone}"`]]);
    },
  );

  it("leaves texts that only contain formula characters later on alone", () => {
    expect(csvCell("Total = 5")).toBe('"Total = 5"');
    expect(csvCell("me@example.com")).toBe('"me@example.com"');
    expect(csvCell("2+2")).toBe('"2+2"');
  });

  it("quotes a formula-like text that also contains quotes both ways", () => {
    expect(csvCell('=A1&"x"')).toBe(`"'=A1&""x"""`);
  });

  it("joins a row with commas and ends it with CRLF; a parser gets the values back", () => {
    const values = ['Ngozi "Ngo" Okafor', "a,b", null, "=1+1", "multi\r\nline", 7];
    const row = csvRow(values);
    expect(row.endsWith("\r\n")).toBe(true);
    expect(row).toBe(`"Ngozi ""Ngo"" Okafor","a,b",,"'=1+1","multi\r\nline","7"\r\n`);
    expect(parseCsv(row)).toEqual([
      ['Ngozi "Ngo" Okafor', "a,b", "", "'=1+1", "multi\r\nline", "7"],
    ]);
  });
});

describe("replyMailto", () => {
  const subjectOf = (href: string) => new URL(href).searchParams.get("subject");

  it("replies to the sender with 'Re: ', the subject and the reference", () => {
    const href = replyMailto({
      email: "chiamaka@example.com",
      subject: "Enrollment Inquiry",
      inquiryType: null,
      reference: 1234,
    });
    expect(href).toBe(
      "mailto:chiamaka@example.com?subject=Re%3A%20Enrollment%20Inquiry%20%5BLTA-0001234%5D",
    );
    expect(subjectOf(href)).toBe("Re: Enrollment Inquiry [LTA-0001234]");
  });

  it("uses the inquiry type when there is no subject", () => {
    const href = replyMailto({
      email: "t@x.ng",
      subject: null,
      inquiryType: "Course Information",
      reference: 7,
    });
    expect(subjectOf(href)).toBe("Re: Course Information [LTA-0000007]");
  });

  it("prefers the subject over the inquiry type, and an empty subject counts as none", () => {
    const base = { email: "t@x.ng", inquiryType: "Pricing", reference: 1 };
    expect(subjectOf(replyMailto({ ...base, subject: "Fees" }))).toBe("Re: Fees [LTA-0000001]");
    expect(subjectOf(replyMailto({ ...base, subject: "" }))).toBe("Re: Pricing [LTA-0000001]");
  });

  it("does not stack 'Re:' or a second reference on a conversation started by e-mail", () => {
    const base = { email: "t@x.ng", inquiryType: null, reference: 12 };
    expect(subjectOf(replyMailto({ ...base, subject: "RE: Re: Weekend classes?" }))).toBe(
      "Re: Weekend classes? [LTA-0000012]",
    );
    expect(subjectOf(replyMailto({ ...base, subject: "Re: Fees [LTA-0000012]" }))).toBe(
      "Re: Fees [LTA-0000012]",
    );
    expect(subjectOf(replyMailto({ ...base, subject: "Re:" }))).toBe(
      "Re: Your message [LTA-0000012]",
    );
  });

  it("encodes characters of the address and subject that would break the link", () => {
    const href = replyMailto({
      email: "a+b@x.ng",
      subject: "Fees & dates?",
      inquiryType: null,
      reference: 12,
    });
    expect(href.startsWith("mailto:a%2Bb@x.ng?subject=")).toBe(true);
    expect(subjectOf(href)).toBe("Re: Fees & dates? [LTA-0000012]");
  });

  it("carries the draft as the body, and no body when the draft is blank", () => {
    const message = { email: "t@x.ng", subject: "Fees", inquiryType: null, reference: 3 };
    const draft = "Hello Tobi,\nThe fee is ₦150,000 & can be paid in 2 parts.";
    expect(new URL(replyMailto(message, draft)).searchParams.get("body")).toBe(draft);
    expect(replyMailto(message, "  \n ")).not.toContain("body=");
  });
});

describe("nigerianWhatsAppNumber", () => {
  it.each([
    "0803 123 4567",
    "+234 803 123 4567",
    "234-803-123-4567",
    "8031234567",
    "(0803) 123-4567",
    "+234 (0) 803 123 4567",
    "00234 803 123 4567",
    " 08031234567 ",
  ])("normalises %j to 2348031234567", (phone) => {
    expect(nigerianWhatsAppNumber(phone)).toBe("2348031234567");
  });

  it.each([
    null,
    undefined,
    "",
    "not a number",
    "0803 123 456",
    "0803 123 45678",
    "12345",
    "+1 (415) 555-0100 ext 2",
    "+44 20 7946 0958",
    "0000000000",
  ])("gives null for %j", (phone) => {
    expect(nigerianWhatsAppNumber(phone)).toBeNull();
  });
});

describe("whatsAppLink", () => {
  const inquiry = {
    fullName: "  Chiamaka Ngozi Eze ",
    phone: "0803 123 4567",
    contactMethod: "Phone / WhatsApp",
    courseInterest: "Data Science Bootcamp",
  };

  it("links to wa.me with the normalised number and a greeting naming the first name and course", () => {
    const href = whatsAppLink(inquiry);
    expect(href).not.toBeNull();
    const url = new URL(href ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/2348031234567");
    const text = url.searchParams.get("text") ?? "";
    expect(text).toMatch(/^Hello Chiamaka,/);
    expect(text).not.toContain("Ngozi");
    expect(text).toContain("Data Science Bootcamp");
  });

  it("greets without a course when none was chosen", () => {
    const text = new URL(whatsAppLink({ ...inquiry, courseInterest: null }) ?? "").searchParams.get(
      "text",
    );
    expect(text).toMatch(/^Hello Chiamaka,/);
    expect(text).not.toContain("about");
  });

  it("carries the draft reply instead of the greeting when there is one", () => {
    const draft = "Hello Chiamaka, the next intake starts on Monday, 5 January 2027.";
    const text = new URL(whatsAppLink(inquiry, draft) ?? "").searchParams.get("text");
    expect(text).toBe(draft);
    const blank = new URL(whatsAppLink(inquiry, "   ") ?? "").searchParams.get("text");
    expect(blank).toMatch(/^Hello Chiamaka,/);
  });

  it("is offered for any phone number, whichever contact method the sender chose", () => {
    for (const contactMethod of ["Email", null, "Phone / WhatsApp"]) {
      const message = { ...inquiry, contactMethod };
      expect(whatsAppLink(message)).toMatch(/^https:\/\/wa\.me\/2348031234567\?/);
    }
  });

  it("is null without a valid Nigerian number", () => {
    expect(whatsAppLink({ ...inquiry, phone: null })).toBeNull();
    expect(whatsAppLink({ ...inquiry, phone: "" })).toBeNull();
    expect(whatsAppLink({ ...inquiry, phone: "12345" })).toBeNull();
  });
});

describe("parseInboxQuery and inboxSearch", () => {
  const parse = (search: string) => parseInboxQuery(new URLSearchParams(search));

  it("gives the defaults for an empty query string, and an empty search for them", () => {
    expect(parse("")).toEqual(INBOX_DEFAULTS);
    expect(inboxSearch(INBOX_DEFAULTS)).toBe("");
    expect(inboxHref(INBOX_DEFAULTS)).toBe("/admin-portal/messages");
  });

  it("reads every field", () => {
    expect(
      parse(
        "tab=assigned&formType=inquiry&status=replied&priority=urgent&clock=due-soon&q=data+science&sort=unanswered&page=3",
      ),
    ).toEqual({
      tab: "assigned",
      formType: "inquiry",
      status: "replied",
      priority: "urgent",
      clock: "due-soon",
      q: "data science",
      sort: "unanswered",
      page: 3,
    });
  });

  it.each<InboxQuery>([
    { ...INBOX_DEFAULTS, tab: "unread" },
    { ...INBOX_DEFAULTS, tab: "inquiry", priority: "high", page: 2 },
    { ...INBOX_DEFAULTS, tab: "contact", status: "archived", sort: "oldest" },
    { ...INBOX_DEFAULTS, tab: "overdue", clock: "overdue", sort: "unanswered" },
    { ...INBOX_DEFAULTS, tab: "assigned", formType: "contact", q: "50% & _under_ #1 = +?" },
    { ...INBOX_DEFAULTS, status: "read", priority: "low", q: "Adébáyọ̀ Ọlá", page: 100_000 },
  ])("round-trips %j through the URL", (query) => {
    const search = inboxSearch(query);
    expect(search.startsWith("?")).toBe(true);
    expect(parse(search.slice(1))).toEqual(query);
    const href = inboxHref(query, "0b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11");
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/admin-portal/messages");
    expect(url.searchParams.get("id")).toBe("0b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11");
    expect(parseInboxQuery(url.searchParams)).toEqual(query);
  });

  it("leaves defaults out of the URL and keeps the open message", () => {
    expect(inboxSearch({ ...INBOX_DEFAULTS, page: 2 })).toBe("?page=2");
    expect(inboxSearch(INBOX_DEFAULTS, "abc")).toBe("?id=abc");
    expect(inboxSearch(INBOX_DEFAULTS, null)).toBe("");
  });

  it.each([
    ["tab=starred", { tab: "all" }],
    ["formType=newsletter", { formType: "" }],
    ["status=deleted", { status: "" }],
    ["status=UNREAD", { status: "" }],
    ["priority=critical", { priority: "" }],
    ["sort=alphabetical", { sort: "newest" }],
    ["clock=late", { clock: "" }],
    ["tab=Overdue", { tab: "all" }],
    ["page=0", { page: 1 }],
    ["page=-4", { page: 1 }],
    ["page=2.5", { page: 1 }],
    ["page=abc", { page: 1 }],
    ["page=100001", { page: 1 }],
    ["page=", { page: 1 }],
    ["q=%20%20spaced%20out%20%20", { q: "spaced out" }],
    [`q=${"x".repeat(201)}`, { q: "" }],
  ])("falls back for the bad value %j", (search, expected) => {
    expect(parse(search)).toEqual({ ...INBOX_DEFAULTS, ...expected });
  });

  it("keeps the good fields when another one is bad", () => {
    expect(parse("tab=unread&status=bogus&priority=high&page=nope")).toEqual({
      ...INBOX_DEFAULTS,
      tab: "unread",
      priority: "high",
    });
  });
});
