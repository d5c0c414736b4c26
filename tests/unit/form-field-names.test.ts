import { describe, expect, it } from "vitest";
import { isAcceptedFieldName } from "~/lib/forms/form-field-names";

describe("isAcceptedFieldName", () => {
  it.each([
    "name",
    "course-faq",
    "__intent__",
    "learningOutcomes[0]",
    "modules[29].title",
    "faqs[3].question",
  ])("accepts our forms' name %s", (name) => {
    expect(isAcceptedFieldName(name, 30)).toBe(true);
  });

  it.each([
    ["an index at the field limit", "x[30]"],
    ["a huge index", "x[99999999]"],
    ["four segments", "a.b.c.d"],
    ["deep indexes", "a[0][0][0]"],
    ["10,000 segments", `a${".b".repeat(10_000)}`],
    ["a name over 100 characters", "a".repeat(101)],
    ["an empty name", ""],
    ["an empty index", "x[]"],
    ["a negative index", "x[-1]"],
    ["a space", "first name"],
    ["a NUL", "name\u0000"],
    ["a prototype path", "__proto__.polluted"],
  ])("refuses %s", (_, name) => {
    expect(isAcceptedFieldName(name, 30)).toBe(false);
  });
});
