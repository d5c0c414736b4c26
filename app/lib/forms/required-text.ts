import * as z from "zod/mini";
import type { multiLine, singleLine } from "../text/outside-text";

/** A form field's length limit, in the academy's wording ('Title must be at most 80 characters'). */
export const atMost = (label: string, max: number) =>
  z.maxLength(max, `${label} must be at most ${max.toLocaleString("en")} characters`);

/**
 * A required text, trimmed, of at most `max` characters that `allowed` (one line, or a text
 * area's lines) accepts; `missing` is the message for a blank one.
 */
export const requiredText = (
  label: string,
  missing: string,
  max: number,
  allowed: typeof singleLine | typeof multiLine,
) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, { error: missing, abort: true }),
      allowed(label),
      atMost(label, max),
    );

/** An optional text, trimmed, of at most `max` characters that `allowed` accepts. */
export const optionalText = (
  label: string,
  max: number,
  allowed: typeof singleLine | typeof multiLine,
) => z.optional(z.string().check(z.trim(), allowed(label), atMost(label, max)));
