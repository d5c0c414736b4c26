import { describe, expect, it } from "vitest";
import { parseReference } from "~/features/messages/reference";
import { formatReplyTime, replyClock } from "~/features/reply-clock/reply-clock";

const HOUR = 60 * 60 * 1000;
const received = new Date("2026-11-20T10:00:00Z");
const after = (hours: number, minutes = 0) =>
  new Date(received.getTime() + hours * HOUR + minutes * 60_000);
const clockAt = (hours: number, minutes = 0, status = "unread") =>
  replyClock({ waitingSince: received, status }, after(hours, minutes));

describe("replyClock", () => {
  it("counts the hours waited and left while on time", () => {
    expect(clockAt(0, 10)).toMatchObject({
      state: "on-time",
      waitedHours: 0,
      leftHours: 23,
      label: "waiting under 1 h · 23 h left",
    });
    expect(clockAt(5, 30)).toMatchObject({
      state: "on-time",
      label: "waiting 5 h · 18 h left",
      shortLabel: "18 h left",
    });
  });

  it("turns due soon only once under 4 hours are left (after the 20-hour mark)", () => {
    expect(clockAt(19, 59)).toMatchObject({ state: "on-time", leftHours: 4 });
    expect(clockAt(20)).toMatchObject({ state: "on-time", leftHours: 4 });
    expect(clockAt(20, 1)).toMatchObject({
      state: "due-soon",
      waitedHours: 20,
      leftHours: 3,
      label: "waiting 20 h · 3 h left",
    });
    expect(clockAt(23, 59)).toMatchObject({
      state: "due-soon",
      leftHours: 0,
      label: "waiting 23 h · under 1 h left",
      shortLabel: "under 1 h left",
    });
  });

  it("says fewer than 4 h left whenever it says due soon (rounded down, like the hours waited)", () => {
    expect(clockAt(20, 20)).toMatchObject({ state: "due-soon", shortLabel: "3 h left" });
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const clock = clockAt(0, minute);
      if (clock?.state === "due-soon") expect(clock.leftHours).toBeLessThan(4);
      else expect(clock?.leftHours).toBeGreaterThanOrEqual(4);
    }
  });

  it("is overdue from the 24-hour mark, by whole hours", () => {
    expect(clockAt(24)).toMatchObject({
      state: "overdue",
      overdueHours: 0,
      label: "overdue by under 1 h",
    });
    expect(clockAt(27, 40)).toMatchObject({
      state: "overdue",
      waitedHours: 27,
      overdueHours: 3,
      leftHours: 0,
      label: "overdue by 3 h",
      shortLabel: "overdue by 3 h",
    });
  });

  it("counts elapsed time, not calendar days: a message at 23:30 Lagos time crosses midnight", () => {
    // 22:30 UTC is 23:30 in Lagos; an hour later it is the next day in Lagos.
    const lateEvening = new Date("2026-11-20T22:30:00Z");
    const clock = replyClock(
      { waitingSince: lateEvening, status: "read" },
      new Date("2026-11-21T19:00:00Z"),
    );
    expect(clock).toMatchObject({ state: "due-soon", waitedHours: 20, leftHours: 3 });
    expect(
      replyClock({ waitingSince: lateEvening, status: "read" }, new Date("2026-11-21T22:30:00Z")),
    ).toMatchObject({ state: "overdue" });
  });

  it("stops once the message is replied to or archived", () => {
    expect(clockAt(30, 0, "replied")).toBeNull();
    expect(clockAt(30, 0, "archived")).toBeNull();
    expect(clockAt(30, 0, "read")).toMatchObject({ state: "overdue" });
  });

  it("reads dates sent as text (loader data) and a clock slightly ahead of the server", () => {
    expect(
      replyClock({ waitingSince: received.toISOString(), status: "unread" }, after(-0.01)),
    ).toMatchObject({
      state: "on-time",
      waitedHours: 0,
      leftHours: 24,
      label: "waiting under 1 h · 24 h left",
    });
  });
});

describe("formatReplyTime", () => {
  it.each([
    [0, "0 min"],
    [45, "45 min"],
    [60, "1 h"],
    [200, "3 h 20 min"],
    [47 * 60 + 59, "47 h 59 min"],
    [48 * 60, "2 days"],
    [52 * 60 + 10, "2 days 4 h"],
  ])("%i minutes reads '%s'", (minutes, text) => {
    expect(formatReplyTime(minutes)).toBe(text);
  });
});

describe("parseReference", () => {
  it.each([
    ["LTA-0001234", 1234],
    ["lta-1234", 1234],
    ["LTA 0000001", 1],
    [" 1234 ", 1234],
    ["LTA-2147483647", 2147483647],
  ])("reads %j as %i", (text, reference) => {
    expect(parseReference(text)).toBe(reference);
  });

  it.each(["LTA-", "LTA-0", "LTA-2147483648", "LTA-12a", "0803 123 4567", "Ngozi", ""])(
    "reads %j as no reference",
    (text) => {
      expect(parseReference(text)).toBeNull();
    },
  );
});
