import * as z from "zod/mini";
import { personName, singleLine } from "../text/outside-text";
import { emailPattern } from "./email-address";
import { requiredText } from "./required-text";

/**
 * The name and address a visitor types into a public form (a message, an application), checked
 * alike on every form; the staff's account fields are `account-fields.ts`.
 */

export const visitorFullName = (max: number) =>
  requiredText("Full name", "Full name is required", max, singleLine).check(
    z.minLength(2, { error: "Full name must be at least 2 characters", abort: true }),
    ...personName("Full name"),
  );

export const visitorEmail = (max: number) =>
  requiredText("Email address", "Email address is required", max, singleLine).check(
    z.regex(emailPattern, "Please enter a valid email address"),
  );
