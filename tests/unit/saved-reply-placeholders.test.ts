import { describe, expect, it } from "vitest";
import { parseInboxAction } from "~/features/messages/inbox/inbox-schema";
import {
  buildReplyContext,
  fillPlaceholders,
  type ReplyContext,
  type ReplyCourse,
  replyPlaceholders,
  unfilledPlaceholders,
  unknownPlaceholders,
} from "~/features/saved-replies/placeholders";

const PUBLIC_URL = "https://lagostechacademy.ng";
// 10:30 in Lagos on Wednesday 11 March 2026.
const NOW = new Date("2026-03-11T09:30:00Z");

const course: ReplyCourse = {
  title: "Data Analysis with Excel & Power BI",
  price: 250_000,
  startDates: ["2026-05-04", "2026-04-06"],
  brochureUrl: "/files/course-assets/brochures/course-1-brochure-1.pdf",
  slug: "data-analysis-excel-power-bi",
};

const contextFor = (overrides: Partial<ReplyCourse> | null, fullName = "Chiamaka Obi", now = NOW) =>
  buildReplyContext({
    fullName,
    course: overrides === null ? null : { ...course, ...overrides },
    publicUrl: PUBLIC_URL,
    now,
  });

const ALL = "{name}|{course}|{price}|{next_session}|{brochure_link}";

describe("a reply with a placeholder left in it", () => {
  it("is refused before it is sent, naming what to fill in", () => {
    const id = "5b1e4c3a-0000-4000-8000-00000000abcd";
    const form = new FormData();
    form.set("intent", "reply");
    form.set("id", id);
    form.set("body", "Hello, {course} starts on {next_session}.");
    expect(parseInboxAction(form)).toEqual({
      error: "Fill in {course}, {next_session} before sending the reply",
    });
  });
});

describe("replyPlaceholders", () => {
  it("names the five placeholders, each with a description for the help text", () => {
    expect(replyPlaceholders.map((placeholder) => placeholder.name)).toEqual([
      "name",
      "course",
      "price",
      "next_session",
      "brochure_link",
    ]);
    for (const placeholder of replyPlaceholders) expect(placeholder.description).not.toBe("");
  });
});

describe("fillPlaceholders with a course", () => {
  it("fills every placeholder: first name, title, fee in Naira, next date, absolute brochure", () => {
    expect(fillPlaceholders(ALL, contextFor({})).split("|")).toEqual([
      "Chiamaka",
      "Data Analysis with Excel & Power BI",
      "₦250,000",
      "Monday, 6 April 2026",
      `${PUBLIC_URL}/files/course-assets/brochures/course-1-brochure-1.pdf`,
    ]);
  });

  it("uses the first word of the full name, whatever the spacing", () => {
    expect(fillPlaceholders("Hello {name}", contextFor({}, "  Adébáyọ̀   Okonkwo-Eze "))).toBe(
      "Hello Adébáyọ̀",
    );
    expect(fillPlaceholders("Hello {name}", contextFor({}, "Tunde"))).toBe("Hello Tunde");
  });

  it("skips start dates before today and counts today itself", () => {
    expect(
      fillPlaceholders("{next_session}", contextFor({ startDates: ["2026-03-10", "2026-03-11"] })),
    ).toBe("Wednesday, 11 March 2026");
    expect(
      fillPlaceholders("{next_session}", contextFor({ startDates: ["2026-01-05", "2026-03-10"] })),
    ).toBe("the next intake (date to be announced)");
  });

  it("says the date is to be announced when the course has no start date", () => {
    expect(fillPlaceholders("{next_session}", contextFor({ startDates: [] }))).toBe(
      "the next intake (date to be announced)",
    );
  });

  it("takes 'today' in Lagos: 23:30 UTC the day before a start date is already that day", () => {
    const lateEvening = new Date("2026-04-05T23:30:00Z"); // 00:30 on 6 April in Lagos
    expect(
      fillPlaceholders(
        "{next_session}",
        contextFor({ startDates: ["2026-04-06", "2026-05-04"] }, "Ada", lateEvening),
      ),
    ).toBe("Monday, 6 April 2026");
    const laterStill = new Date("2026-04-06T23:30:00Z"); // 00:30 on 7 April in Lagos
    expect(
      fillPlaceholders(
        "{next_session}",
        contextFor({ startDates: ["2026-04-06", "2026-05-04"] }, "Ada", laterStill),
      ),
    ).toBe("Monday, 4 May 2026");
  });

  it("keeps an absolute brochure URL (object storage) as it is", () => {
    const stored = "https://cdn.example.ng/course-assets/brochures/course-1-brochure-2.pdf";
    expect(fillPlaceholders("{brochure_link}", contextFor({ brochureUrl: stored }))).toBe(stored);
  });

  it("links to the course page when the course has no brochure", () => {
    expect(fillPlaceholders("{brochure_link}", contextFor({ brochureUrl: null }))).toBe(
      `${PUBLIC_URL}/course/data-analysis-excel-power-bi`,
    );
  });

  it("formats a fee in the millions like the public site", () => {
    expect(fillPlaceholders("{price}", contextFor({ price: 1_500_000 }))).toBe("₦1,500,000");
  });
});

describe("fillPlaceholders without a course", () => {
  it("leaves a placeholder without a value as written, for the composer to point out", () => {
    const filled = fillPlaceholders(ALL, contextFor(null));
    expect(filled.split("|")).toEqual([
      "Chiamaka",
      "{course}",
      "{price}",
      "{next_session}",
      `${PUBLIC_URL}/courses`,
    ]);
    expect(unfilledPlaceholders(filled)).toEqual(["{course}", "{price}", "{next_session}"]);
  });

  it("leaves every null value's placeholder, and names each once in the form it is known by", () => {
    const empty: ReplyContext = {
      name: null,
      course: null,
      price: null,
      nextSession: null,
      brochureLink: null,
    };
    expect(fillPlaceholders(ALL, empty)).toBe(ALL);
    expect(unfilledPlaceholders("{ Name } and {name}, {discount}, {brochure_link}")).toEqual([
      "{name}",
      "{brochure_link}",
    ]);
    expect(unfilledPlaceholders(fillPlaceholders(ALL, contextFor({})))).toEqual([]);
  });
});

describe("unknownPlaceholders", () => {
  it("names the misspelt ones as written, and none in a text without", () => {
    expect(unknownPlaceholders("{nmae}, {course}, { Cours }, {next session}, {}")).toEqual([
      "{nmae}",
      "{ Cours }",
    ]);
    expect(unknownPlaceholders(ALL)).toEqual([]);
  });
});

describe("placeholder syntax", () => {
  const context = contextFor({});

  it("matches names in any case, with spaces inside the braces", () => {
    expect(fillPlaceholders("{ Name }, {COURSE}, {  next_SESSION\t}, { price}", context)).toBe(
      "Chiamaka, Data Analysis with Excel & Power BI, Monday, 6 April 2026, ₦250,000",
    );
  });

  it("fills every occurrence", () => {
    expect(fillPlaceholders("{name} {name} {name}", context)).toBe("Chiamaka Chiamaka Chiamaka");
  });

  it("leaves unknown placeholders and other braces as they are", () => {
    expect(fillPlaceholders("{name}: {discount} {next session} {} {{course}} {name", context)).toBe(
      "Chiamaka: {discount} {next session} {} {Data Analysis with Excel & Power BI} {name",
    );
  });

  it("does not read a placeholder's value as a placeholder again", () => {
    expect(fillPlaceholders("{name}", { ...context, name: "{course}" })).toBe("{course}");
  });

  it("leaves a template without placeholders unchanged, line breaks included", () => {
    const text = "Good morning,\n\nThank you for writing.\tRegards";
    expect(fillPlaceholders(text, context)).toBe(text);
  });
});
