import { describe, expect, it } from "vitest";
import {
  calendarDate,
  formatDateTime,
  formatFullDate,
  formatMonthYear,
  formatShortDate,
  LAGOS_TIME_ZONE,
  lagosToday,
  startOfLagosDay,
} from "~/lib/format/dates";
import { formatFileSize } from "~/lib/format/file-size";
import { formatNaira, koboFromNaira, nairaFromKobo } from "~/lib/format/money";
import { clampRating, ratingStars } from "~/lib/format/rating";
import { slugify, slugPattern } from "~/lib/text/slug";

describe("formatFileSize", () => {
  it("shows megabytes with one decimal, and kilobytes under 1 MB", () => {
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe("1.2 MB");
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10.0 MB");
    expect(formatFileSize(9011)).toBe("8.8 KB");
    expect(formatFileSize(300)).toBe("0.3 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1.0 MB");
    expect(formatFileSize(1023.9 * 1024)).toBe("1,023.9 KB");
  });
});

describe("formatNaira", () => {
  it("shows kobo as whole Naira with the ₦ sign and thousands separators", () => {
    expect(formatNaira(25_000_000)).toBe("₦250,000");
    expect(formatNaira(150_000_000)).toBe("₦1,500,000");
    expect(formatNaira(99_900)).toBe("₦999");
    expect(formatNaira(0)).toBe("₦0");
  });

  it("shows the kobo only when there are some", () => {
    expect(formatNaira(125_050)).toBe("₦1,250.50");
    expect(formatNaira(125_001)).toBe("₦1,250.01");
    expect(formatNaira(1)).toBe("₦0.01");
  });

  it("converts between the Naira a person types and kobo", () => {
    expect(koboFromNaira(250_000)).toBe(25_000_000);
    expect(koboFromNaira(1_250.5)).toBe(125_050);
    // Binary fractions never leave a stray kobo: 0.29 Naira is 29 kobo, not 28.999…
    expect(koboFromNaira(0.29)).toBe(29);
    expect(nairaFromKobo(25_000_000)).toBe(250_000);
  });
});

describe("slugify", () => {
  it("lower-cases and joins words with hyphens", () => {
    expect(slugify("Full Stack Web Development")).toBe("full-stack-web-development");
  });

  it("trims and removes punctuation", () => {
    expect(slugify("  Data Science & AI!  ")).toBe("data-science-ai");
    expect(slugify("UX/UI Design 101")).toBe("uxui-design-101");
    expect(slugify("What's New? (2026 Edition)")).toBe("whats-new-2026-edition");
  });

  it("turns runs of spaces, underscores or hyphens into one hyphen", () => {
    expect(slugify("a   b")).toBe("a-b");
    expect(slugify("a__b")).toBe("a-b");
    expect(slugify("a - _ b")).toBe("a-b");
    expect(slugify("a\t\nb")).toBe("a-b");
  });

  it("trims leading and trailing hyphens", () => {
    expect(slugify("--Python--")).toBe("python");
    expect(slugify("_python_")).toBe("python");
    expect(slugify("!Python?")).toBe("python");
  });

  it("gives an empty slug for punctuation only", () => {
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("produces slugs that match the slug pattern", () => {
    for (const title of ["Full Stack Web Development", "  Data Science & AI!  ", "a - _ b 2"]) {
      expect(slugify(title)).toMatch(slugPattern);
    }
    expect("Upper-Case").not.toMatch(slugPattern);
    expect("double--hyphen").not.toMatch(slugPattern);
    expect("-leading").not.toMatch(slugPattern);
    expect("trailing-").not.toMatch(slugPattern);
    expect("has space").not.toMatch(slugPattern);
  });
});

describe("rating", () => {
  it("clamps to 0-5 and treats non-numbers as 0", () => {
    expect(clampRating(4.5)).toBe(4.5);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(-2)).toBe(0);
    expect(clampRating(null)).toBe(0);
    expect(clampRating(undefined)).toBe(0);
    expect(clampRating(Number.NaN)).toBe(0);
    expect(clampRating(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("draws five stars with half stars", () => {
    expect(ratingStars(4.5)).toEqual(["full", "full", "full", "full", "half"]);
    expect(ratingStars(3)).toEqual(["full", "full", "full", "empty", "empty"]);
    expect(ratingStars(0.5)).toEqual(["half", "empty", "empty", "empty", "empty"]);
    expect(ratingStars(2.5)).toEqual(["full", "full", "half", "empty", "empty"]);
  });

  it("rounds to the nearest half star", () => {
    expect(ratingStars(4.2)).toEqual(["full", "full", "full", "full", "empty"]);
    expect(ratingStars(4.3)).toEqual(["full", "full", "full", "full", "half"]);
    expect(ratingStars(4.7)).toEqual(["full", "full", "full", "full", "half"]);
    expect(ratingStars(4.8)).toEqual(["full", "full", "full", "full", "full"]);
  });

  it("clamps out-of-range ratings", () => {
    expect(ratingStars(9)).toEqual(["full", "full", "full", "full", "full"]);
    expect(ratingStars(-1)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(ratingStars(null)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
  });
});

describe("Lagos dates", () => {
  // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos (UTC+1, no daylight saving).
  const lateEvening = new Date("2026-03-01T23:30:00Z");

  it("uses the Africa/Lagos time zone", () => {
    expect(LAGOS_TIME_ZONE).toBe("Africa/Lagos");
  });

  it("knows the Lagos calendar day around midnight", () => {
    expect(lagosToday(lateEvening)).toBe("2026-03-02");
    expect(lagosToday(new Date("2026-03-01T22:59:59Z"))).toBe("2026-03-01");
    expect(lagosToday(new Date("2026-03-01T23:00:00Z"))).toBe("2026-03-02");
    expect(lagosToday(new Date("2026-12-31T23:15:00Z"))).toBe("2027-01-01");
  });

  it("finds the instant the Lagos day began", () => {
    expect(startOfLagosDay(lateEvening).toISOString()).toBe("2026-03-01T23:00:00.000Z");
    expect(startOfLagosDay(new Date("2026-03-01T22:59:59Z")).toISOString()).toBe(
      "2026-02-28T23:00:00.000Z",
    );
    expect(startOfLagosDay(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe(
      "2026-07-14T23:00:00.000Z",
    );
  });

  it("formats instants in Lagos time", () => {
    expect(formatFullDate(lateEvening)).toBe("Monday, 2 March 2026");
    expect(formatMonthYear(lateEvening)).toBe("Mar 2026");
    expect(formatShortDate(lateEvening)).toBe("2 Mar 2026");
    expect(formatDateTime(lateEvening)).toBe("2 Mar 2026, 00:30");
    expect(formatShortDate("2026-03-01T23:30:00Z")).toBe("2 Mar 2026");
  });

  it("formats calendar dates (YYYY-MM-DD) as that same day", () => {
    expect(calendarDate("2026-04-06").toISOString()).toBe("2026-04-06T11:00:00.000Z");
    expect(formatFullDate("2026-04-06")).toBe("Monday, 6 April 2026");
    expect(formatMonthYear("2026-04-06")).toBe("Apr 2026");
    expect(formatShortDate("2026-01-01")).toBe("1 Jan 2026");
    expect(formatShortDate("2026-12-31")).toBe("31 Dec 2026");
  });
});
