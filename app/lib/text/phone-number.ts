/**
 * Phone numbers as people in Nigeria write them, in one international form (E.164):
 * '0803 123 4567', '+234 (0) 803-123-4567', '234.803.123.4567' and '803 123 4567' are all
 * '+2348031234567'. A number from elsewhere is accepted when written with its '+' and country
 * code. A rule of our own rather than libphonenumber: the public forms download their schema,
 * and its metadata would multiply what a visitor on mobile data pays for one form.
 */

const NIGERIA = "234";
/** A Nigerian number after its trunk '0': mobile (70x, 80x, 81x, 90x, 91x) or a landline. */
const nationalNumber = /^[1-9]\d{7,9}$/;
const mobileNumber = /^[789][01]\d{8}$/;

/** '+2348031234567', or null when the text is not a phone number we can call. */
export function toInternationalPhone(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return null;
  const plus = trimmed.startsWith("+");
  let digits = trimmed.replace(/\D/g, "");
  if (plus || digits.startsWith(NIGERIA)) {
    if (digits.startsWith(NIGERIA)) {
      // '+234 (0) 803…': the trunk zero written after the country code.
      digits = digits.slice(NIGERIA.length).replace(/^0/, "");
      return nationalNumber.test(digits) ? `+${NIGERIA}${digits}` : null;
    }
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (digits.startsWith("0")) digits = digits.slice(1);
  else if (!mobileNumber.test(digits)) return null;
  return nationalNumber.test(digits) ? `+${NIGERIA}${digits}` : null;
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
