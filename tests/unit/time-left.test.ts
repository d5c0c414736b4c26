import { describe, expect, it } from "vitest";
import { timeLeftText } from "~/features/applications/applicant/next-step";

describe("an offer's time left", () => {
  const deadline = new Date("2026-12-01T12:00:00Z");
  const nowWithLeft = (ms: number) => new Date(deadline.getTime() - ms);

  it("counts days, hours and minutes down to the last minute", () => {
    expect(timeLeftText(deadline, nowWithLeft((2 * 24 + 5) * 3_600_000))).toBe("2 days 5 h left");
    expect(timeLeftText(deadline, nowWithLeft(5 * 3_600_000 + 12 * 60_000))).toBe(
      "5 h 12 min left",
    );
    expect(timeLeftText(deadline, nowWithLeft(12 * 60_000 + 30_000))).toBe("12 min left");
  });

  it("says 'No time left' only once the deadline has passed, never while the offer is open", () => {
    expect(timeLeftText(deadline, nowWithLeft(59_999))).toBe("Under a minute left");
    expect(timeLeftText(deadline, nowWithLeft(1))).toBe("Under a minute left");
    expect(timeLeftText(deadline, deadline)).toBe("No time left");
    expect(timeLeftText(deadline, nowWithLeft(-60_000))).toBe("No time left");
  });
});
