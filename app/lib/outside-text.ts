import * as z from "zod/mini";

/**
 * The one place that decides which text from outside (form fields, URL parameters) we accept
 * (docs/decisions/0005-outside-text.md). Every schema builds its text fields from these checks.
 */

// C0 controls except tab, line feed and carriage return; DEL and the C1 controls; the bidi
// embeddings, overrides and isolates (U+202A-202E, U+2066-2069), which can make stored text
// read differently from what it is. NUL among them: PostgreSQL refuses it in text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
const LINE_BREAK_OR_TAB = /[\t\n\r]/u;
// Invisible characters that make a name look like something it is not: zero-width space,
// left-to-right and right-to-left marks, word joiner, byte-order mark. The zero-width (non-)
// joiners (U+200C, U+200D) stay allowed: some scripts need them inside names.
const INVISIBLE = /[\u200B\u200E\u200F\u2060\uFEFF]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** True when the text holds a character that no field accepts. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

const isSingleLine = (text: string) => !CONTROL.test(text) && !LINE_BREAK_OR_TAB.test(text);

export const notAllowedMessage = (label: string) =>
  `${label} contains hidden characters that are not allowed`;

/** For one-line fields: no control characters, tabs or line breaks. */
export const singleLine = (label: string) =>
  z.refine<string>(isSingleLine, { message: notAllowedMessage(label) });

/** For text areas: tabs and line breaks allowed, other control characters not. */
export const multiLine = (label: string) =>
  z.refine<string>((text) => !CONTROL.test(text), { message: notAllowedMessage(label) });

/**
 * For a person's name, on top of `singleLine`: no invisible characters, and at least two
 * letters or digits in any script (so 'Adébáyọ̀' passes, and '{}' or emoji alone do not).
 */
export const personName = (label: string) => [
  z.refine<string>((text) => !INVISIBLE.test(text), { message: notAllowedMessage(label) }),
  z.refine<string>((text) => (text.match(LETTER_OR_DIGIT)?.length ?? 0) >= 2, {
    message: `${label} must contain at least 2 letters or digits`,
  }),
];

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
