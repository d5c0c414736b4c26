import * as z from "zod/mini";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else from a form or URL names no record. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/** The same rule for zod schemas (form fields, URL parameters), failing with `error` if given. */
export const uuidSchema = (error?: string) =>
  z.string({ error }).check(z.regex(uuidPattern, { error }));
