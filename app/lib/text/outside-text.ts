import * as z from "zod/mini";
import { hasControlCharacters, isSingleLine } from "./hidden-characters";

/**
 * The one place that decides which text from outside (form fields, URL parameters) we accept
 * (docs/decisions/0005-outside-text.md). Every schema builds its text fields from these checks;
 * the characters themselves are in hidden-characters.ts.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

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
