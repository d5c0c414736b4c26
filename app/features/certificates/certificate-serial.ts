import { CROCKFORD as ALPHABET, randomCrockford } from "~/lib/text/crockford";

/*
 * A certificate's serial: 'LTA-C-' and ten characters of Crockford's base 32 (no I, L, O or U,
 * so nothing reads as another character), 50 random bits. Random, not counted: a serial says
 * nothing about the one before or after it, so no one finds others by counting.
 */

const LENGTH = 10;
export const SERIAL_PREFIX = "LTA-C-";
const SERIAL = new RegExp(`^${SERIAL_PREFIX}[${ALPHABET}]{${LENGTH}}$`);

/** A new serial from the platform's random source. */
export function newSerial(): string {
  return SERIAL_PREFIX + randomCrockford(LENGTH);
}

/**
 * A serial as someone typed it (lower case, spaces, O for 0, I or L for 1, as Crockford reads
 * them), or null when it cannot be one. At most 40 characters are read.
 */
export function readSerial(typed: string): string | null {
  const compact = typed.slice(0, 40).toUpperCase().replace(/\s+/g, "");
  const body = compact.startsWith(SERIAL_PREFIX) ? compact.slice(SERIAL_PREFIX.length) : compact;
  const serial = SERIAL_PREFIX + body.replace(/O/g, "0").replace(/[IL]/g, "1");
  return SERIAL.test(serial) ? serial : null;
}

/** The file name a certificate downloads as. */
export const certificateFileName = (serial: string) => `${serial}.pdf`;
