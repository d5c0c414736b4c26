import * as z from "zod/mini";
import { emailPattern } from "~/lib/forms/email-address";
import { searchParam } from "~/lib/text/outside-text";
import { phoneDigits } from "~/lib/text/phone-format";

/**
 * Who a personal-data request is about: an e-mail address, a phone number, or both. Records
 * match as the inbox matches a sender: the address in any case, or the phone's last ten digits.
 */
export const personKeySchema = z.object({
  email: searchParam(254),
  phone: searchParam(40),
});

export type PersonKey = z.output<typeof personKeySchema>;

export const personalDataMessages = {
  nothingAsked: "Enter an e-mail address or a phone number.",
  badEmail: "Please enter a valid email address",
  badPhone: "A phone number needs at least ten digits.",
  erased: "Personal data erased: the records stay, counted, with nobody's details in them.",
  confirmRequired: "Type the e-mail address or phone number again to confirm.",
} as const;

/** Why a key cannot be looked up; null when it can. */
export function personKeyProblem(key: PersonKey): string | null {
  if (!key.email && !key.phone) return personalDataMessages.nothingAsked;
  if (key.email && !emailPattern.test(key.email)) return personalDataMessages.badEmail;
  if (key.phone && !phoneDigits(key.phone)) return personalDataMessages.badPhone;
  return null;
}
