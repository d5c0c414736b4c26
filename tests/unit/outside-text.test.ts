import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { hasControlCharacters } from "~/lib/text/hidden-characters";
import {
  multiLine,
  notAllowedMessage,
  personName,
  searchParam,
  singleLine,
} from "~/lib/text/outside-text";

const oneLine = z.string().check(singleLine("Title"));
const textArea = z.string().check(multiLine("Message"));
const name = z.string().check(z.trim(), singleLine("Full name"), ...personName("Full name"));
const search = searchParam(100);

const messagesOf = (schema: z.ZodMiniType, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** Every character no field accepts, one by one. */
const forbidden = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![9, 10, 13].includes(code)),
  ...Array.from({ length: 0xa0 - 0x7f }, (_, index) => 0x7f + index),
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  // Direction marks, line and paragraph separators, interlinear annotations, noncharacters.
  0x061c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0xfff9,
  0xfffb,
  0xfdd0,
  0xfffe,
  0xffff,
  0x1ffff,
  // Invisible characters: soft hyphen, Hangul fillers, zero-width space, word joiner, BOM.
  0x00ad,
  0x115f,
  0x3164,
  0xffa0,
  0x200b,
  0x2060,
  0xfeff,
  // Tag characters outside an emoji flag.
  0xe0001,
  0xe0041,
  0xe007f,
].map((code) => String.fromCodePoint(code));

// Inside the text: at either end, the whitespace among them (tab, form feed...) is trimmed away.
const forbiddenChar = fc.constantFrom(...forbidden);
const withForbidden = fc
  .tuple(fc.string({ unit: "grapheme" }), forbiddenChar, fc.string({ unit: "grapheme" }))
  .map(([before, bad, after]) => `Ad${before}${bad}${after}a`);

describe("outside text", () => {
  it("refuses NUL, the other control characters and bidi overrides in every kind of field", () => {
    for (const bad of forbidden) {
      const text = `Ada${bad}eze`;
      expect(hasControlCharacters(text)).toBe(true);
      expect(messagesOf(oneLine, text)).toEqual([notAllowedMessage("Title")]);
      expect(messagesOf(textArea, text)).toEqual([notAllowedMessage("Message")]);
      expect(messagesOf(name, text)).toContain(notAllowedMessage("Full name"));
      expect(search.parse(text)).toBe("");
    }
  });

  it("keeps what real writing needs: joiners, emoji with skin tones, flags with tags", () => {
    const kept = [
      "Ṣadé Adébáyọ̀",
      "Family 👨‍👩‍👧 and ❤️",
      "Thumbs 👍🏾",
      "England 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} and Nigeria 🇳🇬",
      "می\u200cخواهم",
    ];
    for (const text of kept) {
      expect(hasControlCharacters(text)).toBe(false);
      expect(messagesOf(oneLine, text)).toEqual([]);
      expect(messagesOf(textArea, text)).toEqual([]);
    }
  });

  it("keeps tabs and line breaks to text areas", () => {
    expect(messagesOf(textArea, "Line one\r\nLine two\tend")).toEqual([]);
    for (const text of ["Line one\nLine two", "a\tb", "a\rb"]) {
      expect(messagesOf(oneLine, text)).toEqual([notAllowedMessage("Title")]);
      expect(search.parse(text)).toBe("");
    }
  });

  it("any string with a control character is refused, any accepted one holds none", () => {
    fc.assert(
      fc.property(withForbidden, (text) => {
        expect(oneLine.safeParse(text).success).toBe(false);
        expect(textArea.safeParse(text).success).toBe(false);
        expect(name.safeParse(text).success).toBe(false);
        expect(search.parse(text)).toBe("");
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        for (const schema of [oneLine, textArea, name]) {
          const result = schema.safeParse(text);
          if (result.success) expect(hasControlCharacters(result.data)).toBe(false);
        }
        expect(hasControlCharacters(search.parse(text))).toBe(false);
      }),
    );
  }, 30_000);

  it("accepts Yoruba and Igbo names with their tone marks", () => {
    for (const text of [
      "Adébáyọ̀",
      "Ọkafọ́r",
      "Ngozi Eze",
      "Chidera O'Neil-Ọnụọha",
      "Li",
      "Ọ̀ṣun 2",
    ]) {
      expect(messagesOf(name, text)).toEqual([]);
    }
  });

  it("refuses names without two letters or digits, and invisible characters in names", () => {
    const tooFew = "Full name must contain at least 2 letters or digits";
    // Hidden characters are the one thing said of a field that holds them.
    expect(messagesOf(name, "\u200B\u200B\u200B")).toEqual([notAllowedMessage("Full name")]);
    expect(messagesOf(name, "😀😀")).toEqual([tooFew]);
    expect(messagesOf(name, "{}")).toEqual([tooFew]);
    expect(messagesOf(name, "A.")).toEqual([tooFew]);
    expect(messagesOf(name, "Ada\u200Beze")).toEqual([notAllowedMessage("Full name")]);
    expect(messagesOf(name, "Ad\uFEFFa")).toEqual([notAllowedMessage("Full name")]);
  });

  it("reads a search parameter trimmed, and a too long one as no search", () => {
    expect(search.parse("  ada  ")).toBe("ada");
    expect(search.parse("a".repeat(101))).toBe("");
    expect(search.parse(undefined)).toBe("");
  });
});
