import type { PDFFont } from "pdf-lib";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
/** Control characters, surrogates, private use and unassigned code points: never printed. */
const unprintable = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u;

/**
 * Text as `font` can print it on one line: composed (NFC, so 'ẹ' is the font's own letter, not
 * e and a mark), white space (line breaks included) as single spaces, and each character as a
 * reader sees it (an emoji with its modifiers, a letter with its marks) that holds a code point
 * the font lacks or a control character as one '?'. Without this, pdf-lib draws the font's
 * empty glyph for it and the PDF's text loses it.
 */
export function printableWith(font: PDFFont): (text: string) => string {
  const inFont = new Set(font.getCharacterSet());
  const printable = (character: string) =>
    !unprintable.test(character) && inFont.has(character.codePointAt(0) ?? -1);
  return (text) => {
    let result = "";
    for (const { segment } of graphemes.segment(text.normalize("NFC").replace(/\s+/g, " ").trim()))
      result += Array.from(segment).every(printable) ? segment : "?";
    return result;
  };
}
