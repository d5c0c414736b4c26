import { describe, expect, it } from "vitest";
import {
  closingText,
  earlyBirdText,
  nextStartText,
  placesLeftText,
} from "~/features/intakes/intake-wording";

describe("placesLeftText", () => {
  it("counts the places left while there are more than three", () => {
    expect(placesLeftText(20, 0)).toBe("20 of 20 places left");
    expect(placesLeftText(20, 14)).toBe("6 of 20 places left");
    expect(placesLeftText(20, 16)).toBe("4 of 20 places left");
  });

  it("says 'Last 3 places', 'Last 2 places', 'Last place', then 'Full'", () => {
    expect(placesLeftText(20, 17)).toBe("Last 3 places");
    expect(placesLeftText(20, 18)).toBe("Last 2 places");
    expect(placesLeftText(20, 19)).toBe("Last place");
    expect(placesLeftText(20, 20)).toBe("Full");
    // More taken than seats (seats lowered after the fact) still reads 'Full'.
    expect(placesLeftText(20, 23)).toBe("Full");
    expect(placesLeftText(3, 0)).toBe("Last 3 places");
  });
});

describe("closingText", () => {
  // Enrolment closes as 12 January 2027 begins in Lagos: 11 January, 23:00 UTC.
  const closesAt = new Date("2027-01-11T23:00:00Z");

  it("dates a closing more than a week away", () => {
    expect(closingText(closesAt, new Date("2026-12-20T12:00:00Z"))).toBe("closes 11 Jan");
  });

  it("counts the Lagos days within a week", () => {
    expect(closingText(closesAt, new Date("2027-01-04T12:00:00Z"))).toBe("closes in 7 days");
    expect(closingText(closesAt, new Date("2027-01-06T12:00:00Z"))).toBe("closes in 5 days");
    expect(closingText(closesAt, new Date("2027-01-09T12:00:00Z"))).toBe("closes in 2 days");
    expect(closingText(closesAt, new Date("2027-01-10T12:00:00Z"))).toBe("closes tomorrow");
    expect(closingText(closesAt, new Date("2027-01-11T12:00:00Z"))).toBe("closes today");
  });

  it("reads the day in Lagos, not UTC", () => {
    // 23:30 UTC on 9 January is already 10 January in Lagos: the close is tomorrow there.
    expect(closingText(closesAt, new Date("2027-01-09T23:30:00Z"))).toBe("closes tomorrow");
    // 22:59 UTC on 11 January is 23:59 in Lagos: still today, one minute left.
    expect(closingText(closesAt, new Date("2027-01-11T22:59:00Z"))).toBe("closes today");
  });

  it("says enrolment is closed from the closing instant on", () => {
    expect(closingText(closesAt, closesAt)).toBe("closed");
    expect(closingText(closesAt, new Date("2027-01-12T08:00:00Z"))).toBe("closed");
  });
});

describe("earlyBirdText", () => {
  const intake = { price: 25_000_000, earlyBirdPrice: 22_500_000, earlyBirdEndsOn: "2026-12-15" };

  it("names the price, its end date and the saving through the last Lagos day", () => {
    const text = "Early bird ₦225,000 until 15 Dec (save ₦25,000)";
    expect(earlyBirdText(intake, new Date("2026-12-01T12:00:00Z"))).toBe(text);
    // 22:59 UTC on 15 December is 23:59 in Lagos: the last minute of the offer.
    expect(earlyBirdText(intake, new Date("2026-12-15T22:59:00Z"))).toBe(text);
  });

  it("is gone once its day has ended in Lagos, and without an offer", () => {
    expect(earlyBirdText(intake, new Date("2026-12-15T23:00:00Z"))).toBeNull();
    expect(
      earlyBirdText({ ...intake, earlyBirdPrice: null, earlyBirdEndsOn: null }, new Date()),
    ).toBeNull();
  });
});

describe("nextStartText", () => {
  it("gives the catalogue's start line", () => {
    expect(nextStartText("2027-01-12")).toBe("Starts 12 Jan");
    expect(nextStartText(null)).toBe("Next intake to be announced");
  });
});
