import { describe, expect, it } from "vitest";
import { formatPhone, toInternationalPhone } from "~/lib/text/phone-number";

describe("toInternationalPhone", () => {
  it.each([
    ["0803 123 4567", "+2348031234567"],
    ["08031234567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["+234 (0) 803-123-4567", "+2348031234567"],
    ["234.803.123.4567", "+2348031234567"],
    ["803 123 4567", "+2348031234567"],
    ["0907 000 1111", "+2349070001111"],
    ["01 234 5678", "+23412345678"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %s as %s", (text, expected) => {
    expect(toInternationalPhone(text)).toBe(expected);
  });

  it.each([
    "",
    "hello",
    "0803",
    "123",
    "+0 803 123 4567",
    "0803 123 4567 ext 2",
    "080312345678901",
    "+2348031",
    "1234567890",
  ])("refuses %j", (text) => {
    expect(toInternationalPhone(text)).toBeNull();
  });
});

describe("formatPhone", () => {
  it("groups a Nigerian number and leaves others as stored", () => {
    expect(formatPhone("+2348031234567")).toBe("+234 803 123 4567");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
  });
});
