/** Crockford's base 32: no I, L, O or U, so nothing reads as another character. */
export const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` characters of it from the platform's random source: five random bits each. */
export function randomCrockford(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 32: each byte's low five bits are uniform.
  return Array.from(bytes, (byte) => CROCKFORD[byte % 32]).join("");
}
