import * as z from "zod/mini";

/**
 * The one place that decides which text from outside (form fields, URL parameters) we accept
 * (docs/decisions/0005-outside-text.md). Every schema builds its text fields from these checks.
 */

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
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** True when the text holds a character that no field accepts (tabs and line breaks aside). */
export function hasControlCharacters(text: string): boolean {
  return (
    CONTROL.test(text) ||
    INVISIBLE.test(text) ||
    (TAG.test(text) && TAG.test(text.replace(EMOJI_FLAG, "")))
  );
}

const isSingleLine = (text: string) => !hasControlCharacters(text) && !LINE_BREAK_OR_TAB.test(text);

export const notAllowedMessage = (label: string) =>
  `${label} contains hidden characters that are not allowed`;

// A field refused for its hidden characters gets that one message: its other checks (an e-mail
// pattern, a length) would only describe the same characters again.

/** For one-line fields: no control characters, tabs or line breaks. */
export const singleLine = (label: string) =>
  z.refine<string>(isSingleLine, { message: notAllowedMessage(label), abort: true });

/** For text areas: tabs and line breaks allowed, other control characters not. */
export const multiLine = (label: string) =>
  z.refine<string>((text) => !hasControlCharacters(text), {
    message: notAllowedMessage(label),
    abort: true,
  });

/**
 * For a person's name, on top of `singleLine`: at least two letters or digits in any script
 * (so 'Adébáyọ̀' passes, and '{}' or emoji alone do not).
 */
export const personName = (label: string) => [
  z.refine<string>((text) => (text.match(LETTER_OR_DIGIT)?.length ?? 0) >= 2, {
    message: `${label} must contain at least 2 letters or digits`,
  }),
];

/**
 * A request header we store (User-Agent, Referer), under the same rule as a one-line field:
 * Node hands a header's bytes over as Latin-1, so a byte such as 0x85 arrives as a C1 control.
 * A header that breaks the rule, or is empty, is stored as nothing; a long one is cut to `max`.
 */
export function headerText(value: string | null, max: number): string | null {
  if (!value || !isSingleLine(value)) return null;
  return value.slice(0, max);
}

/**
 * A search box's value from the URL, trimmed unless `keepSpaces` (for a box that writes the URL
 * at each key, where trimming would eat the space just typed). A value we would not accept
 * (control characters, too long) means no search, never an error page: the URL is whatever a
 * stranger typed.
 */
export const searchParam = (max: number, { keepSpaces = false } = {}) =>
  z.catch(
    z.string().check(...(keepSpaces ? [] : [z.trim()]), z.maxLength(max), z.refine(isSingleLine)),
    "",
  );
