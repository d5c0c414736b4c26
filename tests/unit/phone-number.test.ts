import { describe, expect, it } from "vitest";
import { nigerianPhoneMetadata as shipped } from "~/lib/text/nigerian-phone-metadata";
import { formatPhone } from "~/lib/text/phone-format";
import { toInternationalPhone } from "~/lib/text/phone-number";
import { nigerianPhoneMetadata } from "../../scripts/nigerian-phone-metadata";

describe("toInternationalPhone", () => {
  it.each([
    ["0803 123 4567", "+2348031234567"],
    ["08031234567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["+234 (0) 803-123-4567", "+2348031234567"],
    ["234.803.123.4567", "+2348031234567"],
    ["803 123 4567", "+2348031234567"],
    ["0907 000 1111", "+2349070001111"],
    ["0201 234 5678", "+2342012345678"],
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
    // A digit short of a mobile number, and a digit or more too long.
    "+23480312345",
    "0803 123 456",
    "+234 803 123 45678",
    "+23470312345678",
  ])("refuses %j", (text) => {
    expect(toInternationalPhone(text)).toBeNull();
  });

  it("ships Nigeria's metadata as the installed libphonenumber-js has it", () => {
    expect(shipped).toEqual(nigerianPhoneMetadata());
  });
});

describe("formatPhone", () => {
  it("groups a Nigerian number and leaves others as stored", () => {
    expect(formatPhone("+2348031234567")).toBe("+234 803 123 4567");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
  });
});
