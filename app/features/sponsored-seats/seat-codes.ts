import { CROCKFORD, randomCrockford } from "~/lib/text/crockford";

/*
 * A seat's code: 'SEAT-7K2M9-QX4TB', 50 random bits, so seats cannot be found by counting or
 * guessing (the apply form is under the public forms' rate limit besides). The prefix tells the
 * apply form's one code field a seat from a discount code.
 */

const PREFIX = "SEAT-";
const SEAT_CODE = new RegExp(`^${PREFIX}[${CROCKFORD}]{5}-[${CROCKFORD}]{5}$`);

export const newSeatCode = () => `${PREFIX}${randomCrockford(5)}-${randomCrockford(5)}`;

/** Whether what an applicant typed in the code field is meant as a seat code. */
export const isSeatCode = (typed: string) => typed.trim().toUpperCase().startsWith(PREFIX);

/** A seat code as typed (any case; O for 0, I or L for 1), or null when it cannot be one. */
export function readSeatCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  const body = code.slice(PREFIX.length).replace(/O/g, "0").replace(/[IL]/g, "1");
  const read = PREFIX + body;
  return SEAT_CODE.test(read) ? read : null;
}
