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

/** '+2348031234567' as people read it: '+234 803 123 4567'; other numbers as stored. */
export function formatPhone(international: string) {
  const match = international.match(/^\+234(\d{3})(\d{3})(\d{4})$/);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : international;
}

/**
 * The last ten digits of a phone number, so that '0803 123 4567' and '+234 803 123 4567' are the
 * same number; null when it has fewer than ten (too short to say two people are one). The SQL
 * beside each phone index computes the same (`right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)`).
 */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/[^0-9]/g, "").slice(-10);
  return digits.length === 10 ? digits : null;
}
