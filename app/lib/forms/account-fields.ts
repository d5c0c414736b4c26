import * as z from "zod/mini";
import { singleLine } from "../text/outside-text";
import { emailPattern } from "./email-address";

/**
 * The e-mail and password of a staff account, as the sign-in forms and the admin create form
 * check them. Each form passes its own message for an empty field; without one, an empty field
 * gets the field's other message.
 */

export const invalidEmail = "Invalid email address";
const passwordTooShort = "Password must be at least 6 characters";

const requiredCheck = (message: string | undefined) => (message ? [z.minLength(1, message)] : []);

/** Trimmed and lower-cased, as accounts are stored. */
export const accountEmail = ({ required }: { required?: string } = {}) =>
  z
    .string({ error: required ?? invalidEmail })
    .check(
      z.trim(),
      z.toLowerCase(),
      ...requiredCheck(required),
      singleLine("Email"),
      z.maxLength(254, invalidEmail),
      z.regex(emailPattern, invalidEmail),
    );

export const accountPassword = ({ required }: { required?: string } = {}) =>
  z
    .string({ error: required ?? passwordTooShort })
    .check(
      ...requiredCheck(required),
      singleLine("Password"),
      z.minLength(6, passwordTooShort),
      z.maxLength(128, "Password must be at most 128 characters"),
    );
