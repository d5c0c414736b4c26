// Which characters no field of ours accepts, as plain tests without a validation library: the
// schemas of outside-text.ts build on them, and so does the catalogue's URL in the browser.

// C0 controls except tab, line feed and carriage return; DEL and the C1 controls; the direction
// marks (U+061C, U+200E, U+200F) and the bidi embeddings, overrides and isolates (U+202A-202E,
// U+2066-2069), which can make stored text read differently from what it is; the line and
// paragraph separators (U+2028, U+2029), which break a line where no one sees one; interlinear
// annotations; and noncharacters (U+FFFF and kin), which no text holds. NUL among them:
// PostgreSQL refuses it in text.
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFF9-\uFFFB]|\p{Noncharacter_Code_Point}/u;
// Characters Unicode says to draw as nothing (soft hyphen, zero-width space, word joiner, the
// Hangul fillers, byte-order mark...), which make a name or a subject look like something it is
// not. Writing needs a few of them, which stay allowed: the zero-width (non-)joiners inside
// emoji and some scripts' words, the variation selectors after emoji, and the tag characters
// of a flag such as England's (checked on their own below).
const INVISIBLE =
  /(?!\u200C|\u200D|[\uFE00-\uFE0F\u{E0000}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/u;
const TAG = /[\u{E0000}-\u{E007F}]/u;
const EMOJI_FLAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const LINE_BREAK_OR_TAB = /[\t\n\r]/u;

/** True when the text holds a character that no field accepts (tabs and line breaks aside). */
export function hasControlCharacters(text: string): boolean {
  return (
    CONTROL.test(text) ||
    INVISIBLE.test(text) ||
    (TAG.test(text) && TAG.test(text.replace(EMOJI_FLAG, "")))
  );
}

/** One line: no control characters, tabs or line breaks. */
export const isSingleLine = (text: string) =>
  !hasControlCharacters(text) && !LINE_BREAK_OR_TAB.test(text);
