import { describe, expect, it } from "vitest";
import { isOfficeOpen } from "~/lib/site/office-hours";
import { siteConfig } from "~/lib/site/site-config";

describe("the office hours", () => {
  it("are shown as the contact page lists them, derived from the schedule", () => {
    expect(siteConfig.officeHours).toEqual([
      { days: "Monday - Friday", hours: "9:00 - 18:00" },
      { days: "Saturday", hours: "10:00 - 16:00" },
      { days: "Sunday", hours: "Closed" },
    ]);
  });

  // Lagos is UTC+1 all year: 09:00Z is 10:00 in Lagos.
  it.each([
    ["Tuesday 10:00", "2026-03-03T09:00:00Z", true],
    ["Monday 9:00, opening", "2026-03-02T08:00:00Z", true],
    ["Friday 17:59", "2026-03-06T16:59:00Z", true],
    ["Friday 18:00, closing", "2026-03-06T17:00:00Z", false],
    ["Wednesday 20:00", "2026-03-04T19:00:00Z", false],
    ["Thursday 7:30", "2026-03-05T06:30:00Z", false],
    ["Saturday 0:30 (Friday 23:30 UTC)", "2026-03-06T23:30:00Z", false],
    ["Saturday 10:00", "2026-03-07T09:00:00Z", true],
    ["Saturday 16:00, closing", "2026-03-07T15:00:00Z", false],
    ["Sunday 12:00", "2026-03-08T11:00:00Z", false],
    ["Monday 0:30 (Sunday 23:30 UTC)", "2026-03-08T23:30:00Z", false],
  ])("%s in Lagos: open is %s", (_, instant, open) => {
    expect(isOfficeOpen(new Date(instant))).toBe(open);
  });
});
