import { regexes } from "zod/mini";

/**
 * An e-mail address as every form accepts it: zod's own e-mail pattern, the one Better Auth
 * checks every address with (`z.email()`), so no address a form accepts is refused by it.
 */
export const emailPattern = regexes.email;
