import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import { nigerianPhoneMetadata } from "./nigerian-phone-metadata";

/**
 * Phone numbers as people in Nigeria write them, in one international form (E.164):
 * '0803 123 4567', '+234 (0) 803-123-4567', '234.803.123.4567' and '803 123 4567' are all
 * '+2348031234567'. A Nigerian number must be one that can be called, by libphonenumber's
 * Nigerian metadata ('+23480312345' is a digit short of a mobile number). The public forms
 * download their schema, so only Nigeria's metadata is shipped (decision 0060); a number from
 * elsewhere is accepted when written with its '+' and country code.
 */

const NIGERIA = "234";

/** '+2348031234567', or null when the text is not a phone number we can call. */
export function toInternationalPhone(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+") && !digits.startsWith(NIGERIA))
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  // '+234 (0) 803…': the trunk zero written after the country code.
  const national = digits.startsWith(NIGERIA) ? `+${digits.replace(/^2340/, NIGERIA)}` : trimmed;
  const number = parsePhoneNumberFromString(national, "NG", nigerianPhoneMetadata);
  return number?.isValid() ? number.number : null;
}
